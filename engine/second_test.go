package engine_test

import (
	"testing"

	"pencilbox/engine"
)

type plainRater struct{}

func (plainRater) RateSecond(engine.Puzzle, bool) engine.SecondRating { return engine.SecondRating{} }

type twoFormRater struct{ thorough bool }

func (twoFormRater) RateSecond(engine.Puzzle, bool) engine.SecondRating { return engine.SecondRating{} }
func (twoFormRater) Thorough() engine.SecondRater                       { return twoFormRater{thorough: true} }
func (twoFormRater) Scales() []engine.Scale                             { return nil }
func (plainRater) Scales() []engine.Scale                               { return nil }

// TestThorough: a rater with a thorough form gives it; one without is its
// own.
func TestThorough(t *testing.T) {
	if got := engine.Thorough(twoFormRater{}); got != (twoFormRater{thorough: true}) {
		t.Errorf("Thorough of a two-form rater = %#v", got)
	}
	if got := engine.Thorough(plainRater{}); got != (plainRater{}) {
		t.Errorf("Thorough of a plain rater = %#v", got)
	}
}
