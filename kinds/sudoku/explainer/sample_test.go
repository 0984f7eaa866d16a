package explainer_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
)

func readSE(t *testing.T, path string) []seRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	rows := parseSE(t, lines)
	if len(rows) != 200 {
		t.Fatalf("%s holds %d puzzles, want 200", path, len(rows))
	}
	return rows
}

func readSample(t *testing.T) []seRow { return readSE(t, "testdata/se_sample_200.tsv") }

// TestSerateSample checks the committed sample of 200 dev puzzles three
// ways. Following serate's path on the grid as written, ER, EP and ED equal
// serate's on every puzzle. Rate works on the canonical image: there it
// equals serate's own rating of that image on every puzzle
// (se_sample_200_canon.tsv), and against serate on the grid as written it
// agrees on at least 95% (it differs where serate's choice among equal
// hints depends on how the grid is turned).
func TestSerateSample(t *testing.T) {
	rows := readSample(t)
	a := check(t, rows, asGiven)
	t.Log("as given:\n" + a.report())
	for _, d := range a.diffs {
		t.Error("as given: " + d)
	}

	canon := readSE(t, "testdata/se_sample_200_canon.tsv")
	byCanon := map[string]seRow{}
	for _, r := range canon {
		byCanon[r.puzzle] = r
	}
	var images []seRow
	for _, r := range rows {
		g, err := sudoku.ParseLine(r.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		img, ok := byCanon[sudoku.Canonical(&g)]
		if !ok {
			t.Fatalf("%s: its canonical image is not in se_sample_200_canon.tsv", r.puzzle)
		}
		img.puzzle = r.puzzle // Rate turns it to that image itself
		images = append(images, img)
	}
	memo := map[string]explainer.Rating{}
	rate := func(g *sudoku.Grid) explainer.Rating {
		k := g.String()
		if r, ok := memo[k]; ok {
			return r
		}
		r := canonical(g)
		memo[k] = r
		return r
	}
	c := check(t, images, rate)
	t.Log("Rate against serate on the canonical images:\n" + c.report())
	for _, d := range c.diffs {
		t.Error("canonical image: " + d)
	}

	b := check(t, rows, rate)
	t.Log("Rate against serate on the grids as written:\n" + b.report())
	for _, d := range b.diffs {
		t.Log(d)
	}
	if b.er*100 < b.rated*95 || b.ep*100 < b.rated*95 || b.ed*100 < b.rated*95 {
		t.Errorf("Rate agrees with serate on %d ER, %d EP, %d ED of %d: below 95%%", b.er, b.ep, b.ed, b.rated)
	}
}
