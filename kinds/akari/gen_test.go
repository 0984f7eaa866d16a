package akari_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

// generate makes n puzzles for opt from a fixed seed.
func generate(t *testing.T, opt engine.GenOptions, seed uint64, n int) ([]*akari.Puzzle, []engine.Rating) {
	t.Helper()
	src, err := akari.Kind{}.NewSource(opt, rand.New(rand.NewPCG(seed, 3)))
	if err != nil {
		t.Fatalf("NewSource(%+v): %v", opt, err)
	}
	var ps []*akari.Puzzle
	var rs []engine.Rating
	for range n {
		p, r, err := src.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p.(*akari.Puzzle))
		rs = append(rs, r)
	}
	return ps, rs
}

func isClue(ch byte) bool { return ch >= '0' && ch <= '4' }

// symmetric reports whether the black cells, and the numbered ones, of p are
// whole orbits of y.
func symmetric(t *testing.T, p *akari.Puzzle, y engine.Symmetry) bool {
	orbits, err := y.Orbits(p.W, p.H)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range orbits {
		for _, c := range o {
			a, b := p.Cells[c], p.Cells[o[0]]
			if (a == akari.White) != (b == akari.White) || isClue(a) != isClue(b) {
				return false
			}
		}
	}
	return true
}

// solutions counts p's solutions up to 2: by plain backtracking on small
// grids (the reference), else with the solver.
func solutions(p *akari.Puzzle) int {
	if p.W*p.H <= 36 {
		n, _ := bruteCount(p)
		return n
	}
	switch p.Solve().Status {
	case engine.Unique:
		return 1
	case engine.Multiple:
		return 2
	}
	return 0
}

// droppable returns an orbit of y whose clue numbers can all go keeping one
// solution, or nil.
func droppable(t *testing.T, p *akari.Puzzle, y engine.Symmetry) []int {
	orbits, _ := y.Orbits(p.W, p.H)
	for _, o := range orbits {
		if !isClue(p.Cells[o[0]]) {
			continue
		}
		cells := append([]byte(nil), p.Cells...)
		for _, c := range o {
			cells[c] = akari.Black
		}
		q, err := akari.New(p.W, p.H, cells)
		if err != nil {
			t.Fatal(err)
		}
		if solutions(q) == 1 {
			return o
		}
	}
	return nil
}

func TestGenerateMeetsTarget(t *testing.T) {
	cases := []struct {
		name string
		opt  engine.GenOptions
		n    int
	}{
		{"default 10x10, any rank", engine.GenOptions{}, 6},
		{"5x5 rank 1 (checked by brute force)", engine.GenOptions{MinRank: 1, MaxRank: 1, Params: engine.GenValues{"size": "5x5"}}, 4},
		{"6x6 rank 2 rot180", engine.GenOptions{MinRank: 2, MaxRank: 2, Params: engine.GenValues{"symmetry": "rot180", "size": "6x6"}}, 4},
		{"6x5 rank 3 mirror", engine.GenOptions{MinRank: 3, MaxRank: 3, Params: engine.GenValues{"symmetry": "mirror", "size": "6x5"}}, 3},
		{"10x10 rank 1", engine.GenOptions{MinRank: 1, MaxRank: 1, Params: engine.GenValues{"size": "10x10"}}, 3},
		{"10x10 rank 4 rot90", engine.GenOptions{MinRank: 4, MaxRank: 4, Params: engine.GenValues{"symmetry": "rot90", "size": "10x10"}}, 3},
		{"9x9 diagonal 30% black", engine.GenOptions{Params: engine.GenValues{"symmetry": "diagonal", "size": "9x9", "black": "0.3"}}, 3},
		{"8x8 full symmetry", engine.GenOptions{Params: engine.GenValues{"symmetry": "full", "size": "8x8"}}, 3},
		{"12x7 rank 2-3", engine.GenOptions{MinRank: 2, MaxRank: 3, Params: engine.GenValues{"size": "12x7"}}, 3},
		{"20x20 rank 4", engine.GenOptions{MinRank: 4, MaxRank: 4, Params: engine.GenValues{"size": "20x20"}}, 1},
		{"7x7 not minimal, 6-9 clues", engine.GenOptions{Params: engine.GenValues{"clues": "6-9", "minimal": "false", "size": "7x7"}}, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ps, rs := generate(t, tc.opt, 42, tc.n)
			args, err := engine.ReadGenValues(akari.Kind{}.GenParams(), tc.opt.Params)
			if err != nil {
				t.Fatal(err)
			}
			w, h := args.Size("size")
			y := engine.Symmetry(args.Choice("symmetry"))
			minClues, maxClues := args.Range("clues")
			for i, p := range ps {
				id := p.TathamID()
				if p.W != w || p.H != h {
					t.Errorf("%s: %dx%d, asked %dx%d", id, p.W, p.H, w, h)
				}
				if n := solutions(p); n != 1 {
					t.Errorf("%s: the reference finds %d solutions", id, n)
				}
				r := p.Rate(false)
				if r.Status != engine.Unique || r.Rank != rs[i].Rank {
					t.Errorf("%s: Rate gives %v rank %d, Next said rank %d", id, r.Status, r.Rank, rs[i].Rank)
				}
				if lo, hi := tc.opt.MinRank, tc.opt.MaxRank; lo > 0 && (r.Rank < lo || r.Rank > hi) {
					t.Errorf("%s: rank %d, asked %d-%d", id, r.Rank, lo, hi)
				}
				if !symmetric(t, p, y) {
					t.Errorf("%s: black cells or clues not %s symmetric", id, y)
				}
				if !args.Bool("minimal") {
					if c := p.Clues(); c < minClues || c > maxClues {
						t.Errorf("%s: %d clues, asked %d-%d", id, c, minClues, maxClues)
					}
				} else if o := droppable(t, p, y); o != nil {
					t.Errorf("%s: not minimal: the numbers at %v can go", id, o)
				}
			}
		})
	}
}

