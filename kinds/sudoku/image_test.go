package sudoku_test

import (
	"testing"

	"pencilbox/internal/imagetest"
	"pencilbox/kinds/sudoku"
)

// TestImage: a publication printed as random images prints each puzzle as
// itself turned, mirrored (and relabelled where the kind has digits to
// rename): the 3,359,232 x 9! images of a 17-clue puzzle: 40 choices, 40 images.
func TestImage(t *testing.T) {
	imagetest.Check(t, sudoku.Kind{}, ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", 38)
}
