package slitherlink

import "pencilbox/engine"

// RateSolved rates p with its known unique solution sol (no solve).
func RateSolved(p *Puzzle, sol string, withSteps bool) engine.Rating {
	return rateSolved(p, sol, withSteps, RateWorkLimit)
}

// RateSolvedLimit is RateSolved with the rater's work limit at limit.
func RateSolvedLimit(p *Puzzle, sol string, limit int64) engine.Rating {
	return rateSolved(p, sol, false, limit)
}
