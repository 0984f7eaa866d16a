package explainer

import (
	"fmt"
	"math/bits"
	"strings"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

// Small helpers on masks: digit masks have bit d-1 for digit d; position
// masks have bit i for the i-th cell of a house.

func lowDigit(m uint16) int { return bits.TrailingZeros16(m) + 1 }
func count(m uint16) int    { return bits.OnesCount16(m) }

// positions returns the mask of the cells of house h that may hold the
// digits of bit.
func (g *Grid) positions(h int, bit uint16) uint16 {
	var m uint16
	for i, c := range houses[h] {
		if g.Cand[c]&bit != 0 {
			m |= 1 << i
		}
	}
	return m
}

// empty counts the empty cells of house h.
func (g *Grid) empty(h int) int {
	n := 0
	for _, c := range houses[h] {
		if g.Value[c] == 0 {
			n++
		}
	}
	return n
}

// serateHouses lists houses in the order serate's region types are
// visited for singles and subsets: boxes, then columns, then rows.
var serateHouses = func() (o [27]int) {
	for i := 0; i < 9; i++ {
		o[i], o[9+i], o[18+i] = 18+i, 9+i, i
	}
	return
}()

func cellName(c int) string  { return engine.CellName(c, 9) }
func houseName(h int) string { return sudoku.HouseName(h) }

// digitsText lists the digits of m: "3", "3 and 7", "1, 4 and 8".
func digitsText(m uint16) string {
	var xs []string
	for ; m != 0; m &= m - 1 {
		xs = append(xs, fmt.Sprint(lowDigit(m)))
	}
	return andList(xs)
}

func cellsText(cs []int) string {
	xs := make([]string, len(cs))
	for i, c := range cs {
		xs[i] = cellName(c)
	}
	return andList(xs)
}

func andList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// combosIn is combos over the set bits of set only: the k-subsets of set,
// as masks, in the same increasing order (leaving out elements keeps the
// order of the subsets that remain).
func combosIn(k int, set uint16, f func(m uint16) bool) {
	var at [16]uint16
	n := 0
	for m := set; m != 0; m &= m - 1 {
		at[n] = m & -m
		n++
	}
	combos(k, n, func(sel uint16) bool {
		var m uint16
		for ; sel != 0; sel &= sel - 1 {
			m |= at[bits.TrailingZeros16(sel)]
		}
		return f(m)
	})
}

// combos calls f with every k-subset of {0..n-1} as a bit mask, in
// increasing numeric order (serate's Permutations order), until f returns
// false.
func combos(k, n int, f func(m uint16) bool) {
	if k > n || k <= 0 {
		return
	}
	v := uint32(1)<<k - 1
	for v < 1<<n {
		if !f(uint16(v)) {
			return
		}
		s := v & -v
		r := v + s
		v = r | ((v^r)>>2)/s
	}
}

// placeTable holds, for every house and digit, the mask of the house's
// cells (bit i for the i-th) that may hold the digit. Hinters build it
// once per search instead of scanning a house per question.
type placeTable [27][9]uint16

// cellSlot gives each cell's index inside its row, column and box.
// (Computed from the cell's row and column: package variables are set
// before grid.go's init fills houses.)
var cellSlot = func() (s [81][3]uint8) {
	for c := 0; c < 81; c++ {
		r, col := c/9, c%9
		s[c] = [3]uint8{uint8(col), uint8(r), uint8(r%3*3 + col%3)}
	}
	return
}()

func (g *Grid) places(t *placeTable) {
	*t = placeTable{}
	for c := 0; c < 81; c++ {
		m := g.Cand[c]
		if m == 0 {
			continue
		}
		hs, sl := &cellHouses[c], &cellSlot[c]
		r, col, b := uint16(1)<<sl[0], uint16(1)<<sl[1], uint16(1)<<sl[2]
		for ; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			t[hs[0]][d] |= r
			t[hs[1]][d] |= col
			t[hs[2]][d] |= b
		}
	}
}

// placeCache keeps the place table of the last grid a rating's basic
// hinters asked for: on a grid the basic techniques cannot advance (every
// chain step) up to eleven of them build the same table.
type placeCache struct {
	g  Grid
	t  placeTable
	ok bool
}

// places returns g's place table: the one kept in c when it is g's (a
// rating's Context keeps one), else built in buf. The table is read only.
func (c *Context) places(g *Grid, buf *placeTable) *placeTable {
	pc := c.pc
	if pc == nil {
		g.places(buf)
		return buf
	}
	switch {
	case !pc.ok:
		g.places(&pc.t)
	case pc.g != *g:
		// from the last grid's table: a rating's grids differ by the
		// few candidates one step removed
		for c := 0; c < 81; c++ {
			was, now := pc.g.Cand[c], g.Cand[c]
			if was == now {
				continue
			}
			hs, sl := &cellHouses[c], &cellSlot[c]
			r, col, b := uint16(1)<<sl[0], uint16(1)<<sl[1], uint16(1)<<sl[2]
			for m := was &^ now; m != 0; m &= m - 1 {
				d := bits.TrailingZeros16(m)
				pc.t[hs[0]][d] &^= r
				pc.t[hs[1]][d] &^= col
				pc.t[hs[2]][d] &^= b
			}
			for m := now &^ was; m != 0; m &= m - 1 {
				d := bits.TrailingZeros16(m)
				pc.t[hs[0]][d] |= r
				pc.t[hs[1]][d] |= col
				pc.t[hs[2]][d] |= b
			}
		}
	}
	pc.g, pc.ok = *g, true
	return &pc.t
}

// empties counts the empty cells of every house.
func (g *Grid) empties(e *[27]int8) {
	*e = [27]int8{}
	for c := 0; c < 81; c++ {
		if g.Value[c] == 0 {
			hs := &cellHouses[c]
			e[hs[0]]++
			e[hs[1]]++
			e[hs[2]]++
		}
	}
}
