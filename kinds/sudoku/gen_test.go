package sudoku_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

// generate makes n puzzles for opt from a fixed seed.
func generate(t *testing.T, opt engine.GenOptions, seed uint64, n int) ([]sudoku.Grid, []engine.Rating) {
	t.Helper()
	src, err := sudoku.Kind{}.NewSource(opt, rand.New(rand.NewPCG(seed, 7)))
	if err != nil {
		t.Fatalf("NewSource(%+v): %v", opt, err)
	}
	var gs []sudoku.Grid
	var rs []engine.Rating
	for range n {
		p, r, err := src.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, p.(*sudoku.Puzzle).Grid)
		rs = append(rs, r)
	}
	return gs, rs
}

// isSymmetric reports whether the givens of g are whole orbits of y.
func isSymmetric(t *testing.T, g *sudoku.Grid, y engine.Symmetry) bool {
	orbits, err := y.Orbits(9, 9)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range orbits {
		for _, c := range o {
			if (g[c] == 0) != (g[o[0]] == 0) {
				return false
			}
		}
	}
	return true
}

// orbitMinimal reports whether no orbit of givens can go keeping g unique.
func orbitMinimal(t *testing.T, g sudoku.Grid, y engine.Symmetry) bool {
	orbits, _ := y.Orbits(9, 9)
	for _, o := range orbits {
		if g[o[0]] == 0 {
			continue
		}
		h := g
		for _, c := range o {
			h[c] = 0
		}
		if n, _ := sudoku.Solve(&h); n == 1 {
			return false
		}
	}
	return true
}

func TestGenerateMeetsTarget(t *testing.T) {
	cases := []struct {
		name string
		opt  engine.GenOptions
		n    int
	}{
		{"any rank, no symmetry", engine.GenOptions{}, 8},
		{"rot180", engine.GenOptions{Params: engine.GenValues{"symmetry": "rot180"}}, 8},
		{"rot90 rank 2-3", engine.GenOptions{MinRank: 2, MaxRank: 3, Params: engine.GenValues{"symmetry": "rot90"}}, 4},
		{"mirror", engine.GenOptions{Params: engine.GenValues{"symmetry": "mirror"}}, 4},
		{"diagonal rank 7", engine.GenOptions{MinRank: 7, MaxRank: 7, Params: engine.GenValues{"symmetry": "diagonal"}}, 3},
		{"full", engine.GenOptions{Params: engine.GenValues{"symmetry": "full"}}, 3},
		{"rank 1", engine.GenOptions{MinRank: 1, MaxRank: 1}, 3},
		{"rank 8 rot180 (walk from hard seeds)", engine.GenOptions{MinRank: 8, MaxRank: 8, Params: engine.GenValues{"symmetry": "rot180"}}, 2},
		{"clues 24-26", engine.GenOptions{Params: engine.GenValues{"clues": "24-26"}}, 4},
		{"not minimal, 30-32 clues", engine.GenOptions{Params: engine.GenValues{"clues": "30-32", "minimal": "false"}}, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			gs, rs := generate(t, tc.opt, 1, tc.n)
			args, err := engine.ReadGenValues(sudoku.Kind{}.GenParams(), tc.opt.Params)
			if err != nil {
				t.Fatal(err)
			}
			y := engine.Symmetry(args.Choice("symmetry"))
			minClues, maxClues := args.Range("clues")
			for i, g := range gs {
				// Uniqueness, cross-checked with the reference solver
				// that propagates nothing (rank 8 puzzles are too slow
				// for it and keep the fast solver's word).
				if n, _ := sudoku.Solve(&g); n != 1 {
					t.Fatalf("%s: %d solutions", g.String(), n)
				}
				if rs[i].Rank < 8 {
					if n, _ := sudoku.BacktrackCount(&g, 2); n != 1 {
						t.Fatalf("%s: reference solver finds %d solutions", g.String(), n)
					}
				}
				if rs[i].Status != engine.Unique {
					t.Fatalf("%s: rating status %v", g.String(), rs[i].Status)
				}
				if lo, hi := tc.opt.MinRank, tc.opt.MaxRank; lo > 0 && (rs[i].Rank < lo || rs[i].Rank > hi) {
					t.Errorf("%s: rank %d, asked %d-%d", g.String(), rs[i].Rank, lo, hi)
				}
				if want := sudoku.Rate(&g, false).Rank; rs[i].Rank != want {
					t.Errorf("%s: returned rank %d, the rater says %d", g.String(), rs[i].Rank, want)
				}
				n := g.Clues()
				if (minClues > 0 && n < minClues) || (maxClues > 0 && n > maxClues) {
					t.Errorf("%s: %d clues, asked %d-%d", g.String(), n, minClues, maxClues)
				}
				if !isSymmetric(t, &g, y) {
					t.Errorf("%s: givens lack %s symmetry", g.String(), y)
				}
				if !args.Bool("minimal") {
					continue
				}
				if !orbitMinimal(t, g, y) {
					t.Errorf("%s: an orbit of givens can go keeping it unique", g.String())
				}
				if y == engine.SymNone && !sudoku.Minimal(&g) {
					t.Errorf("%s: a given can go keeping it unique", g.String())
				}
			}
		})
	}
}

