package sudoku_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
)

// TestRankInvariance: symmetric images of real puzzles get the same rank
// and hypothesis verdict (docs/sudoku-rating.md says they must).
func TestRankInvariance(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var gs []sudoku.Grid
	gs = append(gs, puzzles(t, "data/sudoku/hodoku/qqwing_simple.sdm", 60)...)
	gs = append(gs, puzzles(t, "data/sudoku/hodoku/qqwing_expert.sdm", 60)...)
	gs = append(gs, puzzles(t, "data/sudoku/magictour_top1465.txt", 120)...)
	gs = append(gs, puzzles(t, "data/sudoku/forum_hardest_1106.txt", 20)...)
	ranks := map[int]int{}
	for _, g := range gs {
		base := sudoku.Rate(&g, false)
		ranks[base.Rank]++
		for range 2 {
			img := sudoku.RandomSymmetry(r).Apply(&g)
			got := sudoku.Rate(&img, false)
			if got.Rank != base.Rank || got.Verdict != base.Verdict {
				t.Errorf("%s: rank %d hyp %v, image %s: rank %d hyp %v",
					g.String(), base.Rank, base.Verdict, img.String(), got.Rank, got.Verdict)
			}
		}
	}
	t.Logf("ranks covered: %v", ranks)
}

// TestRankSanity: easy collections rate low, the hardest lists rate 7-8,
// and singles-only puzzles satisfy the Enclosure+Negation hypothesis.
func TestRankSanity(t *testing.T) {
	low := 0
	simple := puzzles(t, "data/sudoku/hodoku/qqwing_simple.sdm", 0)
	for _, g := range simple {
		r := sudoku.Rate(&g, false)
		if r.Rank <= 2 {
			low++
			if r.Verdict != engine.Yes {
				t.Errorf("%s: rank %d but hypothesis %v (singles are Enclosures)", g.String(), r.Rank, r.Verdict)
			}
		}
	}
	if low*2 < len(simple) {
		t.Errorf("QQWing simple: %d of %d rate 1-2 stars, want most", low, len(simple))
	}
	hardest := puzzles(t, "data/sudoku/forum_hardest_1106.txt", 0)
	for _, g := range hardest {
		if r := sudoku.Rate(&g, false); r.Rank < 7 {
			t.Errorf("hardest list: %s rates %d stars, want 7 or 8", g.String(), r.Rank)
		}
	}
}

// TestAllDiffBruteForce checks the all-different filter against the
// enumeration of every filling of a house on random candidate states.
func TestAllDiffBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for range 3000 {
		var m [9]uint16
		for i := range m {
			m[i] = uint16(r.IntN(512))
			// Denser states look like real houses.
			m[i] |= uint16(1) << r.IntN(9)
		}
		var want [9]uint16
		found := false
		var perm [9]int
		var rec func(i int, used uint16)
		rec = func(i int, used uint16) {
			if i == 9 {
				found = true
				for c, d := range perm {
					want[c] |= 1 << d
				}
				return
			}
			for d := 0; d < 9; d++ {
				if used&(1<<d) == 0 && m[i]&(1<<d) != 0 {
					perm[i] = d
					rec(i+1, used|1<<d)
				}
			}
		}
		rec(0, 0)
		got, ok := sudoku.AllDiff(m)
		if ok != found {
			t.Fatalf("%v: ok=%v, enumeration found a filling: %v", m, ok, found)
		}
		if ok && got != want {
			t.Fatalf("%v: filter %v, enumeration %v", m, got, want)
		}
	}
}

// TestVerdictShortcut: Rate skips the hypothesis's own run for puzzles the
// ladder solves with one-house techniques; its verdict must still be the
// hypothesis's on every puzzle, whatever its rank (the bundled sample
// library, with ../shared's 17-clue and top1465 files when present).
func TestVerdictShortcut(t *testing.T) {
	var gs []sudoku.Grid
	for _, f := range []string{"sudoku_17_clue.txt", "sudoku_17_clue_ranks5to7.txt", "sudoku_qqwing_easy.txt",
		"sudoku_qqwing_intermediate.txt", "sudoku_qqwing_expert.txt", "sudoku_forum_hardest.txt"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "data", "sample", f))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if g, err := sudoku.ParseLine(strings.TrimSpace(l)); err == nil {
				gs = append(gs, g)
			}
		}
	}
	if len(gs) < 100 {
		t.Fatalf("sample library: %d puzzles read, want the whole sample", len(gs))
	}
	if shared.Dir() != "" && !testing.Short() {
		gs = append(gs, puzzles(t, "data/sudoku/17_clue.txt", 3000)...)
		gs = append(gs, puzzles(t, "data/sudoku/magictour_top1465.txt", 300)...)
	}
	byRank := map[int][2]int{} // rank -> puzzles, verdict yes
	for _, g := range gs {
		r := sudoku.Rate(&g, false)
		if r.Status != engine.Unique {
			continue // the verdict is for unique puzzles
		}
		want := engine.No
		if sudoku.Hypothesis(&g) {
			want = engine.Yes
		}
		if r.Verdict != want {
			t.Errorf("%s: Rate's verdict %v, the hypothesis says %v (profile %s)", g.String(), r.Verdict, want, engine.ProfileString(r.Profile))
		}
		n := byRank[r.Rank]
		n[0]++
		if r.Verdict == engine.Yes {
			n[1]++
		}
		byRank[r.Rank] = n
	}
	t.Logf("%d puzzles; per rank [puzzles, verdict yes]: %v", len(gs), byRank)
}
