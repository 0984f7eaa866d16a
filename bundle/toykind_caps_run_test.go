package bundle_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/bundle"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/export"
	akarikind "pencilbox/kinds/akari/kind"
	sudokukind "pencilbox/kinds/sudoku/kind"
	"pencilbox/library"
)

// thumbs counts the latin squares' thumbnails on a list page.
func thumbs(page string) int {
	return strings.Count(page, `<svg class="thumb" width="76" height="76" viewBox="0 0 76 76" role="img" aria-label="Latin square"`)
}

// TestToyKindCaps runs the toy kind's declared capabilities through the
// shared code, which names none of them: generation with its own
// parameter (the CLI's and the form's checks come from the declaration),
// its second scale (stored, filtered, shown), its verdict (stored,
// filtered, shown), the search by a pasted square, a set and the set's
// booklet.
func TestToyKindCaps(t *testing.T) {
	reg := bundle.Registry{sudokukind.Bundle{}, akarikind.Bundle{}, latinBundle{}}
	if err := reg.Check(); err != nil {
		t.Fatalf("the toy kind's declarations: %v", err)
	}
	ctx := context.Background()
	d, err := db.Open(filepath.Join(t.TempDir(), "toy.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if _, err := library.Import(ctx, d, reg.Formats(), []library.Input{{Name: "squares.txt", R: strings.NewReader(toyInput)}},
		library.Options{Jobs: 1, Second: reg.SecondRaters()}); err != nil {
		t.Fatal(err)
	}

	// generation: the declared parameter is checked, then honoured
	gen := func(params engine.GenValues) (pencilbox.Job, error) {
		return library.Generate(ctx, d, reg.Formats(), library.GenerateOptions{Kind: latinKind{},
			Opt: engine.GenOptions{Params: params}, Count: 3, Jobs: 1, Seed: 29, Second: reg.SecondRaters()["latin"], Note: "toy"},
			library.Options{Jobs: 1, Second: reg.SecondRaters()})
	}
	for _, bad := range []engine.GenValues{{"givens": "99"}, {"black": "20%"}} {
		if _, err := gen(bad); err == nil {
			t.Errorf("generate with %v: no error", bad)
		}
	}
	job, err := gen(engine.GenValues{"givens": "4-6"})
	if err != nil || job.Imported != 3 {
		t.Fatalf("generate 3 squares of 4-6 givens: imported %d, %v", job.Imported, err)
	}
	all, err := d.Puzzles(ctx, pencilbox.Filter{Kind: "latin", Sort: pencilbox.SortID, Limit: 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Rows) != 6 {
		t.Fatalf("%d latin squares stored, want 3 imported and 3 generated", len(all.Rows))
	}
	var ids []int64
	byRank := map[int]pencilbox.Puzzle{}
	yes, no := 0, 0
	for i, p := range all.Rows {
		if i >= 3 {
			if c := 16 - strings.Count(p.Givens, "."); c < 4 || c > 6 {
				t.Errorf("generated %s has %d givens, want 4-6", p.Givens, c)
			}
		}
		if p.Status != engine.Unique {
			if p.Verdict != engine.NA || p.Scales[0] != 0 {
				t.Errorf("%s (%s): verdict %v, effort %g; want none", p.Givens, p.Status, p.Verdict, p.Scales[0])
			}
			continue
		}
		ids = append(ids, p.ID)
		if _, seen := byRank[p.Rank]; !seen {
			byRank[p.Rank] = p // the imported square of the rank comes first
		}
		// the stored verdict and scale are the kind's own
		wantV := engine.Yes
		if p.Rank == 3 {
			wantV = engine.No
		}
		if p.Verdict != wantV {
			t.Errorf("%s rank %d: verdict %v, want %v", p.Givens, p.Rank, p.Verdict, wantV)
		}
		if p.Verdict == engine.Yes {
			yes++
		} else {
			no++
		}
		if !p.ScaleRated || p.Scales[0] <= 0 {
			t.Errorf("%s: effort %g (rated %v), want one", p.Givens, p.Scales[0], p.ScaleRated)
		}
	}

	c := serve(t, d, reg)
	// the generate form offers the kind with its parameter
	page := c.get("/generate")
	for _, want := range []string{`<option value="latin">Latin 4x4 (stars 1-3)</option>`, `>Givens (Latin 4x4)`, `name="givens"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the generate form lacks %q", want)
		}
	}
	// the verdict and the scale filter the library (pencilbox.Filter's
	// kind-neutral fields)
	count := func(f pencilbox.Filter) int {
		f.Kind, f.Limit = "latin", 20
		pg, err := d.Puzzles(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		return len(pg.Rows)
	}
	if n := count(pencilbox.Filter{Verdict: engine.Yes}); n != yes {
		t.Errorf("verdict yes: %d squares, want %d", n, yes)
	}
	if n := count(pencilbox.Filter{Verdict: engine.No}); n != no {
		t.Errorf("verdict no: %d squares, want %d", n, no)
	}
	one := byRank[1]
	if n := count(pencilbox.Filter{ScaleMin: 1, ScaleMax: 1}); n != 1 || one.Scales[0] != 1 {
		t.Errorf("effort 1-1: %d squares (the rank-1 square's effort %g), want 1", n, one.Scales[0])
	}
	// the puzzle page names the kind's verdict
	if page := c.get(fmt.Sprintf("/puzzles/%d", one.ID)); !strings.Contains(page, "<dt>Guess-free</dt>") {
		t.Error("the rank-1 square's page does not name its verdict")
	}
	// a pasted square, its digits renamed, leads to the stored one
	two := byRank[2]
	if loc := c.redirect("/puzzles?q=" + url.QueryEscape("latin:.1.312..4.2.....")); loc != fmt.Sprintf("/puzzles/%d", two.ID) {
		t.Errorf("the pasted square leads to %q, want square %d", loc, two.ID)
	}

	// a set of the unique squares, its page and its booklet
	sets := db.SetStore{DB: d.W, R: d.R}
	set, n, err := sets.CreateFilled(ctx, "toy set", "", ids, false)
	if err != nil || n != len(ids) {
		t.Fatalf("set of %d squares: %d added, %v", len(ids), n, err)
	}
	if n := thumbs(c.get(fmt.Sprintf("/sets/%d", set))); n != len(ids) {
		t.Errorf("the set's page shows %d squares, want %d", n, len(ids))
	}
	if pdf := c.get(fmt.Sprintf("/sets/%d/booklet?make=1&format=pdf&title=&per=4&order=set&caption=stars&solutions=1", set)); !strings.HasPrefix(pdf, "%PDF-") {
		t.Errorf("the set's booklet starts %q, want a PDF", pdf[:min(20, len(pdf))])
	} else {
		booklet(t, pdf, len(ids))
	}
	var buf bytes.Buffer
	if k, err := export.Write(ctx, &buf, export.SetSource{DB: d, IDs: ids}, reg.Exports(), export.Options{Format: "latin"}); err != nil || k != len(ids) {
		t.Errorf("the set's latin export: %d squares, %v; want %d", k, err, len(ids))
	}
}

// redirect fetches path and returns where its 303 leads.
func (c *client) redirect(path string) string {
	c.t.Helper()
	r, err := c.hc.Get(c.base + path)
	if err != nil {
		c.t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusSeeOther {
		c.t.Fatalf("GET %s: status %d, want 303", path, r.StatusCode)
	}
	return r.Header.Get("Location")
}
