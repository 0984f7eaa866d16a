package kind

import (
	"fmt"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
)

// SecondRater is Sudoku Explainer's rating (ER, EP, ED), computed by the
// explainer package along serate's path.
func (Bundle) SecondRater() engine.SecondRater { return explainerRater{} }

// explainerRater adapts explainer.Rate to engine.SecondRater, with the
// explainer's bulk work limit by default (an import does not wait seconds
// on one of the hardest puzzles; it has no ER, as gave up) and its default
// limit in its Thorough form (pencilbox rate --er). It lives in the registration
// package because the explainer builds on package sudoku, which therefore cannot
// call it.
type explainerRater struct {
	limit int64 // work units a rating may spend; 0 means explainer.BulkWorkLimit
}

// QuickWorkLimit is the budget of the rater's quick form, an import's
// first pass (engine.QuickRater): 10,000 explainer work units rate 95 to
// 99% of the 17-clue puzzles at about 0.2 ms each, and none of the
// forum's hardest (1.3 ms each before giving up), which wait for the
// rating queue (docs/BENCHMARKS.md, Rating queue).
const QuickWorkLimit = 10_000

// Quick is the rater within QuickWorkLimit (engine.QuickRater).
func (explainerRater) Quick() engine.SecondRater {
	return explainerRater{limit: QuickWorkLimit}
}

// Thorough is the rater with explainer.DefaultWorkLimit, which rates the
// hardest puzzles known (engine.ThoroughRater).
func (explainerRater) Thorough() engine.SecondRater {
	return explainerRater{limit: explainer.DefaultWorkLimit}
}

func (x explainerRater) RateSecond(p engine.Puzzle, steps bool) engine.SecondRating {
	sp, ok := p.(*sudoku.Puzzle)
	if !ok {
		return engine.SecondRating{Err: fmt.Errorf("explainer: not a Sudoku (%T)", p)}
	}
	sym := sp.CanonicalSymmetry() // kept from the import's Canonical
	limit := x.limit
	if limit == 0 {
		limit = explainer.BulkWorkLimit
	}
	r := explainer.Rate(&sp.Grid, explainer.Options{Steps: steps, WorkLimit: limit, Symmetry: &sym})
	if r.Err != nil {
		return engine.SecondRating{Err: r.Err}
	}
	return engine.SecondRating{Values: [engine.ScaleSlots]float64{engine.Tenths(r.ER), engine.Tenths(r.EP), engine.Tenths(r.ED)},
		Note: r.Hardest, Steps: r.Steps}
}

// Scales declares Sudoku Explainer's three figures (engine.Scale), in
// the order RateSecond gives them: ER, the one the library filters and
// sorts on, then EP and ED. Their keys are what users have typed and
// exported since the ER was first stored (--er, er=, sort=er, the csv
// and json columns er, ep, ed).
func (explainerRater) Scales() []engine.Scale {
	// Max is the bound the ER filter has always accepted (the figures
	// end near 12: ScaleRange, which generation checks its target on).
	const top = 100
	return []engine.Scale{
		{Key: "er", Name: "Sudoku Explainer rating", Short: "ER", Min: 0, Max: top, Decimals: 1,
			Step: "the ER is the difficulty of the hardest step", Filter: true, Sort: true, Placeholder: "6.5-7.5",
			NoteName: "Hardest step", NoteKey: "er_technique"},
		{Key: "ep", Name: "Sudoku Explainer pearl rating", Short: "EP", Min: 0, Max: top, Decimals: 1,
			Step: "the EP is the difficulty of the hardest step up to the first placed value"},
		{Key: "ed", Name: "Sudoku Explainer diamond rating", Short: "ED", Min: 0, Max: top, Decimals: 1,
			Step: "the ED is the difficulty of the first step"},
	}
}

// ScaleRange makes the explainer's ER span known (engine.SecondScale), so
// generate refuses a target above it up front.
func (explainerRater) ScaleRange() (lo, hi float64) { return explainer.ScaleRange() }

// erRankTop is the highest ER a puzzle of each star rank can be given
// (index: the rank; 0 for ranks 7 and 8, bounded by the scale only). A
// puzzle of rank r is solved by the ladder's techniques up to r, and each
// of them is one of the explainer's: Sbit its Naked Single (2.3), Ubit its
// Hidden Single (at most 1.5), InterSection its Pointing and Claiming
// (2.6, 2.8), E(n) and X(n) its Naked and Hidden Pair, Triple and Quad
// (3.0 and 3.4, 3.6 and 4.0, 5.0 and 5.4). The explainer takes the
// easiest hint at every step, and whatever it has placed or eliminated
// before, the ladder's first step it has not made is still open to it
// (fewer candidates keep the pattern, or leave an easier single), so no
// step of it is rated above the hardest technique of the rank. Negation
// and trial and error have no such counterpart.
var erRankTop = [...]float64{1: 2.3, 2: 2.3, 3: 2.8, 4: 3.4, 5: 4.0, 6: 5.4, 7: 0, 8: 0}

// erNotSingles is the lowest ER of a puzzle of rank 3 and up: singles do
// not solve it, so the explainer needs more than its Hidden Singles
// (1.0-1.5, which the ladder's Ubit makes too): Direct Pointing (1.7) at
// the least.
const erNotSingles = 1.7

// RankRange is the ER a puzzle of each star rank can have
// (engine.SecondRankRange), so generate refuses, say, rank 1 with ER 9-
// up front (erRankTop says why the bounds hold;
// TestERWithinRankRange checks them on the sample library).
func (explainerRater) RankRange(rank int) (lo, hi float64, ok bool) {
	lo, hi = explainer.ScaleRange()
	if rank < 1 || rank >= len(erRankTop) {
		return lo, hi, false
	}
	if rank >= 3 {
		lo = erNotSingles
	}
	if top := erRankTop[rank]; top > 0 {
		hi = top
	}
	return lo, hi, true
}
