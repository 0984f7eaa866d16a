package nonogram_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

func genSource(t testing.TB, o engine.GenOptions, seed uint64) engine.Source {
	t.Helper()
	src, err := nonogram.Kind{}.NewSource(o, rand.New(rand.NewPCG(seed, 7)))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// Generated puzzles are unique, at the asked rank, and rate the same when
// rated again from their givens.
func TestGenerate(t *testing.T) {
	for _, tc := range []struct {
		size   string
		lo, hi int
		n      int
		sym    string
	}{
		{"10x10", 1, 1, 3, ""},
		{"10x10", 2, 2, 3, ""},
		{"15x15", 1, 2, 3, "rot180"},
		{"10x10", 3, 3, 3, ""},
		{"12x8", 3, 3, 2, "mirror"},
		{"20x20", 0, 0, 2, ""},
	} {
		params := engine.GenValues{"size": tc.size}
		if tc.sym != "" {
			params["symmetry"] = tc.sym
		}
		src := genSource(t, engine.GenOptions{MinRank: tc.lo, MaxRank: tc.hi, Params: params}, 1)
		for range tc.n {
			p, r, err := src.Next(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			q, err := nonogram.Kind{}.Parse(p.Givens())
			if err != nil {
				t.Fatalf("%s: %v", p.Givens(), err)
			}
			again := q.Rate(false)
			if again.Status != engine.Unique || again.Rank != r.Rank || again.Score != r.Score || again.Solution != r.Solution ||
				engine.ProfileString(again.Profile) != engine.ProfileString(r.Profile) {
				t.Fatalf("%s: generated %v rank %d, rated again %v rank %d", p.Givens(), r.Status, r.Rank, again.Status, again.Rank)
			}
			if tc.lo > 0 && (r.Rank < tc.lo || r.Rank > tc.hi) {
				t.Fatalf("%s: rank %d, asked %d-%d", p.Givens(), r.Rank, tc.lo, tc.hi)
			}
			if got := fmtSize(p); got != tc.size {
				t.Fatalf("%s: size %s, asked %s", p.Givens(), got, tc.size)
			}
		}
		tried := src.Tried()
		if len(tried) != 5 {
			t.Fatalf("tried %v", tried)
		}
		t.Logf("%s rank %d-%d: tried %v", tc.size, tc.lo, tc.hi, tried)
	}
}

func fmtSize(p engine.Puzzle) string {
	return itoa(p.Width()) + "x" + itoa(p.Height())
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// The same seed gives the same puzzles.
func TestGenerateRepeatable(t *testing.T) {
	o := engine.GenOptions{MaxRank: 2, Params: engine.GenValues{"size": "12x10"}}
	a, b := genSource(t, o, 5), genSource(t, o, 5)
	for range 3 {
		p, _, err1 := a.Next(context.Background())
		q, _, err2 := b.Next(context.Background())
		if err1 != nil || err2 != nil || p.Givens() != q.Givens() {
			t.Fatalf("%v %v: %s and %s", err1, err2, p.Givens(), q.Givens())
		}
	}
}

// Targets the generator cannot meet are refused with ErrImpossible, bad
// parameters naming the parameter.
func TestGenerateRefuses(t *testing.T) {
	for _, tc := range []struct {
		o          engine.GenOptions
		impossible bool
	}{
		{engine.GenOptions{MinRank: 5}, true},
		{engine.GenOptions{MinRank: 2, MaxRank: 2, Params: engine.GenValues{"size": "4x4"}}, true},
		{engine.GenOptions{MinRank: 2, Params: engine.GenValues{"size": "1x8"}}, false}, // below GenMinSize
		{engine.GenOptions{Params: engine.GenValues{"size": "61x10"}}, false},
		{engine.GenOptions{Params: engine.GenValues{"filled": "150%"}}, false},
		{engine.GenOptions{Params: engine.GenValues{"symmetry": "rot90", "size": "10x12"}}, false},
		{engine.GenOptions{Params: engine.GenValues{"black": "20%"}}, false},
	} {
		_, err := nonogram.Kind{}.NewSource(tc.o, rand.New(rand.NewPCG(1, 1)))
		if err == nil || errors.Is(err, engine.ErrImpossible) != tc.impossible {
			t.Errorf("%+v: %v, want an error (impossible: %v)", tc.o, err, tc.impossible)
		}
	}
}

// A cancelled context ends Next.
func TestGenerateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src := genSource(t, engine.GenOptions{}, 1)
	if _, _, err := src.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
}
