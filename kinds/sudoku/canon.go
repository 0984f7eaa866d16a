package sudoku

import (
	"math/bits"
	"sync"
)

// Canonical returns the true minlex form of g: the lexicographically
// smallest 81-character line form over the 3,359,232 grid symmetries
// combined with the best digit relabelling (digits renamed 1, 2, ... in
// order of first appearance). Empty cells are written '.'.
//
// This is the true minlex, not the "pattern-first" minlex: the two differ
// (a smaller digit earlier beats an extra empty cell later).
func Canonical(g *Grid) string {
	c := canonPool.Get().(*Canonicalizer)
	s := c.Canon(g)
	canonPool.Put(c)
	return s
}

var canonPool = sync.Pool{New: func() any { return new(Canonicalizer) }}

// perm3 lists the 6 orders of 3 things; a column order within a stack or a
// stack order is an index into it.
var perm3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// canonState is a partial symmetry: the rows placed so far (in grid t), the
// stack order sigma, the still-allowed column orders of each source stack
// (a bit set over perm3) and the digit relabelling so far. All states of one
// search level give the same (minimal) prefix.
type canonState struct {
	used   uint16 // source rows placed
	band   int8   // source band being filled
	t      uint8  // 0: g, 1: transposed g
	sigma  uint8  // stack order (perm3 index)
	next   uint8  // next free label
	givens uint8  // givens placed so far
	masks  [3]uint8
	label  [10]uint8 // source digit -> label, 0 unmapped
	order  [9]uint8  // source row placed at each output row so far
}

// CanonicalSymmetry returns a symmetry that takes g to its canonical form
// (Canonical(g) is the line form of its image): raters that must give every
// image of a puzzle the same answer work on that image and map back.
func CanonicalSymmetry(g *Grid) Symmetry {
	c := canonPool.Get().(*Canonicalizer)
	c.Canon(g)
	s := c.symmetry()
	canonPool.Put(c)
	return s
}

// symmetry builds the symmetry of the first state left by the last Canon:
// its rows, then the rows it did not need (empty ones) in band order, the
// first column order each stack still allows, its labels and then the
// digits the givens do not use.
func (c *Canonicalizer) symmetry() Symmetry {
	s := Identity()
	if len(c.cur) == 0 {
		return s
	}
	st := c.cur[0]
	s.Transpose = st.t == 1
	n := bits.OnesCount16(st.used)
	copy(s.Rows[:n], st.order[:n])
	if n%3 != 0 { // finish the band being filled
		b := int(st.band)
		for r := b * 3; r < b*3+3; r++ {
			if st.used&(1<<r) == 0 {
				s.Rows[n] = uint8(r)
				st.used |= 1 << r
				n++
			}
		}
	}
	for r := 0; r < 9; r++ {
		if st.used&(1<<r) == 0 {
			s.Rows[n] = uint8(r)
			n++
		}
	}
	for j := range 3 {
		src := int(perm3[st.sigma][j])
		tau := bits.TrailingZeros8(st.masks[src])
		for k := range 3 {
			s.Cols[j*3+k] = uint8(src*3) + perm3[tau][k]
		}
	}
	next := st.next
	for d := 1; d <= 9; d++ {
		if st.label[d] != 0 {
			s.Digits[d] = st.label[d]
		} else {
			s.Digits[d] = next
			next++
		}
	}
	return s
}

// Canonicalizer computes canonical forms, reusing its buffers between
// calls. The zero value is ready; it is not safe for concurrent use.
type Canonicalizer struct {
	grids    [2]Grid
	empty    [2]uint16 // per grid, the empty rows
	cur, nxt []canonState
	best     uint32 // best value of the row being placed (9 decimal digits)
	have     bool
}

var pow1000 = [3]uint32{1, 1000, 1000000}

