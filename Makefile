# pencilbox: `make run` builds and serves the library, `make test` runs
# every test. Benchmarks need ../shared (the team's data folder).

GO        ?= go
BIN       := bin/pencilbox
DB        ?= pencilbox.db
ADDR      ?= 127.0.0.1:8080
BENCHTIME ?= 2s
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: all build run test test-deps bench lint generate fuzz clean

# Debian packages the tests use: chromium (browser tests) and poppler-utils
# (pdftotext/pdftoppm for the PDF booklet checks). Installed when missing.
TEST_PACKAGES := chromium poppler-utils
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

all: build

build:
	$(GO) build -o $(BIN) ./cmd/pencilbox

# Until the web admin lands, `make run` creates the library from the bundled
# sample on first start and rates a few puzzles with their step counts.
run: build
	@test -f $(DB) || ./$(BIN) import --db $(DB) data/sample/*.txt
	./$(BIN) rate --stats engine/sudoku/testdata/sample.txt

test: test-deps
	$(GO) vet ./...
	$(GO) test -count=1 ./...

test-deps:
	@command -v chromium >/dev/null && command -v pdftotext >/dev/null || { \
	  echo "installing $(TEST_PACKAGES) (Debian packages the tests need)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(TEST_PACKAGES) >/dev/null; }

bench:
	$(GO) test -run '^$$' -bench . -benchtime $(BENCHTIME) ./engine/...

lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

generate:
	@echo "nothing to generate yet"

clean:
	rm -rf bin
