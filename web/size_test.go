package web

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/web/model"
)

// TestSizeFilter: size= in the list's URL, the API and a recipe's filter
// keeps boards of that size (or range: each side in its range); a
// malformed size is a 400 saying what to write; the list's form offers
// Size for a library whose Akari vary in size, not on a Sudoku list (all
// 9x9), decided from the data.
func TestSizeFilter(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	// SQL: the size filter's oracle, apart from the store's query builder
	want := e.ids(`SELECT id FROM puzzles WHERE kind = 'akari' AND width BETWEEN 17 AND 18 AND height BETWEEN 10 AND 17 ORDER BY id`)
	if len(want) == 0 || len(want) == e.matches(pencilbox.Filter{Kind: "akari"}) {
		t.Fatalf("the sample's Akari sizes do not test the filter: %v", want)
	}
	var pg model.Page
	r := c.get("/api/puzzles?kind=akari&size=17x10-18x17&limit=1000")
	if r.code != http.StatusOK {
		t.Fatalf("api: %d %s", r.code, r.body)
	}
	if err := json.Unmarshal([]byte(r.body), &pg); err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, p := range pg.Rows {
		got = append(got, p.ID)
	}
	if !slices.Equal(got, want) {
		t.Errorf("api size=17x10-18x17: %v, want %v", got, want)
	}
	body := c.get("/puzzles?kind=akari&size=17x10-18x17").body
	if !strings.Contains(body, fmt.Sprintf(`id="matches">%d puzzles match`, len(want))) {
		t.Errorf("the list of size=17x10-18x17 does not count %d", len(want))
	}
	if !strings.Contains(c.get("/puzzles?kind=akari").body, `name="size"`) {
		t.Errorf("an Akari list of several sizes offers no Size field")
	}
	if strings.Contains(c.get("/puzzles?kind=sudoku").body, `name="size"`) {
		t.Errorf("a Sudoku list (all 9x9) offers a Size field")
	}
	for _, bad := range []string{"17", "17x", "18x18-10x10"} {
		for _, path := range []string{"/puzzles?size=", "/api/puzzles?size="} {
			r := c.get(path + url.QueryEscape(bad))
			if r.code != http.StatusBadRequest || !strings.Contains(r.body, "write WIDTHxHEIGHT like 10x10") {
				t.Errorf("%s%s: %d, want 400 saying what to write: %.300s", path, bad, r.code, r.body)
			}
		}
	}
	// a recipe over the list's filter takes its size
	r = c.post("/sets/build", url.Values{"csrf": {tok}, "filter": {"kind=akari&size=10x10"}, "back": {"/puzzles?kind=akari&size=10x10"},
		"recipe": {"rank=1-:4"}, "seed": {"7"}, "name": {"Akari of 10x10"}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("build: %d %s", r.code, r.body)
	}
	id := strings.TrimPrefix(r.hdr.Get("Location"), "/sets/")
	items := setOrder(t, c, id)
	if len(items) != 4 {
		t.Fatalf("the recipe took %d puzzles, want 4", len(items))
	}
	for _, p := range items {
		if q := e.puzzle(p); q.Width != 10 || q.Height != 10 {
			t.Errorf("the recipe of size=10x10 took puzzle %d of another size", p)
		}
	}
}

// TestAPIListSolutions: /api/puzzles' items carry the solution of a
// puzzle with one (an app checks its players' answers), none for the
// others.
func TestAPIListSolutions(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	var pg model.Page
	if err := json.Unmarshal([]byte(c.get("/api/puzzles?limit=1000").body), &pg); err != nil {
		t.Fatal(err)
	}
	solved := 0
	for _, p := range pg.Rows {
		want := ""
		if stored := e.puzzle(p.ID); stored.Status == engine.Unique {
			solved++
			if stored.Solution != p.Solution || p.Solution == "" {
				t.Errorf("puzzle %d: solution %q, not the stored one", p.ID, p.Solution)
			}
			continue
		}
		if p.Solution != want {
			t.Errorf("puzzle %d has no unique solution, but the list gives %q", p.ID, p.Solution)
		}
	}
	if solved == 0 {
		t.Fatal("no puzzle with a solution in the list")
	}
}

// TestGenerateRunsSayWhatWasAsked: the Generate page's empty state speaks
// of runs, not imports, and each run says the kind, the target and the
// count it was asked for.
func TestGenerateRunsSayWhatWasAsked(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	body := c.get("/generate").body
	if strings.Contains(body, "No imports yet") || !strings.Contains(body, "No runs yet") {
		t.Errorf("the empty Generate page does not speak of runs")
	}
	r := c.post("/generate", url.Values{"csrf": {tok}, "kind": {"akari"}, "rank": {"1-2"}, "count": {"2"}, "size": {"7x7"}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("generate: %d %s", r.code, r.body)
	}
	waitJob(t, c, r.hdr.Get("Location"))
	body = html.UnescapeString(c.get("/generate").body)
	if !strings.Contains(body, `<td class="wide asked">Akari (Light Up), stars 1-2, 2 puzzles</td>`) {
		t.Errorf("the run does not say what was asked:\n%s", body[strings.Index(body, "Recent runs"):])
	}
}

// TestExportSaysInvalidIncluded: a list without a status filter says, by
// its export buttons, that its exports hold the puzzles without a unique
// solution too and how to leave them out; a list of unique ones does not.
func TestExportSaysInvalidIncluded(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	if b := c.get("/puzzles").body; !strings.Contains(b, `id="export-invalid"`) || !strings.Contains(b, "choose Status unique to leave them out") {
		t.Errorf("the unfiltered list does not say its exports hold invalid puzzles")
	}
	if b := c.get("/puzzles?status=unique").body; strings.Contains(b, `id="export-invalid"`) {
		t.Errorf("a list of unique puzzles says its exports hold invalid ones")
	}
}
