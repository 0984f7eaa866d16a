package engine

import (
	"math"
	"slices"
	"strconv"
)

// SecondRating is a rating on a second difficulty scale a kind may offer
// beside its ladder (Sudoku: Sudoku Explainer's), because a ladder's top
// rank can hold puzzles from a newspaper's "hard" to a record. Values
// holds one figure per scale the rater declares (SecondRater.Scales), in
// that order, rounded to the scale's decimals; all zero when there is
// none. What each figure means is the kind's to say in its Scale.
type SecondRating struct {
	Values [ScaleSlots]float64
	// Note names what set the first figure (Sudoku: the hardest step's
	// technique, "XY-Wing").
	Note string
	// Steps is the scale's own step log, only when asked for.
	Steps []Step
	// Err says why there is no rating: not unique, or the rater gave up
	// (it wraps ErrWorkLimit then).
	Err error
}

// Rated reports whether r holds a rating.
func (r SecondRating) Rated() bool { return r.Err == nil && r.Values[0] > 0 }

// SecondRater is an optional capability of a kind: it rates the kind's
// puzzles on a second scale. Shared code finds it by kind name in
// SecondRaters and never knows which scale it is.
type SecondRater interface {
	// RateSecond rates p, a puzzle of the rater's kind; steps asks for
	// the step log.
	RateSecond(p Puzzle, steps bool) SecondRating
	// Scales declares the figures of its ratings, in Values' order
	// (CheckScales holds them to what the library can store).
	Scales() []Scale
}

// ThoroughRater is an optional capability of a SecondRater whose work
// limit is set for rating in bulk (an import, a generator's candidates),
// where one of the hardest puzzles known is not worth seconds: Thorough
// gives the same scale with the limit of one rating asked for by hand
// (pencilbox rate), which waits for those puzzles instead of giving up.
type ThoroughRater interface {
	Thorough() SecondRater
}

// Thorough returns r's thorough form (ThoroughRater) when it has one, else
// r itself.
func Thorough(r SecondRater) SecondRater {
	if t, ok := r.(ThoroughRater); ok {
		return t.Thorough()
	}
	return r
}

// SecondRaters maps a kind's name to its second rater; kinds without one
// are absent.
type SecondRaters map[string]SecondRater

// Kinds lists the names of the kinds that have a second rater, sorted.
func (s SecondRaters) Kinds() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// ScalesOf is the scales kind's second rater declares; nil when it has
// none.
func (s SecondRaters) ScalesOf(kind string) []Scale {
	if r, ok := s[kind]; ok {
		return r.Scales()
	}
	return nil
}

// Tenths rounds a second-scale figure to the tenth it is printed and
// stored as (6.65 -> 6.7).
func Tenths(d float64) float64 { return math.Floor((d+0.05)*10) / 10 }

// FormatTenths prints a second-scale figure with one decimal ("7.0").
func FormatTenths(d float64) string { return strconv.FormatFloat(Tenths(d), 'f', 1, 64) }

// QuickRater is an optional capability of a SecondRater that is slow on
// some puzzles: Quick gives the same scale within a small work budget, so
// an import rates at once the puzzles that fit it and leaves the others
// pending for the rating queue (library.RateQueue), which rates them with
// the bulk form. A rating Quick finishes is the bulk form's; one it gives
// up on wraps ErrWorkLimit and says nothing of the puzzle.
type QuickRater interface {
	Quick() SecondRater
}

// Quick returns r's quick form (QuickRater); ok is false when it has none.
func Quick(r SecondRater) (SecondRater, bool) {
	if q, ok := r.(QuickRater); ok {
		return q.Quick(), true
	}
	return nil, false
}
