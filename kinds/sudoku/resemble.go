package sudoku

import (
	"errors"
	"fmt"

	"pencilbox/engine"
)

var _ engine.Resembler = Kind{}

// SolutionKey is the minlex form (Canonical) of p's solution grid: two
// puzzles have the same key exactly when their solution grids are images
// of each other under the grid's symmetries and a digit relabelling.
func (Kind) SolutionKey(p engine.Puzzle, solution string) (string, error) {
	if solution == "" {
		r := p.Solve()
		if r.Status != engine.Unique {
			return "", fmt.Errorf("sudoku: solution key of %s: it is %v, not unique", p.Givens(), r.Status)
		}
		solution = r.Solution
	}
	g, err := ParseLine(solution)
	if err != nil {
		return "", fmt.Errorf("sudoku: solution key: %w", err)
	}
	if g.Clues() != 81 {
		return "", errors.New("sudoku: solution key: the solution has empty cells")
	}
	return FullCanonical(&g), nil
}
