package sudoku_test

import (
	"os"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

// TestRankSixWalks: rank-6 walks start from the puzzles of genseeds6.txt
// (each of rank 6, as the file says) and return only news: rank-6 puzzles
// no two of which, and none of them and a seed, are images of each other.
func TestRankSixWalks(t *testing.T) {
	text, err := os.ReadFile("genseeds6.txt")
	if err != nil {
		t.Fatal(err)
	}
	seeds := map[string]bool{}
	for _, l := range strings.Split(string(text), "\n") {
		if l == "" || l[0] == '#' {
			continue
		}
		g, err := sudoku.ParseLine(l)
		if err != nil {
			t.Fatalf("genseeds6.txt: %v", err)
		}
		if r := sudoku.Rate(&g, false); r.Status != engine.Unique || r.Rank != 6 {
			t.Errorf("genseeds6.txt: %s is %v rank %d, not a rank-6 puzzle", l, r.Status, r.Rank)
		}
		seeds[sudoku.Canonical(&g)] = true
	}
	for _, y := range []engine.Symmetry{engine.SymRot180, engine.SymNone} {
		gs, rs := generate(t, engine.GenOptions{MinRank: 6, MaxRank: 6, Params: engine.GenValues{"symmetry": string(y)}}, 21, 4)
		seen := map[string]bool{}
		for i := range gs {
			c := sudoku.Canonical(&gs[i])
			if rs[i].Rank != 6 || seeds[c] || seen[c] {
				t.Errorf("%s %s: rank %d, a seed's image %v, made before %v", y, gs[i].String(), rs[i].Rank, seeds[c], seen[c])
			}
			seen[c] = true
			if !isSymmetric(t, &gs[i], y) || !orbitMinimal(t, gs[i], y) {
				t.Errorf("%s %s: not symmetric or not minimal", y, gs[i].String())
			}
		}
	}
}
