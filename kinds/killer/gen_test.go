package killer_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/killer"
)

func newSource(t *testing.T, size string, lo, hi int, params engine.GenValues, seed uint64) engine.Source {
	t.Helper()
	if params == nil {
		params = engine.GenValues{}
	}
	params["size"] = size
	src, err := killer.Kind{}.NewSource(engine.GenOptions{MinRank: lo, MaxRank: hi, Params: params}, rand.New(rand.NewPCG(seed, 31)))
	if err != nil {
		t.Fatalf("%s rank %d-%d: %v", size, lo, hi, err)
	}
	return src
}

// checkGenerated re-solves and re-rates a generated puzzle: unique, the
// rank and solution the source gave, in the target, cages of 2 to N cells
// unless one-cell cages are allowed, no givens.
func checkGenerated(t *testing.T, what string, p engine.Puzzle, rt engine.Rating, lo, hi int, singles bool) {
	t.Helper()
	kp := p.(*killer.Puzzle)
	if res := kp.Solve(); res.Status != engine.Unique || res.Solution != rt.Solution {
		t.Fatalf("%s: solve %v, want unique %s", what, res.Status, rt.Solution)
	}
	again := kp.Rate(false)
	if again.Rank != rt.Rank || again.Solution != rt.Solution {
		t.Fatalf("%s: re-rated %d, generated as %d", what, again.Rank, rt.Rank)
	}
	if rt.Rank < lo || rt.Rank > hi {
		t.Fatalf("%s: rank %d outside %d-%d", what, rt.Rank, lo, hi)
	}
	for i, cells := range kp.Cages() {
		if len(cells) > kp.N || (len(cells) < 2 && !singles) {
			t.Fatalf("%s: cage %d has %d cells", what, i, len(cells))
		}
	}
	if kp.Clues() != 0 && kp.Clues() != len(kp.Sums) {
		t.Logf("%s: clues %d", what, kp.Clues())
	}
	for _, g := range kp.Given {
		if g != 0 {
			t.Fatalf("%s: a given", what)
		}
	}
	if q, err := killer.Parse(kp.Givens()); err != nil || q.Canonical() != kp.Canonical() {
		t.Fatalf("%s: its Tatham ID does not read back: %v", what, err)
	}
}

// TestGenerateLevels makes a puzzle of each size at each rank the
// generator offers (9x9 Extreme, the slowest, only without -short) and
// re-rates it.
func TestGenerateLevels(t *testing.T) {
	for _, tc := range []struct {
		size   string
		lo, hi int
	}{{"4x4", 1, 1}, {"6x6", 1, 6}, {"9x9", 1, 6}} {
		for lvl := tc.lo; lvl <= tc.hi; lvl++ {
			if testing.Short() && tc.size == "9x9" && lvl == killer.LevelExtreme {
				continue
			}
			src := newSource(t, tc.size, lvl, lvl, nil, uint64(lvl))
			p, rt, err := src.Next(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			checkGenerated(t, fmt.Sprintf("%s rank %d", tc.size, lvl), p, rt, lvl, lvl, false)
			tried := src.Tried()
			if tried[lvl] < 1 {
				t.Errorf("%s rank %d: tried %v counts no candidate at the rank", tc.size, lvl, tried)
			}
		}
	}
}

// TestGenerateSingles: with one-cell cages allowed, puzzles still come
// out unique and at the target, and some have a one-cell cage.
func TestGenerateSingles(t *testing.T) {
	src := newSource(t, "9x9", 1, 3, engine.GenValues{"single": "true"}, 5)
	ones := 0
	for i := range 6 {
		p, rt, err := src.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		checkGenerated(t, fmt.Sprintf("singles %d", i), p, rt, 1, 3, true)
		for _, cells := range p.(*killer.Puzzle).Cages() {
			if len(cells) == 1 {
				ones++
			}
		}
	}
	if ones == 0 {
		t.Error("six puzzles with one-cell cages allowed have none")
	}
}

// TestGenerateSeed: the same seed and options give the same puzzles, no
// two of them alike up to symmetry.
func TestGenerateSeed(t *testing.T) {
	var ids [2][]string
	for k := range ids {
		src := newSource(t, "6x6", 2, 4, nil, 9)
		for range 3 {
			p, _, err := src.Next(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			ids[k] = append(ids[k], p.Givens())
		}
	}
	if fmt.Sprint(ids[0]) != fmt.Sprint(ids[1]) {
		t.Errorf("same seed, different puzzles:\n%v\n%v", ids[0], ids[1])
	}
	seen := map[string]bool{}
	for _, id := range ids[0] {
		c := mustParse(t, id).Canonical()
		if seen[c] {
			t.Errorf("one run made %s twice (up to symmetry)", id)
		}
		seen[c] = true
	}
}

// TestGenerateRefused: a size that is no killer's, a rank above the
// ladder's or above what the size reaches, are refused with their
// reason; a cancelled context ends Next.
func TestGenerateRefused(t *testing.T) {
	k := killer.Kind{}
	for _, tc := range []struct {
		size       string
		lo, hi     int
		impossible bool
	}{
		{"5x5", 0, 0, false}, {"9x6", 0, 0, false}, {"12x12", 0, 0, false},
		{"4x4", 2, 2, true}, {"9x9", 8, 8, true}, {"9x9", 7, 7, true}, {"6x6", 4, 2, true},
	} {
		_, err := k.NewSource(engine.GenOptions{MinRank: tc.lo, MaxRank: tc.hi, Params: engine.GenValues{"size": tc.size}}, rand.New(rand.NewPCG(1, 1)))
		if err == nil {
			t.Errorf("%s rank %d-%d: accepted", tc.size, tc.lo, tc.hi)
			continue
		}
		if tc.impossible != errors.Is(err, engine.ErrImpossible) {
			t.Errorf("%s rank %d-%d: %v (impossible: %v)", tc.size, tc.lo, tc.hi, err, errors.Is(err, engine.ErrImpossible))
		}
		var pe *engine.GenParamError
		if !tc.impossible && !errors.As(err, &pe) {
			t.Errorf("%s: %v names no parameter", tc.size, err)
		}
		// Every size no killer has is refused with the same sentence,
		// inside the bounds (5x5) or beyond them (12x12).
		if want := fmt.Sprintf("size: %q: the generator makes 4x4, 6x6 or 9x9 grids only", tc.size); !tc.impossible && !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s: %q, want %q", tc.size, err, want)
		}
	}
	if _, err := k.NewSource(engine.GenOptions{Params: engine.GenValues{"black": "20%"}}, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("a parameter the generator does not take was accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src := newSource(t, "9x9", 6, 6, nil, 1)
	if _, _, err := src.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