func TestGenerateReproducible(t *testing.T) {
	for _, opt := range []engine.GenOptions{{Params: engine.GenValues{"symmetry": "rot180"}}, {MinRank: 8, MaxRank: 8}} {
		a, _ := generate(t, opt, 42, 3)
		b, _ := generate(t, opt, 42, 3)
		c, _ := generate(t, opt, 43, 3)
		if a[0] != b[0] || a[1] != b[1] || a[2] != b[2] {
			t.Errorf("%+v: the same seed gave different puzzles:\n%v\n%v", opt, a, b)
		}
		if a[0] == c[0] {
			t.Errorf("%+v: seeds 42 and 43 gave the same first puzzle", opt)
		}
	}
}

func TestGenerateRefusesImpossible(t *testing.T) {
	cases := []struct {
		name string
		opt  engine.GenOptions
		want string
	}{
		{"rank 1 with 17 clues", engine.GenOptions{MinRank: 1, MaxRank: 1, Params: engine.GenValues{"clues": "1-17"}}, "none of the 49,158"},
		{"16 clues", engine.GenOptions{Params: engine.GenValues{"clues": "16-16"}}, "fewer than 17"},
		{"rank 9", engine.GenOptions{MinRank: 9, MaxRank: 9}, "ranks 1-8"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sudoku.Kind{}.NewSource(tc.opt, rand.New(rand.NewPCG(1, 1)))
			if !errors.Is(err, engine.ErrImpossible) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want ErrImpossible saying %q", err, tc.want)
			}
		})
	}
	for _, opt := range []engine.GenOptions{{Params: engine.GenValues{"size": "12x12"}}, {Params: engine.GenValues{"black": "0.2"}}, {Params: engine.GenValues{"clues": "30-20"}}, {Params: engine.GenValues{"symmetry": "spiral"}}} {
		if _, err := (sudoku.Kind{}).NewSource(opt, rand.New(rand.NewPCG(1, 1))); err == nil {
			t.Errorf("%+v: accepted", opt)
		}
	}
}

func TestGenerateStopsWithContext(t *testing.T) {
	src, err := sudoku.Kind{}.NewSource(engine.GenOptions{MinRank: 6, MaxRank: 6}, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := src.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// TestRanksAt17 checks the ranks the generator's refusal rule says 17-clue
// puzzles reach, on the complete list of 49,158 (skipped without ../shared).
func TestRanksAt17(t *testing.T) {
	if testing.Short() {
		t.Skip("rates 49,158 puzzles")
	}
	gs := loadGrids(t, "data/sudoku/17_clue.txt")
	var seen [9]int
	for i := range gs {
		seen[sudoku.Rate(&gs[i], false).Rank]++
	}
	t.Logf("ranks of the 17-clue puzzles: %v", seen)
	for r := 1; r <= 8; r++ {
		if (seen[r] > 0) != sudoku.ReachableAt17(r) {
			t.Errorf("rank %d: %d puzzles with 17 clues, but the refusal rule says reachable=%v", r, seen[r], sudoku.ReachableAt17(r))
		}
	}
}
