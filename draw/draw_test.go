package draw_test

import (
	"testing"

	"pencilbox/draw"
)

// TestCageOutline: a cage's inset outline is closed loops whatever its
// shape (each piece's ends meet another piece's end, once): a single
// cell, a domino, an L (a concave corner), a U, a square, a ring.
func TestCageOutline(t *testing.T) {
	b := &draw.Board{Rows: 5, Cols: 5}
	for _, tc := range []struct {
		name   string
		cells  []int
		pieces int
	}{
		{"single", []int{12}, 4},
		{"domino", []int{0, 1}, 6},
		{"L", []int{6, 7, 12}, 8},
		{"U", []int{0, 2, 5, 6, 7}, 12},
		{"square", []int{0, 1, 5, 6}, 8},
		{"ring", []int{0, 1, 2, 5, 7, 10, 11, 12}, 16},
		{"off the board", []int{-1, 25, 24}, 4},
	} {
		sides := b.CageOutline(tc.cells)
		if len(sides) != tc.pieces {
			t.Errorf("%s: %d pieces, want %d", tc.name, len(sides), tc.pieces)
		}
		ends := map[draw.InsetPoint]int{}
		for _, s := range sides {
			ends[s.From]++
			ends[s.To]++
		}
		for p, n := range ends {
			if n != 2 {
				t.Errorf("%s: %d pieces end at %+v, want 2 (a closed outline)", tc.name, n, p)
			}
		}
	}
}
