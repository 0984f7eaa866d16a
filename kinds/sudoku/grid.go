// Package sudoku is the 9x9 Sudoku kind: parsing, the fast solver, two
// reference solvers, the star-ladder rater and the canonical form.
package sudoku

import (
	"fmt"
	"strings"

	"pencilbox/engine"
)

// Grid holds the digits of a 9x9 Sudoku, row-major; 0 is an empty cell.
type Grid [81]uint8

// The grid's geometry, filled once by init and only read after (kept
// unexported so no other package can change them):
//
//   - houses lists the 27 houses' cells: rows 0-8, columns 9-17, boxes 18-26;
//   - cellHouses gives each cell's row, column and box house index;
//   - peers lists the 20 cells that share a house with each cell.
var (
	houses     [27][9]uint8
	cellHouses [81][3]uint8
	peers      [81][20]uint8
)

func init() {
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			houses[i][j] = uint8(i*9 + j)
			houses[9+i][j] = uint8(j*9 + i)
			houses[18+i][j] = uint8((i/3*3+j/3)*9 + i%3*3 + j%3)
		}
	}
	for c := 0; c < 81; c++ {
		r, col := c/9, c%9
		cellHouses[c] = [3]uint8{uint8(r), uint8(9 + col), uint8(18 + r/3*3 + col/3)}
		n := 0
		for o := 0; o < 81; o++ {
			if o != c && (o/9 == r || o%9 == col || (o/27 == c/27 && o%9/3 == col/3)) {
				peers[c][n] = uint8(o)
				n++
			}
		}
	}
}

// HouseName names a house as the step log does: "row 3", "column 7", "box 5".
func HouseName(h int) string {
	switch {
	case h < 9:
		return fmt.Sprintf("row %d", h+1)
	case h < 18:
		return fmt.Sprintf("column %d", h-8)
	}
	return fmt.Sprintf("box %d", h-17)
}

// cellName names a cell r1c1 ... r9c9 (engine.CellName on the 9-wide grid).
func cellName(c int) string { return engine.CellName(c, 9) }

// isEmptyMark reports whether b marks an empty cell in the line form.
func isEmptyMark(b byte) bool {
	return b == '.' || b == '0' || b == '*' || b == '-' || b == '_'
}

// ParseLine reads the 81-character line form. Anything after the 81 cells
// and white space is a comment and is ignored here (importers keep it as the
// puzzle's note). Errors name the 1-based position and the reason.
func ParseLine(s string) (Grid, error) {
	var g Grid
	s = strings.TrimRight(strings.TrimLeft(s, " \t\ufeff"), " \t\r\n")
	end := strings.IndexAny(s, " \t")
	if end < 0 {
		end = len(s)
	}
	cells := s[:end]
	n := 0
	for i := 0; i < len(cells); i++ {
		b := cells[i]
		switch {
		case b >= '1' && b <= '9':
			if n < 81 {
				g[n] = b - '0'
			}
		case isEmptyMark(b):
		default:
			if b >= 0x80 {
				return g, fmt.Errorf("position %d: non-ASCII character is not a digit or an empty mark", n+1)
			}
			return g, fmt.Errorf("position %d: %q is not a digit or an empty mark", n+1, rune(b))
		}
		n++
	}
	if n != 81 {
		return g, fmt.Errorf("%d cells, want 81", n)
	}
	return g, nil
}

// String writes the 81-character line form with '.' for empty cells.
func (g *Grid) String() string {
	var b [81]byte
	for i, d := range g {
		if d == 0 {
			b[i] = '.'
		} else {
			b[i] = '0' + d
		}
	}
	return string(b[:])
}

// Clues counts the given digits.
func (g *Grid) Clues() int {
	n := 0
	for _, d := range g {
		if d != 0 {
			n++
		}
	}
	return n
}

// Conflict returns a description of the first house holding a digit twice,
// or "" when the givens are consistent.
func (g *Grid) Conflict() string {
	for h := 0; h < 27; h++ {
		var seen [10]int8
		for i, c := range houses[h] {
			d := g[c]
			if d == 0 {
				continue
			}
			if seen[d] != 0 {
				return fmt.Sprintf("%s holds %d twice (%s and %s)", HouseName(h), d,
					cellName(int(houses[h][seen[d]-1])), cellName(int(c)))
			}
			seen[d] = int8(i + 1)
		}
	}
	return ""
}

// Valid reports whether g is a complete grid obeying the rules.
func (g *Grid) Valid() bool {
	for _, d := range g {
		if d == 0 {
			return false
		}
	}
	return g.Conflict() == ""
}

// Keeps reports whether solution keeps every given of g.
func (g *Grid) Keeps(solution *Grid) bool {
	for i, d := range g {
		if d != 0 && solution[i] != d {
			return false
		}
	}
	return true
}
