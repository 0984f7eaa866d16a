package bundle_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/bundle"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/export"
	akarikind "pencilbox/kinds/akari/kind"
	sudokukind "pencilbox/kinds/sudoku/kind"
	"pencilbox/library"
	"pencilbox/web"
)

// toyInput is a file of Latin squares: one with a cell left (rank 1), one
// that needs a single (rank 2), the same one with its digits renamed (a
// duplicate), one with many solutions, and two bad lines.
const toyInput = `latin:123421433412432.
latin:.2.421..3.1.....
latin:.1.312..4.2.....
latin:1...............
latin:11..............
latin:12x.............
`

// TestToyKind registers a kind defined only in this test, next to the
// real ones, and runs it through the shared code: import (format
// detection, rating, duplicates, bad lines named by line), the database,
// the dashboard, the list and puzzle pages with the step viewer, every
// text export that claims it (its own notation, json and csv read back),
// and a PDF booklet.
func TestToyKind(t *testing.T) {
	reg := bundle.Registry{sudokukind.Bundle{}, akarikind.Bundle{}, latinBundle{}}
	ctx := context.Background()
	d, err := db.Open(filepath.Join(t.TempDir(), "toy.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })

	// import, the format detected
	var rejected bytes.Buffer
	job, err := library.Import(ctx, d, reg.Formats(), []library.Input{{Name: "squares.txt", R: strings.NewReader(toyInput)}},
		library.Options{Jobs: 2, Errors: &rejected, Second: reg.SecondRaters()})
	if err != nil {
		t.Fatal(err)
	}
	if job.Read != 6 || job.Imported != 2 || job.Duplicates != 1 || job.Invalid != 1 || job.Rejected != 2 {
		t.Errorf("job read %d, imported %d, duplicates %d, invalid %d, rejected %d; want 6, 2, 1, 1, 2",
			job.Read, job.Imported, job.Duplicates, job.Invalid, job.Rejected)
	}
	for _, want := range []string{"squares.txt:5: cell r1c1: 1 repeats in its row or column", "squares.txt:6: cell r1c3: 'x' is not 1-4"} {
		if !strings.Contains(rejected.String(), want) {
			t.Errorf("rejected records:\n%s\nlack %q", rejected.String(), want)
		}
	}

	// the database
	pg, err := d.Puzzles(ctx, pencilbox.Filter{Kind: "latin", Sort: pencilbox.SortID, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	byRank := map[int]pencilbox.Puzzle{}
	for _, p := range pg.Rows {
		got = append(got, fmt.Sprintf("%s %s rank %d", p.Givens, p.Status, p.Rank))
		byRank[p.Rank] = p
	}
	want := []string{"123421433412432. unique rank 1", ".2.421..3.1..... unique rank 2", "1............... multiple rank 0"}
	if !slices.Equal(got, want) {
		t.Errorf("stored latin squares:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p := byRank[1]; p.Solution != "1234214334124321" {
		t.Errorf("rank-1 square's solution %q, want 1234214334124321", p.Solution)
	}
	// its second rating and verdict (toykind_caps_test.go), stored in the
	// slots its declaration names: effort, guesses, the last step;
	// guess-free
	if p := byRank[1]; p.Scales != [engine.ScaleSlots]float64{1, 0, 0} || p.ScaleNote != "last" || !p.ScaleRated || p.Verdict != engine.Yes {
		t.Errorf("rank-1 square: scales %v note %q rated %t verdict %v; want effort 1, no guess, last step last, guess-free yes",
			p.Scales, p.ScaleNote, p.ScaleRated, p.Verdict)
	}
	if p := byRank[2]; p.Scales != [engine.ScaleSlots]float64{13, 0, 0} || p.Verdict != engine.Yes {
		t.Errorf("rank-2 square: scales %v verdict %v; want effort 13 (7 lasts, 3 singles), guess-free yes", p.Scales, p.Verdict)
	}

	// the web pages
	c := serve(t, d, reg)
	dash := c.get("/")
	for _, want := range []string{"Latin 4x4", `id="latinsingle">1<`, `href="/puzzles?kind=latin&amp;rank=2"`} {
		if !strings.Contains(dash, want) {
			t.Errorf("dashboard lacks %q", want)
		}
	}
	list := c.get("/puzzles?kind=latin")
	if n := strings.Count(list, `<svg class="thumb" width="76" height="76" viewBox="0 0 76 76" role="img" aria-label="Latin square"`); n != 3 {
		t.Errorf("the list of latin squares shows %d thumbnails, want 3", n)
	}
	two := byRank[2]
	page := c.get(fmt.Sprintf("/puzzles/%d", two.ID))
	for _, want := range []string{`aria-label="Latin square"`, "Last in its line", "Single", "single: "} {
		if !strings.Contains(page, want) {
			t.Errorf("puzzle page lacks %q", want)
		}
	}
	if strings.Contains(page, "Enclosure+Negation") {
		t.Error("the latin square's page shows Sudoku's verdict")
	}
	for _, want := range []string{"EF / Gs", "13.0 / 0", "Last step", "Guess-free"} {
		if !strings.Contains(page, want) {
			t.Errorf("puzzle page lacks its declared %q", want)
		}
	}
	scalesAndVerdict(t, c, two.ID)
	// the step viewer after the last step shows the solution
	steps := strings.Count(two.Givens, ".")
	last := c.get(fmt.Sprintf("/puzzles/%d?step=%d", two.ID, steps+1))
	var digits []string
	// the page's last board is the step viewer's (the puzzle's comes first)
	if boards := regexp.MustCompile(`<svg class="board fit"[^>]*aria-label="Latin square">(.*?)</svg>`).FindAllStringSubmatch(last, -1); len(boards) > 0 {
		for _, d := range regexp.MustCompile(`>([1-4])</text>`).FindAllStringSubmatch(boards[len(boards)-1][1], -1) {
			digits = append(digits, d[1])
		}
	}
	if strings.Join(digits, "") != two.Solution {
		t.Errorf("step viewer after the last step shows %q, want the solution %q", strings.Join(digits, ""), two.Solution)
	}
	var api struct {
		Kind  string `json:"kind"`
		Steps []struct {
			Technique string `json:"technique"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(c.get(fmt.Sprintf("/api/puzzles/%d", two.ID))), &api); err != nil {
		t.Fatal(err)
	}
	if api.Kind != "latin" || len(api.Steps) != steps {
		t.Errorf("API: kind %q with %d steps, want latin with %d", api.Kind, len(api.Steps), steps)
	}

	// every text format that claims the kind, and a booklet
	exports := reg.Exports()
	var names []string
	for _, f := range exports.ForKind("latin") {
		names = append(names, f.Name)
	}
	if want := []string{"pdf", "line", "grid", "csv", "json", "latin"}; !slices.Equal(names, want) {
		t.Errorf("formats that hold latin squares: %v, want %v", names, want)
	}
	src := export.FilterSource{DB: d, Filter: pencilbox.Filter{Kind: "latin"}}
	for _, name := range names {
		var buf bytes.Buffer
		n, err := export.Write(ctx, &buf, src, exports, export.Options{Format: name, Solutions: true})
		if err != nil {
			t.Errorf("export %s: %v", name, err)
			continue
		}
		out := buf.String()
		switch name {
		case "pdf":
			if n != 2 || !strings.HasPrefix(out, "%PDF-") { // a booklet holds the unique squares
				t.Errorf("booklet of %d squares, starting %q", n, out[:min(8, len(out))])
			}
			booklet(t, out, n)
			continue
		case "grid":
			out = strings.ReplaceAll(out, "\n", "")
		}
		if n != 3 {
			t.Errorf("export %s: %d squares, want 3", name, n)
		}
		for _, p := range pg.Rows {
			if !strings.Contains(out, p.Givens) {
				t.Errorf("export %s lacks %s:\n%s", name, p.Givens, buf.String())
			}
		}
		if name == "latin" || name == "json" || name == "csv" {
			roundTrip(t, reg, name, buf.Bytes(), pg.Rows)
		}
		// the figures and the verdict under the toy's own keys
		switch name {
		case "csv":
			if head, _, _ := strings.Cut(out, "\n"); !strings.HasSuffix(head, ",er,ep,ed,effort,guesses") {
				t.Errorf("csv header %q: want the scales' keys, every kind's", head)
			}
			if !strings.Contains(out, "123421433412432.,1234214334124321,1,0,15,squares.txt,,last=1,,,,1.0,") {
				t.Errorf("csv lacks the rank-1 square's effort:\n%s", out)
			}
		case "json":
			for _, want := range []string{`"effort":13,`, `"effort":1,`, `"guess_free":"yes"`} {
				if !strings.Contains(out, want) {
					t.Errorf("json lacks %s:\n%s", want, out)
				}
			}
			if strings.Contains(out, `"er"`) || strings.Contains(out, `"hypothesis"`) {
				t.Errorf("json of latin squares names Sudoku's keys:\n%s", out)
			}
		}
	}
}

// roundTrip imports an export into a new library: the same squares.
func roundTrip(t *testing.T, reg bundle.Registry, name string, data []byte, want []pencilbox.Puzzle) {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(filepath.Join(t.TempDir(), name+".db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := library.Import(ctx, d, reg.Formats(), []library.Input{{Name: "export." + name, R: bytes.NewReader(data)}}, library.Options{Jobs: 1}); err != nil {
		t.Fatalf("re-import of the %s export: %v", name, err)
	}
	pg, err := d.Puzzles(ctx, pencilbox.Filter{Sort: pencilbox.SortID, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	var a, b []string
	for _, p := range pg.Rows {
		a = append(a, p.Kind+" "+p.Canonical+" "+p.Status.String())
	}
	for _, p := range want {
		b = append(b, p.Kind+" "+p.Canonical+" "+p.Status.String())
	}
	if !slices.Equal(a, b) {
		t.Errorf("the %s export read back gives\n%s\nwant\n%s", name, strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// booklet checks the booklet's captions: each square, and its solution.
func booklet(t *testing.T, pdf string, n int) {
	t.Helper()
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Log("pdftotext not installed (poppler-utils, make test-deps): the booklet's text is not checked")
		return
	}
	cmd := exec.Command(pdftotext, "-layout", "-", "-")
	cmd.Stdin = strings.NewReader(pdf)
	text, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	for i := 1; i <= n; i++ {
		if c := strings.Count(string(text), fmt.Sprintf("No. %d", i)); c < 2 {
			t.Errorf("caption No. %d appears %d times in the booklet, want 2 (square and solution)", i, c)
		}
	}
}

// client is a logged-in browser on the web admin.
type client struct {
	t    *testing.T
	base string
	hc   *http.Client
}

// serve starts the web admin over d with the kinds of reg and logs in.
func serve(t *testing.T, d *db.DB, reg bundle.Registry) *client {
	t.Helper()
	kinds, formats := reg.Kinds(), reg.Formats()
	lib := &web.StoreLibrary{Store: d, Kinds: kinds, Formats: formats, Highlights: reg.Highlights(), Second: reg.SecondRaters(), Workers: 1}
	if err := (db.UserStore{DB: d.W}).Add(context.Background(), "curator", "correct horse battery"); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range formats {
		names = append(names, f.Name)
	}
	s := web.New(web.Config{Library: lib, Audit: db.AuditStore{R: d.R, W: d.W}, Users: db.UserStore{DB: d.W, R: d.R}, Sets: db.SetStore{DB: d.W, R: d.R}, Kinds: kinds, Second: reg.SecondRaters(), Views: reg.Views(), Exports: reg.Exports(),
		Formats: names, Import: lib.Import, Generate: lib.Generate, Export: d, Faults: d, UploadDir: t.TempDir()})
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	jar, _ := cookiejar.New(nil)
	c := &client{t: t, base: srv.URL, hc: &http.Client{Jar: jar, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	tok := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(c.get("/login"))
	if tok == nil {
		t.Fatal("login page without a csrf field")
	}
	form := url.Values{"csrf": {tok[1]}, "username": {"curator"}, "password": {"correct horse battery"}}
	req, _ := http.NewRequest("POST", srv.URL+"/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if r, err := c.hc.Do(req); err != nil || r.StatusCode != http.StatusSeeOther {
		t.Fatalf("login: %v %v", err, r)
	}
	return c
}

// get fetches path; anything but 200 fails the test.
func (c *client) get(path string) string {
	c.t.Helper()
	r, err := c.hc.Get(c.base + path)
	if err != nil {
		c.t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	if r.StatusCode != http.StatusOK {
		c.t.Fatalf("GET %s: status %d\n%s", path, r.StatusCode, b)
	}
	return string(b)
}

// scalesAndVerdict: the list filters, sorts and shows the toy's own scale
// and verdict by their declared keys, offers them only for its kind, and
// the API writes them under those keys; no shared code names them.
func scalesAndVerdict(t *testing.T, c *client, two int64) {
	t.Helper()
	ids := func(q string) []int64 {
		t.Helper()
		var pg struct {
			Puzzles []struct {
				ID int64 `json:"id"`
			} `json:"puzzles"`
		}
		body := c.get("/api/puzzles?" + q)
		if err := json.Unmarshal([]byte(body), &pg); err != nil {
			t.Fatalf("%s: %v: %.300s", q, err, body)
		}
		var out []int64
		for _, p := range pg.Puzzles {
			out = append(out, p.ID)
		}
		return out
	}
	if got := ids("kind=latin&effort=2-"); !slices.Equal(got, []int64{two}) {
		t.Errorf("effort=2- lists %v, want the rank-2 square %d", got, two)
	}
	if got := ids("effort=2-"); !slices.Equal(got, []int64{two}) {
		t.Errorf("effort=2- with no kind lists %v, want %d", got, two)
	}
	if got := ids("kind=latin&guessfree=no"); len(got) != 0 {
		t.Errorf("guessfree=no lists %v, want none", got)
	}
	if got := ids("kind=latin&guessfree=yes"); len(got) != 2 {
		t.Errorf("guessfree=yes lists %v, want the two unique squares", got)
	}
	if got := ids("kind=latin&sort=effort&order=desc"); len(got) != 3 || got[0] != two {
		t.Errorf("sort=effort descending lists %v, want %d first, the unrated last", got, two)
	}
	// Sudoku's ER is in the same slot: its filter never reads the toy's
	if got := ids("kind=latin&er=1-"); len(got) != 0 {
		t.Errorf("er=1- lists latin squares %v", got)
	}
	if got := ids("er=1-"); len(got) != 0 {
		t.Errorf("er=1- with no kind lists latin squares %v", got)
	}
	var api map[string]any
	if err := json.Unmarshal([]byte(c.get(fmt.Sprintf("/api/puzzles/%d", two))), &api); err != nil {
		t.Fatal(err)
	}
	if api["effort"] != 13.0 || api["last_step"] == nil || api["guess_free"] != "yes" || api["er"] != nil || api["hypothesis"] != nil {
		t.Errorf("API puzzle: effort %v, last_step %v, guess_free %v, er %v, hypothesis %v", api["effort"], api["last_step"], api["guess_free"], api["er"], api["hypothesis"])
	}
	// the fields the list offers: a kind's own, and none of another's
	for _, tc := range []struct {
		q    string
		want []string
		not  []string
	}{
		{"kind=latin", []string{`name="effort"`, `name="guessfree"`, `<th>EF</th>`, `<option value="effort"`, "yes: no guess needed"}, []string{`name="er"`, `name="hyp"`, "Enclosure+Negation"}},
		{"kind=sudoku", []string{`name="er"`, `name="hyp"`, "Enclosure+Negation"}, []string{`name="effort"`, `name="guessfree"`}},
		{"kind=akari", nil, []string{`name="er"`, `name="hyp"`, `name="effort"`, `name="guessfree"`, "Enclosure+Negation"}},
		{"", nil, []string{`name="er"`, `name="hyp"`, `name="effort"`, `name="guessfree"`}},
		{"effort=2-", []string{`name="effort"`}, []string{`name="er"`}},
	} {
		page := c.get("/puzzles?" + tc.q)
		for _, w := range tc.want {
			if !strings.Contains(page, w) {
				t.Errorf("/puzzles?%s lacks %s", tc.q, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(page, w) {
				t.Errorf("/puzzles?%s offers %s", tc.q, w)
			}
		}
	}
}