// Canon returns the true minlex form of g (see Canonical).
func (c *Canonicalizer) Canon(g *Grid) string {
	c.grids[0] = *g
	total := 0
	for r := range 9 {
		for col := range 9 {
			c.grids[1][col*9+r] = g[r*9+col]
		}
	}
	c.empty = [2]uint16{}
	for t := range 2 {
		for r := range 9 {
			if [9]uint8(c.grids[t][r*9:r*9+9]) == ([9]uint8{}) {
				c.empty[t] |= 1 << r
			}
		}
	}
	for _, d := range g {
		if d != 0 {
			total++
		}
	}
	var rowsOut [9]uint32
	placed := 0
	c.cur = c.cur[:0]
	if total > 0 {
		for t := range uint8(2) {
			for s := range uint8(6) {
				c.cur = append(c.cur, canonState{band: -1, t: t, sigma: s, next: 1, masks: [3]uint8{63, 63, 63}})
			}
		}
		for depth := 0; depth < 9; depth++ {
			c.nxt = c.nxt[:0]
			c.have = false
			for i := range c.cur {
				st := &c.cur[i]
				// Two empty rows of a band, or two empty bands, are
				// interchangeable: try only the first of them.
				empty := c.empty[st.t]
				if depth%3 == 0 {
					emptyBandSeen := false
					for b := range 3 {
						if st.used&(7<<(b*3)) != 0 {
							continue
						}
						if empty>>(b*3)&7 == 7 {
							if emptyBandSeen {
								continue
							}
							emptyBandSeen = true
						}
						c.rowsOfBand(st, b, empty)
					}
				} else {
					c.rowsOfBand(st, int(st.band), empty)
				}
			}
			rowsOut[depth] = c.best
			placed = depth + 1
			c.cur, c.nxt = c.nxt, c.cur
			if int(c.cur[0].givens) == total {
				break
			}
		}
	}
	var out [81]byte
	for i := range out {
		out[i] = '.'
	}
	for r := 0; r < placed; r++ {
		v := rowsOut[r]
		for col := 8; col >= 0; col-- {
			if d := v % 10; d != 0 {
				out[r*9+col] = byte('0' + d)
			}
			v /= 10
		}
	}
	return string(out[:])
}

// rowsOfBand expands st with each unused row of band b, skipping empty rows
// after the first.
func (c *Canonicalizer) rowsOfBand(st *canonState, b int, empty uint16) {
	emptySeen := false
	for r := b * 3; r < b*3+3; r++ {
		if st.used&(1<<r) != 0 {
			continue
		}
		if empty&(1<<r) != 0 {
			if emptySeen {
				continue
			}
			emptySeen = true
		}
		c.expand(st, r, b)
	}
}

// expand places source row r (in band b) as the next row of st, appending
// every resulting state whose row value ties the best so far.
func (c *Canonicalizer) expand(st *canonState, r, b int) {
	child := *st
	child.order[bits.OnesCount16(st.used)] = uint8(r)
	child.used |= 1 << r
	child.band = int8(b)
	row := c.grids[st.t][r*9 : r*9+9]
	c.stack(&child, row, 0, 0)
}

// stack chooses the column order of output stack j of the row being placed.
func (c *Canonicalizer) stack(st *canonState, row []uint8, j int, partial uint32) {
	if j == 3 {
		if !c.have || partial < c.best {
			c.best, c.have = partial, true
			c.nxt = c.nxt[:0]
		}
		c.nxt = append(c.nxt, *st)
		return
	}
	s := perm3[st.sigma][j]
	cells := row[s*3 : s*3+3]
	minV := uint32(1000)
	var tied uint8
	var newLabels bool
	var keys [6]uint32
	for tau := range 6 {
		if st.masks[s]&(1<<tau) == 0 {
			continue
		}
		lab, next := st.label, st.next
		var v, key uint32
		fresh := false
		for i := range 3 {
			d := cells[perm3[tau][i]]
			l := lab[d]
			if d != 0 && l == 0 {
				l = next
				lab[d] = l
				next++
				fresh = true
			}
			key = key*10 + uint32(d)
			v = v*10 + uint32(l)
		}
		keys[tau] = key
		if v < minV {
			minV, tied, newLabels = v, 1<<tau, fresh
		} else if v == minV {
			tied |= 1 << tau
		}
	}
	pv := partial*1000 + minV
	if c.have && pv > c.best/pow1000[2-j] {
		return
	}
	if !newLabels {
		child := *st
		child.masks[s] = tied
		for _, d := range cells {
			if d != 0 {
				child.givens++
			}
		}
		c.stack(&child, row, j+1, pv)
		return
	}
	// New labels: tied orders that put different digits in the same places
	// give different relabellings, so they become separate states.
	var done uint8
	for tau := range 6 {
		if tied&(1<<tau) == 0 || done&(1<<tau) != 0 {
			continue
		}
		group := uint8(0)
		for u := tau; u < 6; u++ {
			if tied&(1<<u) != 0 && keys[u] == keys[tau] {
				group |= 1 << u
			}
		}
		done |= group
		child := *st
		child.masks[s] = group
		for i := range 3 {
			d := cells[perm3[tau][i]]
			if d != 0 {
				child.givens++
				if child.label[d] == 0 {
					child.label[d] = child.next
					child.next++
				}
			}
		}
		c.stack(&child, row, j+1, pv)
	}
}
