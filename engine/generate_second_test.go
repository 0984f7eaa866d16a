package engine_test

import (
	"context"
	"errors"
	"testing"

	"pencilbox/engine"
)

// listSource hands out puzzles whose Givens are the ER a fake rater reads.
type listSource struct {
	ers []string
	i   int
}

type erPuzzle struct {
	engine.Puzzle
	er string
}

func (p erPuzzle) Givens() string { return p.er }

func (s *listSource) Next(ctx context.Context) (engine.Puzzle, engine.Rating, error) {
	if s.i == len(s.ers) {
		return nil, engine.Rating{}, context.Canceled
	}
	s.i++
	return erPuzzle{er: s.ers[s.i-1]}, engine.Rating{Rank: 1}, nil
}

func (s *listSource) Tried() []int { return []int{0, s.i} }

type fakeRater struct{}

func (fakeRater) Scales() []engine.Scale {
	return []engine.Scale{{Key: "f", Short: "F", Max: 10, Decimals: 1, Filter: true, Sort: true}}
}

func (fakeRater) RateSecond(p engine.Puzzle, _ bool) engine.SecondRating {
	switch p.Givens() {
	case "none":
		return engine.SecondRating{Err: errors.New("beyond")}
	case "6.2":
		return engine.SecondRating{Values: [engine.ScaleSlots]float64{6.2}, Note: "chain"}
	case "8.0":
		return engine.SecondRating{Values: [engine.ScaleSlots]float64{8.0}}
	}
	return engine.SecondRating{Values: [engine.ScaleSlots]float64{2.0}}
}

func TestSecondSource(t *testing.T) {
	cases := []struct {
		name   string
		filter bool
		lo, hi float64
		want   []string // the puzzles Next returns, in order
		rated  int
	}{
		{"filter 6.0-7.5", true, 6.0, 7.5, []string{"6.2"}, 4},
		{"filter 6-, open above", true, 6.0, 0, []string{"6.2", "8.0"}, 4},
		{"no filter: every puzzle, rated or not", false, 0, 0, []string{"2.0", "none", "6.2", "8.0", "2.0"}, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := &engine.SecondSource{Source: &listSource{ers: []string{"2.0", "none", "6.2", "8.0", "2.0"}},
				Rater: fakeRater{}, Filter: tc.filter, Lo: tc.lo, Hi: tc.hi}
			var got []string
			for {
				p, _, err := src.Next(context.Background())
				if err != nil {
					break
				}
				got = append(got, p.Givens())
				if p.Givens() == "6.2" && src.Last().Note != "chain" {
					t.Errorf("Last() = %+v, want the 6.2 rating", src.Last())
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("Next gave %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("Next gave %v, want %v", got, tc.want)
				}
			}
			if rated, kept := src.SecondTried(); rated != tc.rated || kept != len(tc.want) {
				t.Errorf("SecondTried %d, %d; want %d, %d", rated, kept, tc.rated, len(tc.want))
			}
		})
	}
}
