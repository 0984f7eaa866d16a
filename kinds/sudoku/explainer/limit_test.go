package explainer_test

import (
	"errors"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
)

// TestWorkLimit: a rating stopped by its work limit has no ER, EP or ED
// and says why (engine.ErrWorkLimit); with the default limit the same
// puzzle gets serate's 4.2.
func TestWorkLimit(t *testing.T) {
	g, err := sudoku.ParseLine("1.........3..6.....62.45...72..56.84.8...3..56..1...32.5.......3.......64.8.....1")
	if err != nil {
		t.Fatal(err)
	}
	r := explainer.Rate(&g, explainer.Options{WorkLimit: 20})
	if !errors.Is(r.Err, engine.ErrWorkLimit) || r.ER != 0 || r.EP != 0 || r.ED != 0 || r.Hardest != "" {
		t.Errorf("limited: %+v", r)
	}
	r = explainer.Rate(&g, explainer.Options{})
	if r.Err != nil || explainer.FormatRating(r.ER) != "4.2" {
		t.Errorf("unlimited: ER %v, %v", r.ER, r.Err)
	}
}

// TestNotRated: conflicting givens and puzzles without a unique solution
// get no rating and an error naming the reason.
func TestNotRated(t *testing.T) {
	for _, tc := range []struct{ puzzle, want string }{
		{"11" + strings.Repeat(".", 79), "conflict"},
		{strings.Repeat(".", 81), "more than one solution"},
	} {
		g, err := sudoku.ParseLine(tc.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		r := explainer.Rate(&g, explainer.Options{})
		if r.Err == nil || r.ER != 0 || !strings.Contains(r.Err.Error(), tc.want) {
			t.Errorf("%s: %+v", tc.puzzle, r)
		}
	}
}
