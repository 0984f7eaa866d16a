package killer

import (
	"fmt"

	"pencilbox/engine"
)

var _ engine.Imager = Kind{}

// Image maps a killer and its solution to their image under the one of
// the grid's symmetries (8, or 4 for 6x6) that choice draws from
// engine.ImageRand: the cages move with their cells and keep their sums.
// Digits are not relabelled: a relabelling keeps every cage's sum only
// in rare puzzles (Relabels). Choice 0 is the identity.
func (Kind) Image(givens, solution string, choice uint64) (string, string, error) {
	p, err := Parse(givens)
	if err != nil {
		return "", "", fmt.Errorf("killer image: %w", err)
	}
	if solution != "" && len(solution) != p.N*p.N {
		return "", "", fmt.Errorf("killer image: solution of %d cells, the grid has %d", len(solution), p.N*p.N)
	}
	t := 0
	if choice != 0 {
		t = engine.ImageRand(choice).IntN(p.Symmetries())
	}
	sol := ""
	if solution != "" {
		sol = p.TransformSolution(t, solution)
	}
	return p.Transform(t).Givens(), sol, nil
}
