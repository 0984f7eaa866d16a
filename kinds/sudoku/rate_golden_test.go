package sudoku_test

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/rate_golden.txt from the current Rate")

// goldenSamples are the committed samples TestRateGolden rates: easy to
// hardest, with Negation, trial and error and counterexamples to the
// hypothesis among them.
var goldenSamples = []string{"qqwing_simple.sdm", "qqwing_expert.sdm", "17_clue.txt",
	"magictour_top1465.txt", "forum_hardest_1106.txt", "forum_hardest_1905_11plus.txt"}

// goldenLine is one puzzle's line of testdata/rate_golden.txt: the rating
// without steps, then a hash of everything Rate says with steps (each
// step's text, cells, houses, digits, placements and eliminations) and of
// Hypothesis's answer.
func goldenLine(g *sudoku.Grid) string {
	r := sudoku.Rate(g, false)
	h := sha256.New()
	if err := json.NewEncoder(h).Encode(sudoku.Rate(g, true)); err != nil {
		panic(err)
	}
	fmt.Fprintln(h, sudoku.Hypothesis(g))
	return fmt.Sprintf("%s\t%s\t%d\t%s\t%s\t%s\t%x", g.String(), r.Status, r.Rank,
		strconv.FormatFloat(r.Score, 'f', -1, 64), r.Verdict, engine.ProfileString(r.Profile), h.Sum(nil)[:12])
}

// TestRateGolden: the star ladder's every output (rank, score, profile,
// verdict, and the step log with steps) on the committed samples is the
// one recorded in testdata/rate_golden.txt, written by the ladder before
// its speed-ups (go test -run RateGolden -update-golden rewrites it; do so
// only for a change meant to change ratings, and say so).
func TestRateGolden(t *testing.T) {
	var got []string
	for _, f := range goldenSamples {
		b, err := os.ReadFile(filepath.Join("testdata", "sample", f))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if len(l) < 81 || l[0] == '#' {
				continue
			}
			g, err := sudoku.ParseLine(l[:81])
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			got = append(got, goldenLine(&g))
		}
	}
	path := filepath.Join("testdata", "rate_golden.txt")
	if *updateGolden {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(want) != len(got) {
		t.Fatalf("%d puzzles rated, golden file has %d", len(got), len(want))
	}
	bad := 0
	for i := range got {
		if got[i] != want[i] {
			bad++
			if bad <= 5 {
				t.Errorf("puzzle %d:\n got %s\nwant %s", i+1, got[i], want[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d ratings differ from the golden file", bad, len(got))
	}
}
