package explainer

import "pencilbox/kinds/sudoku"

// Grid is the solving state: a digit or a candidate mask per cell. Bit d-1
// of Cand[c] is set when digit d is still possible in the empty cell c;
// Cand of a placed cell is 0. It is a value type: copy it to branch.
type Grid struct {
	Value [81]uint8  // 1-9, or 0 for an empty cell
	Cand  [81]uint16 // candidate masks of empty cells
}

// NewGrid builds the state of a puzzle's givens with every candidate that
// the givens do not exclude.
func NewGrid(g *sudoku.Grid) Grid {
	var s Grid
	for c := 0; c < 81; c++ {
		s.Cand[c] = 0x1ff
	}
	for c := 0; c < 81; c++ {
		if d := g[c]; d != 0 {
			s.Place(c, int(d))
		}
	}
	return s
}

// Place puts digit d (1-9) in cell c and removes d from c's peers.
func (g *Grid) Place(c, d int) {
	g.Value[c] = uint8(d)
	g.Cand[c] = 0
	bit := uint16(1) << (d - 1)
	for _, p := range peers[c] {
		g.Cand[p] &^= bit
	}
}

// Eliminate removes candidate d (1-9) from cell c.
func (g *Grid) Eliminate(c, d int) { g.Cand[c] &^= 1 << (d - 1) }

// Solved reports whether every cell holds a digit.
func (g *Grid) Solved() bool {
	for _, v := range g.Value {
		if v == 0 {
			return false
		}
	}
	return true
}

// Geometry, computed once when the package is loaded: houses 0-8 rows,
// 9-17 columns, 18-26 boxes. Unexported so that no caller can change them,
// and never written after geometry fills them.
var houses, cellHouses, peers = geometry()

// geometry computes the houses, each cell's three houses and each cell's
// 20 peers.
func geometry() (houses [27][9]uint8, cellHouses [81][3]uint8, peers [81][20]uint8) {
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
	return houses, cellHouses, peers
}
