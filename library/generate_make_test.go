package library_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
	"pencilbox/kinds/sudoku"
	"pencilbox/library"
)

// held is a library holding puzzles by canonical form.
type held map[string]bool

func (h held) Known(_ context.Context, _, canonical string) (engine.Status, string, bool, error) {
	return engine.Unique, "", h[canonical], nil
}

// TestMake: a run hands on Count new puzzles numbered from 1 with their
// worker, rank and (with a second rater) second rating; its tallies add up
// (made per rank within the candidates tried), the last Progress call
// gives them; the same seed on one worker makes the same puzzles again,
// and a library holding those makes the run skip them as repeats.
func TestMake(t *testing.T) {
	cases := []struct {
		what string
		o    library.GenerateOptions
	}{
		{"sudoku with ER", library.GenerateOptions{Kind: sudoku.Kind{}, Count: 4, Seed: 5, Second: bundles.SecondRaters()["sudoku"]}},
		{"sudoku in an ER range", library.GenerateOptions{Kind: sudoku.Kind{}, Count: 2, Seed: 5, Second: bundles.SecondRaters()["sudoku"], Scale: true, ScaleLo: 2.0, ScaleHi: 2.5}},
		{"akari rank 2-3", library.GenerateOptions{Kind: akari.Kind{}, Opt: engine.GenOptions{MinRank: 2, MaxRank: 3, Params: engine.GenValues{"size": "6x6"}}, Count: 5, Seed: 9}},
	}
	for _, tc := range cases {
		run := func(lib library.Knower) ([]library.Generated, library.GenProgress) {
			var made []library.Generated
			var last library.GenProgress
			calls := 0
			o := tc.o
			o.Progress = func(p library.GenProgress) { last, calls = p, calls+1 }
			p, err := library.Make(context.Background(), lib, o, func(g library.Generated) error {
				made = append(made, g)
				return nil
			})
			if err != nil {
				t.Fatalf("%s: %v", tc.what, err)
			}
			if calls == 0 || last.Made != p.Made || !slices.Equal(last.Tried, p.Tried) || !slices.Equal(last.ByRank, p.ByRank) {
				t.Errorf("%s: last progress %+v (%d calls), run's tallies %+v", tc.what, last, calls, p)
			}
			return made, p
		}
		made, p := run(nil)
		if len(made) != tc.o.Count || p.Made != tc.o.Count {
			t.Fatalf("%s: %d puzzles handed on, tallies say %d, want %d", tc.what, len(made), p.Made, tc.o.Count)
		}
		seen := held{}
		byRank := make([]int, len(p.ByRank))
		for i, g := range made {
			if g.N != i+1 || g.Job != 0 {
				t.Errorf("%s: puzzle %d numbered %d from job %d, want %d from job 0", tc.what, i, g.N, g.Job, i+1)
			}
			if r := g.Puzzle.Solve(); r.Status != engine.Unique {
				t.Errorf("%s: %s is %v", tc.what, g.Puzzle.Givens(), r.Status)
			}
			if lo, hi := tc.o.Opt.MinRank, tc.o.Opt.MaxRank; lo > 0 && (g.Rating.Rank < lo || g.Rating.Rank > hi) {
				t.Errorf("%s: %s rank %d, asked %d-%d", tc.what, g.Puzzle.Givens(), g.Rating.Rank, lo, hi)
			}
			if (g.Second != nil) != (tc.o.Second != nil) {
				t.Errorf("%s: second rating %v with rater %v", tc.what, g.Second, tc.o.Second)
			}
			if tc.o.Scale && (g.Second.Values[0] < tc.o.ScaleLo || g.Second.Values[0] > tc.o.ScaleHi) {
				t.Errorf("%s: ER %v, asked %v-%v", tc.what, g.Second.Values[0], tc.o.ScaleLo, tc.o.ScaleHi)
			}
			if seen[g.Puzzle.Canonical()] {
				t.Errorf("%s: %s made twice", tc.what, g.Puzzle.Givens())
			}
			seen[g.Puzzle.Canonical()] = true
			byRank[g.Rating.Rank]++
		}
		if !slices.Equal(byRank, p.ByRank) {
			t.Errorf("%s: made per rank %v, tallies say %v", tc.what, byRank, p.ByRank)
		}
		for r := range p.ByRank {
			if p.Tried[r] < p.ByRank[r] {
				t.Errorf("%s: rank %d: %d made of %d tried", tc.what, r, p.ByRank[r], p.Tried[r])
			}
		}
		if tc.o.Scale && (p.SecondInRange < tc.o.Count || p.SecondInRange > p.SecondRated) {
			t.Errorf("%s: %d in range of %d rated, %d made", tc.what, p.SecondInRange, p.SecondRated, tc.o.Count)
		}

		again, _ := run(nil)
		for i := range made {
			if again[i].Puzzle.Givens() != made[i].Puzzle.Givens() {
				t.Errorf("%s: the same seed made %s then %s", tc.what, made[i].Puzzle.Givens(), again[i].Puzzle.Givens())
			}
		}
		fresh, p2 := run(seen)
		for _, g := range fresh {
			if seen[g.Puzzle.Canonical()] {
				t.Errorf("%s: %s handed on though the library holds it", tc.what, g.Puzzle.Givens())
			}
		}
		if p2.Repeats < tc.o.Count {
			t.Errorf("%s: %d repeats skipped, want at least the %d the library holds", tc.what, p2.Repeats, tc.o.Count)
		}
	}
}

// TestMakeStops: a failing put stops the run with its error after one
// puzzle; an ended context stops it with the context's error.
func TestMakeStops(t *testing.T) {
	o := library.GenerateOptions{Kind: akari.Kind{}, Opt: engine.GenOptions{Params: engine.GenValues{"size": "5x5"}}, Count: 1000, Jobs: 2, Seed: 1}
	full := errors.New("disk full")
	calls := 0
	p, err := library.Make(context.Background(), nil, o, func(library.Generated) error { calls++; return full })
	if !errors.Is(err, full) || calls != 1 || p.Made != 0 {
		t.Errorf("failing put: %v after %d calls, %d made; want its error after one call, none made", err, calls, p.Made)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := library.Make(ctx, nil, o, func(library.Generated) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v, want context.Canceled", err)
	}
	bad := o
	bad.Count = 0
	if _, err := library.Make(context.Background(), nil, bad, func(library.Generated) error { return nil }); err == nil {
		t.Error("a run of 0 puzzles was not refused")
	}
}
