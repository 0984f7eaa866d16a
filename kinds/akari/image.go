package akari

import (
	"fmt"

	"pencilbox/engine"
)

var _ engine.Imager = Kind{}

// Image maps a puzzle and its solution to their image under the one of
// the grid's 8 symmetries (4 distinct ones when the grid is not square
// count twice: a transposed image is as good a print) that choice draws
// from engine.ImageRand. Choice 0 is the identity.
func (Kind) Image(givens, solution string, choice uint64) (string, string, error) {
	p, err := Parse(givens)
	if err != nil {
		return "", "", fmt.Errorf("akari image: %w", err)
	}
	if solution != "" && len(solution) != p.W*p.H {
		return "", "", fmt.Errorf("akari image: solution of %d cells, the grid has %d", len(solution), p.W*p.H)
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
