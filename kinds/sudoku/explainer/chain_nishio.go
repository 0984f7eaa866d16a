package explainer

import "math/bits"

// Nishio chains use house links only, so a spread from "cell holds d" or
// "cell lacks d" never leaves digit d: it is the digit's own placement
// followed as far as its houses force it. That propagation, done on 81-bit
// masks, derives at least every potential the chain spread derives (it also
// takes a house's last place without waiting for a removal there, and calls
// a house with no place left a contradiction), so an assumption it finds
// consistent can give no Nishio hint and its chain search is skipped.

// board is a set of cells, bit c for cell c.
type board [2]uint64

func (b board) and(o board) board    { return board{b[0] & o[0], b[1] & o[1]} }
func (b board) or(o board) board     { return board{b[0] | o[0], b[1] | o[1]} }
func (b board) andNot(o board) board { return board{b[0] &^ o[0], b[1] &^ o[1]} }
func (b board) empty() bool          { return b[0]|b[1] == 0 }
func (b board) single() bool {
	x, y := b[0], b[1]
	return (x != 0) != (y != 0) && x&(x-1) == 0 && y&(y-1) == 0
}

func cellBoard(c int) board {
	var b board
	b[c>>6] = 1 << (uint(c) & 63)
	return b
}

// peerBoard and houseBoard: the peers of each cell, the cells of each house.
var peerBoard, houseBoard = func() (pb [81]board, hb [27]board) {
	for c := 0; c < 81; c++ {
		r, col := c/9, c%9
		for o := 0; o < 81; o++ {
			if o != c && (o/9 == r || o%9 == col || (o/27 == c/27 && o%9/3 == col/3)) {
				pb[c] = pb[c].or(cellBoard(o))
			}
		}
		hb[r] = hb[r].or(cellBoard(c))
		hb[9+col] = hb[9+col].or(cellBoard(c))
		hb[18+r/3*3+col/3] = hb[18+r/3*3+col/3].or(cellBoard(c))
	}
	return
}()

// digitBoards sets b[d-1] to the cells that may hold d.
func (g *Grid) digitBoards(b *[9]board) {
	*b = [9]board{}
	for c := 0; c < 81; c++ {
		for m := g.Cand[c]; m != 0; m &= m - 1 {
			d := trailing(m)
			b[d][c>>6] |= 1 << (uint(c) & 63)
		}
	}
}

// digitContradicts reports whether assuming cell holds (on) or lacks the
// digit whose places are cand can lead to a contradiction in that digit
// alone. Each round takes the removals the new placements make and looks
// only at the houses they touch.
func digitContradicts(cand board, cell int, on bool) bool {
	var ons, offs, fresh board // fresh: placements whose removals are not made yet
	var touched uint32         // houses (bit h) with a new removal
	if on {
		ons, fresh = cellBoard(cell), cellBoard(cell)
	} else {
		offs = cellBoard(cell)
		touched = cellHouseBits[cell]
	}
	for {
		var newOffs board
		for k := 0; k < 2; k++ {
			for m := fresh[k]; m != 0; m &= m - 1 {
				newOffs = newOffs.or(peerBoard[k<<6+trailing64(m)])
			}
		}
		newOffs = newOffs.and(cand).andNot(offs)
		if !newOffs.and(ons).empty() {
			return true
		}
		offs = offs.or(newOffs)
		for k := 0; k < 2; k++ {
			for m := newOffs[k]; m != 0; m &= m - 1 {
				touched |= cellHouseBits[k<<6+trailing64(m)]
			}
		}
		if touched == 0 {
			return false
		}
		left := cand.andNot(offs)
		var add board
		for t := touched; t != 0; t &= t - 1 {
			r := left.and(houseBoard[bits.TrailingZeros32(t)])
			if r.empty() {
				return true
			}
			if r.single() {
				add = add.or(r)
			}
		}
		touched = 0
		fresh = add.andNot(ons)
		if fresh.empty() {
			return false
		}
		ons = ons.or(fresh)
	}
}

// nishioMemo keeps, for one digit, which assumptions digitContradicts
// has answered on the digit's places as they were last: the answer
// depends on those places alone, and between two steps of a rating most
// digits keep theirs.
type nishioMemo struct {
	places board // the digit's places the answers are for
	known  board // the cells answered
	may    board // those whose assumption may contradict
}

// nishioMay reports whether assuming cell holds digit d, or lacks it, may
// contradict within d alone (c.dboards holds the grid's places).
func (c *chainer) nishioMay(cell, d int) bool {
	m := &c.nmemo[d-1]
	if m.places != c.dboards[d-1] {
		*m = nishioMemo{places: c.dboards[d-1]}
	}
	bit := cellBoard(cell)
	if !m.known.and(bit).empty() {
		return !m.may.and(bit).empty()
	}
	may := digitContradicts(m.places, cell, true) || digitContradicts(m.places, cell, false)
	m.known = m.known.or(bit)
	if may {
		m.may = m.may.or(bit)
	}
	return may
}

// cellHouseBits has bit h set for the three houses of each cell.
var cellHouseBits = func() (m [81]uint32) {
	for c := 0; c < 81; c++ {
		r, col := c/9, c%9
		m[c] = 1<<r | 1<<(9+col) | 1<<(18+r/3*3+col/3)
	}
	return
}()

func popcount64(m uint64) int { return bits.OnesCount64(m) }
func trailing64(m uint64) int { return bits.TrailingZeros64(m) }
