package slitherlink

import (
	"fmt"

	"pencilbox/engine"
)

var _ engine.Imager = Kind{}

// Image maps a Slitherlink and its solution to their image under the one
// of the grid's 8 symmetries that choice draws from engine.ImageRand (a
// transposed image of a rectangle is as good a print). Choice 0 is the
// identity.
func (Kind) Image(givens, solution string, choice uint64) (string, string, error) {
	p, err := Parse(givens)
	if err != nil {
		return "", "", fmt.Errorf("slitherlink image: %w", err)
	}
	if solution != "" && len(solution) != p.H*(p.W+1)-1 {
		return "", "", fmt.Errorf("slitherlink image: solution %q is not %d rows of %d cells", solution, p.H, p.W)
	}
	t := 0
	if choice != 0 {
		t = engine.ImageRand(choice).IntN(8)
	}
	sol := ""
	if solution != "" {
		sol = p.TransformSolution(t, solution)
	}
	return p.Transform(t).Givens(), sol, nil
}
