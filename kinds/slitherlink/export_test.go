package slitherlink

import "pencilbox/engine"

// RateSolved rates p with its known unique solution sol (no solve).
func RateSolved(p *Puzzle, sol string, withSteps bool) engine.Rating {
	return rateSolved(p, sol, withSteps, RateWorkLimit)
}
