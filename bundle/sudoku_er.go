package bundle

import (
	"fmt"

	"pencilbox/engine"
	"pencilbox/engine/sudoku"
	"pencilbox/engine/sudoku/explainer"
)

// SecondRater is Sudoku Explainer's rating (ER, EP, ED), computed by the
// explainer package along serate's path.
func (Sudoku) SecondRater() engine.SecondRater { return explainerRater{} }

// explainerRater adapts explainer.Rate to engine.SecondRater, with the
// explainer's bulk work limit (an import does not wait seconds on one of
// the hardest puzzles; it has no ER, as gave up). It lives in
// the bundle because the explainer builds on package sudoku, which
// therefore cannot call it.
type explainerRater struct{}

func (explainerRater) RateSecond(p engine.Puzzle, steps bool) engine.SecondRating {
	sp, ok := p.(*sudoku.Puzzle)
	if !ok {
		return engine.SecondRating{Err: fmt.Errorf("explainer: not a Sudoku (%T)", p)}
	}
	sym := sp.CanonicalSymmetry() // kept from the import's Canonical
	r := explainer.Rate(&sp.Grid, explainer.Options{Steps: steps, WorkLimit: explainer.BulkWorkLimit, Symmetry: &sym})
	if r.Err != nil {
		return engine.SecondRating{Err: r.Err}
	}
	return engine.SecondRating{ER: engine.Tenths(r.ER), EP: engine.Tenths(r.EP), ED: engine.Tenths(r.ED),
		Technique: r.Hardest, Steps: r.Steps}
}

// ScaleRange makes the explainer's ER span known (engine.SecondScale), so
// generate refuses a target above it up front.
func (explainerRater) ScaleRange() (lo, hi float64) { return explainer.ScaleRange() }
