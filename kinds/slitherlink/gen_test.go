package slitherlink_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/slitherlink"
)

// TestGenerateLevels: puzzles generated at each level (1-6 at 7x7, 1-4
// at 10x10) rate that level when rated again from scratch (Rate, which
// also decides their status), with a solution that satisfies their
// clues.
func TestGenerateLevels(t *testing.T) {
	for _, tc := range []struct {
		size string
		top  int
	}{{"7x7", 6}, {"10x10", 4}} {
		for lv := 1; lv <= tc.top; lv++ {
			opt := engine.GenOptions{MinRank: lv, MaxRank: lv, Params: engine.GenValues{"size": tc.size}}
			src, err := slitherlink.Kind{}.NewSource(opt, rand.New(rand.NewPCG(7, uint64(lv))))
			if err != nil {
				t.Fatal(err)
			}
			p, rt, err := src.Next(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			q := p.(*slitherlink.Puzzle)
			again := q.Rate(false)
			if rt.Rank != lv || again.Rank != lv || again.Status != engine.Unique || again.Solution != rt.Solution {
				t.Fatalf("%s level %d: rank %d, rated again %v %d", q.LoopyID(), lv, rt.Rank, again.Status, again.Rank)
			}
			checkClues(t, q, rt.Solution)
			if err := slitherlink.CheckSolution(q, rt.Solution); err != nil {
				t.Fatalf("%s level %d: %v", q.LoopyID(), lv, err)
			}
		}
	}
}

// checkClues: every clue counts its sides on the solution's loop.
func checkClues(t *testing.T, p *slitherlink.Puzzle, sol string) {
	t.Helper()
	on := solutionEdges(p.W, p.H, sol)
	for r := 0; r < p.H; r++ {
		for c := 0; c < p.W; c++ {
			k := p.Clue[r*p.W+c]
			if k < 0 {
				continue
			}
			n := 0
			for _, e := range []engine.EdgeMark{{Row: r, Col: c}, {Row: r + 1, Col: c}, {Row: r, Col: c, Down: true}, {Row: r, Col: c + 1, Down: true}} {
				if on[e] {
					n++
				}
			}
			if n != int(k) {
				t.Fatalf("r%dc%d: clue %d, the solution has %d sides", r+1, c+1, k, n)
			}
		}
	}
}

// TestGenerateSymmetric: with a symmetry asked, the clued cells have it.
func TestGenerateSymmetric(t *testing.T) {
	for _, sym := range []engine.Symmetry{engine.SymRot180, engine.SymMirror, engine.SymFull} {
		opt := engine.GenOptions{MinRank: 1, MaxRank: 4, Params: engine.GenValues{"size": "8x8", "symmetry": string(sym)}}
		src, err := slitherlink.Kind{}.NewSource(opt, rand.New(rand.NewPCG(3, 4)))
		if err != nil {
			t.Fatal(err)
		}
		p, _, err := src.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		q := p.(*slitherlink.Puzzle)
		orbits, _ := sym.Orbits(q.W, q.H)
		for _, o := range orbits {
			for _, c := range o {
				if (q.Clue[c] < 0) != (q.Clue[o[0]] < 0) {
					t.Fatalf("%s: cells %d and %d of one orbit differ", sym, o[0], c)
				}
			}
		}
	}
}

// TestGenerateMinimal: a minimal puzzle loses its unique solution with
// any clue removed, and rates within the target.
func TestGenerateMinimal(t *testing.T) {
	opt := engine.GenOptions{MinRank: 3, MaxRank: 5, Params: engine.GenValues{"size": "6x6", "minimal": "true"}}
	src, err := slitherlink.Kind{}.NewSource(opt, rand.New(rand.NewPCG(11, 12)))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		p, rt, err := src.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		q := p.(*slitherlink.Puzzle)
		if rt.Rank < 3 || rt.Rank > 5 {
			t.Fatalf("%s: rank %d", q.LoopyID(), rt.Rank)
		}
		for c, k := range q.Clue {
			if k == slitherlink.NoClue {
				continue
			}
			r := &slitherlink.Puzzle{W: q.W, H: q.H, Clue: append([]int8(nil), q.Clue...)}
			r.Clue[c] = slitherlink.NoClue
			if st := r.Solve().Status; st == engine.Unique {
				t.Fatalf("%s: still unique without the clue at %s", q.LoopyID(), engine.CellName(c, q.W))
			}
		}
	}
}

// TestGenerateRefuses: sizes and ranks outside what the generator makes
// are refused, naming the reason.
func TestGenerateRefuses(t *testing.T) {
	for _, tc := range []struct {
		opt  engine.GenOptions
		want string
	}{
		{engine.GenOptions{Params: engine.GenValues{"size": "4x4"}}, "size"},
		{engine.GenOptions{Params: engine.GenValues{"size": "61x10"}}, "size"},
		{engine.GenOptions{MinRank: 7, MaxRank: 7}, "rank"},
		{engine.GenOptions{Params: engine.GenValues{"size": "8x10", "symmetry": "rot90"}}, "square"},
		{engine.GenOptions{Params: engine.GenValues{"black": "20%"}}, "black"},
	} {
		_, err := slitherlink.Kind{}.NewSource(tc.opt, rand.New(rand.NewPCG(1, 1)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error naming %s", tc.opt, err, tc.want)
		}
	}
}

// TestGenerateAnyRank: with no rank asked, candidates aim at levels 1-5
// (a search candidate costs a complete solve per clue removed).
func TestGenerateAnyRank(t *testing.T) {
	src, err := slitherlink.Kind{}.NewSource(engine.GenOptions{Params: engine.GenValues{"size": "6x6"}}, rand.New(rand.NewPCG(2, 3)))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for i := 0; i < 40; i++ {
		_, rt, err := src.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if rt.Rank < 1 || rt.Rank > 5 {
			t.Fatalf("rank %d with any rank asked", rt.Rank)
		}
		seen[rt.Rank] = true
	}
	if len(seen) < 4 {
		t.Fatalf("ranks made: %v, want most of 1-5", seen)
	}
}

// endsAfter is a context that is live for its first n Err calls and
// cancelled from then on: a stop that arrives while a candidate is made,
// at a point fixed by the calls, not by a clock.
type endsAfter struct {
	context.Context
	n int
}

func (c *endsAfter) Err() error {
	if c.n > 0 {
		c.n--
		return nil
	}
	return context.Canceled
}

// TestGenerateStopsInCandidate: a stop during a candidate ends Next with
// the context's error before that candidate is finished and rated. A 60x60
// candidate at level 4 had been made whole (25 s of CPU), so `generate
// --time 3s` ran 111 s.
func TestGenerateStopsInCandidate(t *testing.T) {
	opt := engine.GenOptions{MinRank: 4, MaxRank: 4, Params: engine.GenValues{"size": "60x60"}}
	src, err := slitherlink.Kind{}.NewSource(opt, rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		t.Fatal(err)
	}
	ctx := &endsAfter{Context: context.Background(), n: 3}
	p, _, err := src.Next(ctx)
	if err != context.Canceled || p != nil {
		t.Fatalf("Next after a stop: %v, %v; want context.Canceled and no puzzle", p, err)
	}
	total := 0
	for _, n := range src.Tried() {
		total += n
	}
	if total != 0 {
		t.Fatalf("tried %v: a candidate cut short was finished and rated", src.Tried())
	}
}
