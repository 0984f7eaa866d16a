package slitherlink

import (
	"fmt"

	"pencilbox/engine"
)

var _ engine.Resembler = Kind{}

// SolutionKey is the smallest, over the grid's 8 rotations and
// reflections, of the solution's inside and outside cells (rows of
// '1'/'0' joined by '/'): two puzzles have the same key exactly when one's
// loop is an image of the other's. Every clue a loop allows is its count
// of sides on the loop, so puzzles on one loop differ only in the clues
// they show: a reader takes one for the other, and the generator keeps no
// two of them (engine.Resembler).
func (Kind) SolutionKey(ep engine.Puzzle, solution string) (string, error) {
	p, ok := ep.(*Puzzle)
	if !ok {
		return "", fmt.Errorf("slitherlink: solution key of a %s puzzle", ep.Kind().Name())
	}
	if solution == "" {
		r := p.Solve()
		if r.Status != engine.Unique {
			return "", fmt.Errorf("slitherlink: solution key of %s: it is %v, not unique", p.Givens(), r.Status)
		}
		solution = r.Solution
	}
	best := ""
	for t := range 8 {
		s := p.TransformSolution(t, solution)
		if s == "" {
			return "", fmt.Errorf("slitherlink: solution key: %q is not %d rows of %d cells", solution, p.H, p.W)
		}
		if t == 0 || s < best {
			best = s
		}
	}
	return best, nil
}