// TestGenerateBlackShare: over a run the puzzles have, on average, the asked
// share of black cells (repairs that make a layout unique add black cells,
// which the next layouts leave out).
func TestGenerateBlackShare(t *testing.T) {
	for _, share := range []float64{0.15, 0.2, 0.3} {
		ps, _ := generate(t, engine.GenOptions{Params: engine.GenValues{"size": "12x12", "black": strconv.FormatFloat(share, 'g', -1, 64)}}, 9, 30)
		black, all := 0, 0
		for _, p := range ps {
			for _, ch := range p.Cells {
				all++
				if ch != akari.White {
					black++
				}
			}
		}
		if got := float64(black) / float64(all); got < share-0.03 || got > share+0.03 {
			t.Errorf("asked %.0f%% black cells, made %.1f%%", 100*share, 100*got)
		}
	}
}

// TestGenerateReproducible: the same seed gives the same puzzles, another
// seed others.
func TestGenerateReproducible(t *testing.T) {
	opt := engine.GenOptions{MinRank: 2, MaxRank: 3, Params: engine.GenValues{"symmetry": "rot180", "size": "8x8"}}
	ids := func(seed uint64) string {
		ps, _ := generate(t, opt, seed, 4)
		var b strings.Builder
		for _, p := range ps {
			b.WriteString(p.TathamID() + "\n")
		}
		return b.String()
	}
	a, b, c := ids(7), ids(7), ids(8)
	if a != b {
		t.Errorf("seed 7 twice gave\n%s\nthen\n%s", a, b)
	}
	if a == c {
		t.Errorf("seeds 7 and 8 gave the same puzzles:\n%s", a)
	}
}

func TestGenerateRefuses(t *testing.T) {
	cases := []struct {
		name       string
		opt        engine.GenOptions
		impossible bool
		says       string
	}{
		{"3x3 at rank 5", engine.GenOptions{MinRank: 5, MaxRank: 5, Params: engine.GenValues{"size": "3x3"}}, true, "rates above 4"},
		{"2x2 at rank 3", engine.GenOptions{MinRank: 3, Params: engine.GenValues{"size": "2x2"}}, true, "rates above 2"},
		{"rank 6", engine.GenOptions{MinRank: 6, MaxRank: 6}, true, "ranks 1-5"},
		{"more clues than black cells", engine.GenOptions{Params: engine.GenValues{"clues": "40-100", "size": "10x10"}}, true, "about 20 black cells"},
		{"61x61", engine.GenOptions{Params: engine.GenValues{"size": "61x61"}}, false, "from 1x1 to 60x60"},
		{"rot90 on 10x12", engine.GenOptions{Params: engine.GenValues{"symmetry": "rot90", "size": "10x12"}}, false, "square grid"},
		{"all black", engine.GenOptions{Params: engine.GenValues{"black": "100%"}}, false, "want a share between 0% and 100%"},
		{"unknown symmetry", engine.GenOptions{Params: engine.GenValues{"symmetry": "spiral"}}, false, "unknown symmetry"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := akari.Kind{}.NewSource(tc.opt, rand.New(rand.NewPCG(1, 1)))
			if err == nil {
				t.Fatalf("NewSource(%+v) accepted", tc.opt)
			}
			if errors.Is(err, engine.ErrImpossible) != tc.impossible {
				t.Errorf("%v: wraps ErrImpossible %v, want %v", err, !tc.impossible, tc.impossible)
			}
			if !strings.Contains(err.Error(), tc.says) {
				t.Errorf("%v: does not say %q", err, tc.says)
			}
		})
	}
}

// TestGenerateStopsOnContext: Next returns the context's error when it ends
// first (a 3x3 at rank 4 is possible but rare).
func TestGenerateStopsOnContext(t *testing.T) {
	src, err := akari.Kind{}.NewSource(engine.GenOptions{MinRank: 4, Params: engine.GenValues{"size": "3x3"}}, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := src.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Next on an ended context: %v", err)
	}
}
