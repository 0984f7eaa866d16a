package sudoku

import (
	"fmt"

	"pencilbox/engine"
)

var _ engine.Imager = Kind{}

// Image maps a puzzle and its solution to their image under the grid
// symmetry and digit relabelling that choice draws (RandomSymmetry over
// engine.ImageRand): a 17-clue puzzle stored in its minlex form prints
// as one of its 3,359,232 x 9! images, and the same choice prints the
// same one again. Choice 0 is the identity.
func (Kind) Image(givens, solution string, choice uint64) (string, string, error) {
	g, err := ParseLine(givens)
	if err != nil {
		return "", "", fmt.Errorf("sudoku image: givens: %w", err)
	}
	if choice == 0 {
		return g.String(), solution, nil
	}
	s := RandomSymmetry(engine.ImageRand(choice))
	img := s.Apply(&g)
	sol := ""
	if solution != "" {
		sg, err := ParseLine(solution)
		if err != nil {
			return "", "", fmt.Errorf("sudoku image: solution: %w", err)
		}
		si := s.Apply(&sg)
		sol = si.String()
	}
	return img.String(), sol, nil
}
