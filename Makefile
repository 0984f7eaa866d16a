# pencilbox: `make run` builds and serves the library, `make test` runs
# every test. Benchmarks need ../shared (the team's data folder).

GO        ?= go
BIN       := bin/pencilbox
DB        ?= pencilbox.db
ADDR      ?= 127.0.0.1:8080
BENCHTIME ?= 2s
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
TEMPL       := github.com/a-h/templ/cmd/templ@v0.3.977

.PHONY: all build run test test-deps generate-check bench lint generate fuzz clean soak screenshots

# Debian packages the tests use: chromium (browser tests) and poppler-utils
# (pdftotext/pdftoppm for the PDF booklet checks). Installed when missing.
TEST_PACKAGES := chromium poppler-utils
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

all: build

build:
	$(GO) build -o $(BIN) ./cmd/pencilbox

# `make run` serves the admin site; on first start it creates $(DB) with
# the bundled sample library and prints the admin's password once (or takes
# PENCILBOX_ADMIN_PASSWORD).
run: build
	./$(BIN) serve --db $(DB) --addr $(ADDR)

test: test-deps generate-check
	$(GO) vet ./...
	$(GO) test -count=1 ./...

# The long runs: ten rounds of kill -9 during set changes, an import, a
# generator run and the ER fill of check --fix (make test runs one; the
# -run pattern matches TestKillLeavesConsistent and
# TestKillLeavesConsistentERFill), each followed by check; then the load
# run of docs/RELIABILITY.md (docs/bench/load.sh: wrk on the list and
# puzzle pages of a 10^6 library while 10^5 puzzles are imported and the
# library exported), which needs wrk and $(SHARED) and builds its
# libraries in $(SOAKDIR) the first time (10-20 minutes).
SHARED  ?= ../shared
SOAKDIR ?= /tmp/pencilbox-soak
SOAKSECS ?= 30
soak: build
	PENCILBOX_SOAK=1 $(GO) test -count=1 -timeout 30m -run 'TestKillLeavesConsistent' ./cmd/pencilbox/
	@if [ ! -f $(SHARED)/data/sudoku/17_clue.txt ]; then echo "soak: no $(SHARED)/data: the load run is skipped"; \
	elif ! command -v wrk >/dev/null; then echo "soak: wrk is not installed (apt-get install wrk): the load run is skipped"; \
	else mkdir -p $(SOAKDIR) && \
	  if [ ! -f $(SOAKDIR)/lib1m.db ]; then \
	    $(GO) run ./kinds/sudoku/synth/cmd/synth -n 1100000 -o $(SOAKDIR)/all.sdm $(SHARED)/data/sudoku/17_clue.txt && \
	    head -n 1000000 $(SOAKDIR)/all.sdm > $(SOAKDIR)/synth_1m.sdm && tail -n 100000 $(SOAKDIR)/all.sdm > $(SOAKDIR)/synth_100k.sdm && \
	    ./$(BIN) import --db $(SOAKDIR)/lib1m.db $(SOAKDIR)/synth_1m.sdm; fi && \
	  PENCILBOX=./$(BIN) LOADDIR=$(SOAKDIR)/run sh docs/bench/load.sh $(SOAKDIR)/lib1m.db $(SOAKDIR)/synth_100k.sdm $(SOAKSECS); fi

# A screenshot of every admin page at 390 and 1280 px (the light scheme;
# the dashboard, the list and the boards also dark) into docs/screenshots, for
# the README: TestBrowserPages with PENCILBOX_SCREENSHOTS set (plain make
# test runs the same checks without writing them).
screenshots: test-deps
	mkdir -p docs/screenshots
	PENCILBOX_SCREENSHOTS=$(CURDIR)/docs/screenshots $(GO) test -count=1 -run '^TestBrowserPages$$' ./web/

test-deps:
	@command -v chromium >/dev/null && command -v pdftotext >/dev/null || { \
	  echo "installing $(TEST_PACKAGES) (Debian packages the tests need)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(TEST_PACKAGES) >/dev/null; }

bench:
	$(GO) test -run '^$$' -bench . -benchtime $(BENCHTIME) ./engine/... ./kinds/...

lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# templ components: the generated *_templ.go files are committed so that
# `go build` needs no templ CLI; generate-check fails when they are stale.
generate:
	$(GO) run $(TEMPL) generate -path templates

generate-check:
	@tmp=$$(mktemp -d) && cp -r templates go.mod $$tmp/ && \
	  (cd $$tmp && $(GO) run $(TEMPL) generate -path templates >/dev/null 2>&1) && \
	  diff -r templates $$tmp/templates >/dev/null || { rm -rf $$tmp; echo "templates/*_templ.go are stale: run make generate"; exit 1; }; \
	  rm -rf $$tmp

# Each fuzz target in turn for FUZZTIME (plain `go test` runs their seed
# corpora in testdata/fuzz, and so does CI).
FUZZTIME ?= 30s
# Each new interesting input is shrunk for up to a minute by default, which
# can leave a 30 s run with a few thousand executions: bound it.
FUZZMINIMIZE ?= 200x
FUZZ_TARGETS := FuzzFormats:./importers FuzzOpen:./importers \
	FuzzParseSolve:./kinds/sudoku FuzzURL:./kinds/sudoku FuzzRate:./kinds/sudoku \
	FuzzParse:./kinds/akari FuzzSolveRate:./kinds/akari FuzzBookletText:./export \
	FuzzParse:./kinds/killer FuzzRate:./kinds/killer FuzzFormats:./kinds/killer/formats \
	FuzzParse:./kinds/slitherlink FuzzSolve:./kinds/slitherlink FuzzFormats:./kinds/slitherlink/formats \
	FuzzParse:./kinds/nonogram FuzzSolve:./kinds/nonogram FuzzRate:./kinds/nonogram FuzzFormats:./kinds/nonogram/formats
# Go 1.26's fuzz coordinator can fail a run with a bare "context deadline
# exceeded" at the -fuzztime boundary (golang/go#75804, fixed in Go 1.27):
# a failure counts only when it wrote a reproducer to testdata/fuzz.
fuzz:
	@for t in $(FUZZ_TARGETS); do name=$${t%%:*}; pkg=$${t#*:}; dir=$$pkg/testdata/fuzz/$$name; \
	  echo "== $$name ($$pkg, $(FUZZTIME))"; \
	  before=$$(ls $$dir 2>/dev/null | wc -l); \
	  if ! $(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) -parallel 1 $$pkg; then \
	    if [ "$$(ls $$dir 2>/dev/null | wc -l)" != "$$before" ]; then echo "$$name: a failing input is in $$dir"; exit 1; fi; \
	    echo "$$name: stopped without a failing input (golang/go#75804), not a failure"; fi; done

clean:
	rm -rf bin
