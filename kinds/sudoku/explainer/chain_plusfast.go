package explainer

import "math/bits"

// The "+" techniques as the dynamic chains ask them (chain_plus.go,
// advanced): pointing/claiming, hidden pair, naked pair and X-Wing on a
// working grid, read from its place masks (the chain's posMasks, kept up
// to date as the spread removes candidates) with mask arithmetic. They
// give exactly the hints of PlusHinters' hinters (locking, hiddenSet(2),
// nakedSet(2), fish(2)), in the same order, each reduced to what a chain
// uses: its Rule (for the parents) and its eliminations as "off"
// potentials in hashOrder. The generic hinters cost 1.3 µs a call through
// combos, closures, a Context and its place table, and most calls find
// nothing; these reject a house, a digit or a pair of lines with a table
// look-up or a mask comparison. TestPlusFastAsGeneric compares the two.

// numPlus is the number of "+" techniques (PlusHinters).
const numPlus = 4

// plusWork is the work a "+" technique found on a grid charges: the unit
// each generic hinter spends (Context.Spend(1)) and one for the call, as
// plusHints charged it when it ran the generic hinters.
const plusWork = 2

// plusHint is one hint of a "+" technique, as a chain uses it.
type plusHint struct {
	rule Rule
	elim []pot // "off" potentials, in hashOrder
}

// plusAnswers holds the "+" techniques' hints on one grid, each kept once
// asked (bit i of known: technique i of PlusHinters). One entry per grid
// rather than per technique and grid: a "+" round asks up to four
// techniques on the same grid, and hashing and finding the 243-byte grid
// in a large map had cost more than the technique asked.
type plusAnswers struct {
	known uint8
	hints [numPlus][]plusHint
}

// plusState is a chainer's buffers for the "+" techniques: the hints of
// the technique being asked, and slabs the kept answers are cut from (an
// answer kept in the memo keeps its slab; a full slab is replaced, never
// reused).
type plusState struct {
	found []plusHint
	hslab []plusHint
	pslab []pot
	marks []pot    // advanced's parents of one hint
	wings []uint32 // xWing's pairs of lines

	// The spread's starting grid (base) and which techniques find no hint
	// there (bit i: technique i); the working grid's changes from it,
	// worked out once a round (diffOK: since newRound).
	base   Grid
	baseOK bool
	free   uint8
	diff   plusDiff
	diffOK bool
}

// plusDiff is what a working grid changed from the spread's starting
// grid: the digits and the cells that lost a candidate, for each digit
// the houses where it lost a place, for each house the digits that lost
// a place there.
type plusDiff struct {
	digits uint16
	cells  [2]uint64
	dh     [9]uint32
	hd     [27]uint16
}

func (f *plusDiff) changed(cell int) bool { return f.cells[cell>>6]&(1<<(cell&63)) != 0 }

// houseBits[c] has bit h for each of c's three houses.
var houseBits = func() (b [81]uint32) {
	for c := range 81 {
		for _, h := range cellHouses[c] {
			b[c] |= 1 << h
		}
	}
	return
}()

// isTwo reports whether m has exactly two bits.
func isTwo(m uint16) bool {
	r := m & (m - 1)
	return r != 0 && r&(r-1) == 0
}

// plusFind returns the hints of the i-th "+" technique on g, whose place
// masks are t, in a slice of its own. When base is not nil, g is base
// with candidates removed (a spread's working grid and its starting
// grid, whose place masks are bt): a technique that finds no hint on base
// finds on g only patterns whose own places changed (a locking's or an
// X-Wing's base houses, a hidden pair's digits in its house, a naked
// pair's cells): a pattern whose places are as in base held there too,
// with at least the same eliminations. So it looks at those alone. The
// spreads' starting grid is the grid a producer searches, where the path's
// own basic techniques, these four among them, found nothing; an inner
// producer's is the outer chain's working grid.
//
// The grids are those of the round begun by the last newRound: the first
// technique asked in a round works out the changes (and, when base is not
// the last round's, which techniques find nothing there).
func (ps *plusState) plusFind(i int, g *Grid, t *posMasks, base *Grid, bt *posMasks) []plusHint {
	var f *plusDiff
	if base != nil {
		if !ps.diffOK {
			if !ps.baseOK || ps.base != *base {
				ps.base, ps.baseOK, ps.free = *base, true, 0
				for j := range numPlus {
					if ps.find(j, base, bt, nil); len(ps.found) == 0 {
						ps.free |= 1 << j
					}
				}
			}
			ps.diff.of(base, g)
			ps.diffOK = true
		}
		if ps.free&(1<<i) != 0 {
			f = &ps.diff
		}
	}
	ps.find(i, g, t, f)
	n := len(ps.found)
	if n == 0 {
		return nil
	}
	if cap(ps.hslab)-len(ps.hslab) < n {
		ps.hslab = make([]plusHint, 0, max(256, n))
	}
	l := len(ps.hslab)
	ps.hslab = append(ps.hslab, ps.found...)
	return ps.hslab[l : l+n : l+n]
}

// newRound begins a "+" round: the grids plusFind is asked about may have
// changed since the last.
func (ps *plusState) newRound() { ps.diffOK = false }

// of sets f to what g changed from base.
func (f *plusDiff) of(base, g *Grid) {
	*f = plusDiff{}
	for x := 0; x < 81; x++ {
		r := base.Cand[x] &^ g.Cand[x]
		if r == 0 {
			continue
		}
		f.digits |= r
		f.cells[x>>6] |= 1 << (x & 63)
		hs, hb := &cellHouses[x], houseBits[x]
		f.hd[hs[0]] |= r
		f.hd[hs[1]] |= r
		f.hd[hs[2]] |= r
		for ; r != 0; r &= r - 1 {
			f.dh[trailing(r)] |= hb
		}
	}
}

// find puts in ps.found the hints of the i-th technique on g (place masks
// t), looking only at what f shows changed when f is not nil.
func (ps *plusState) find(i int, g *Grid, t *posMasks, f *plusDiff) {
	ps.found = ps.found[:0]
	switch i {
	case 0:
		ps.locking(t, f)
	case 1:
		ps.hiddenPair(g, t, f)
	case 2:
		ps.nakedPair(g, f)
	case 3:
		ps.xWing(g, t, f)
	}
}

// crossSlot[a][b] is crossSlots(a, b) for every box and line that cross
// (0 elsewhere).
var crossSlot = func() (t [27][27]uint16) {
	for a := range 27 {
		for b := range 27 {
			if (a >= 18) != (b >= 18) && crosses(a, b) {
				t[a][b] = crossSlots(a, b)
			}
		}
	}
	return
}()

// hashList gathers a hint's eliminated cells in the order the hint names
// them, with the digits each loses, to be listed in hashOrder.
type hashList struct {
	cells [16]uint8
	digs  [16]uint16
	n     int
}

func (l *hashList) add(cell int, digs uint16) {
	l.cells[l.n], l.digs[l.n] = uint8(cell), digs
	l.n++
}

// emit adds the hint of rule r eliminating l's candidates, in hashOrder
// (see hashOrder: cells by index modulo the table size, stably; digits
// ascending).
func (ps *plusState) emit(r Rule, l *hashList) {
	size := 16
	for l.n > size*3/4 {
		size *= 2
	}
	mask := uint8(size - 1)
	// stable insertion sort by cell & mask
	for i := 1; i < l.n; i++ {
		c, d := l.cells[i], l.digs[i]
		j := i
		for j > 0 && l.cells[j-1]&mask > c&mask {
			l.cells[j], l.digs[j] = l.cells[j-1], l.digs[j-1]
			j--
		}
		l.cells[j], l.digs[j] = c, d
	}
	n := 0
	for i := 0; i < l.n; i++ {
		n += bits.OnesCount16(l.digs[i])
	}
	if cap(ps.pslab)-len(ps.pslab) < n {
		ps.pslab = make([]pot, 0, max(1024, n))
	}
	start := len(ps.pslab)
	for i := 0; i < l.n; i++ {
		for m := l.digs[i]; m != 0; m &= m - 1 {
			ps.pslab = append(ps.pslab, mkPot(int(l.cells[i]), trailing(m)+1, false))
		}
	}
	end := len(ps.pslab)
	ps.found = append(ps.found, plusHint{rule: r, elim: ps.pslab[start:end:end]})
}

// locking is the generic locking's hints: forEachLock's order (pair of
// house types, digit, base house), the cover house's places outside the
// base.
func (ps *plusState) locking(t *posMasks, f *plusDiff) {
	for _, pair := range lockingPairs {
		tab := &lockSlot[0]
		if pair[1] == 9 {
			tab = &lockSlot[1]
		}
		kind := pair[1] / 9
		for d := 0; d < 9; d++ {
			bases := uint16(0x1ff) // a new locking's base lost a place
			if f != nil {
				if bases = uint16(f.dh[d]>>pair[0]) & 0x1ff; bases == 0 {
					continue
				}
			}
			for ; bases != 0; bases &= bases - 1 {
				b1 := pair[0] + trailing(bases)
				first := tab[t[b1][d]]
				if first < 0 {
					continue
				}
				b2 := int(cellHouses[houses[b1][first]][kind])
				out := t[b2][d] &^ crossSlot[b2][b1]
				if out == 0 {
					continue
				}
				var l hashList
				for ; out != 0; out &= out - 1 {
					l.add(int(houses[b2][trailing(out)]), 1<<d)
				}
				ps.emit(Rule{Kind: RuleLocking, Digit: uint8(d + 1), Base: 1 << b1, Cover: 1 << b2}, &l)
			}
		}
	}
}

// emptyIn counts the empty cells of house h.
func emptyIn(g *Grid, h int) int {
	n := 0
	for _, x := range houses[h] {
		if g.Value[x] == 0 {
			n++
		}
	}
	return n
}

// hiddenPair is hiddenSet(2)'s hints: houses in serate's order, pairs of
// digits in combos order (by the higher digit, then the lower), two digits
// with the same two places; in a house of more than four empty cells.
func (ps *plusState) hiddenPair(g *Grid, t *posMasks, f *plusDiff) {
	for _, h := range serateHouses {
		ch := uint16(0x1ff) // a new pair has one of these digits
		if f != nil {
			ch = f.hd[h]
			some := false
			for m := ch; m != 0 && !some; m &= m - 1 {
				some = isTwo(t[h][trailing(m)])
			}
			if !some {
				continue
			}
		}
		var two uint16 // the digits with two places
		for d := 0; d < 9; d++ {
			if isTwo(t[h][d]) {
				two |= 1 << d
			}
		}
		if two&(two-1) == 0 {
			continue
		}
		checked := false
	pairs:
		for m := two &^ (two & -two); m != 0; m &= m - 1 {
			b := trailing(m)
			pos := t[h][b]
			for m2 := two & (1<<b - 1); m2 != 0; m2 &= m2 - 1 {
				a := trailing(m2)
				if t[h][a] != pos || (1<<a|1<<b)&ch == 0 {
					continue
				}
				if !checked {
					if emptyIn(g, h) <= 4 {
						break pairs
					}
					checked = true
				}
				ds := uint16(1)<<a | uint16(1)<<b
				var l hashList
				for p := pos; p != 0; p &= p - 1 {
					x := int(houses[h][trailing(p)])
					if o := g.Cand[x] &^ ds; o != 0 {
						l.add(x, o)
					}
				}
				if l.n == 0 {
					continue
				}
				ps.emit(Rule{Kind: RuleHidden, Digits: ds, House: uint8(h)}, &l)
			}
		}
	}
}

// nakedPair is nakedSet(2)'s hints: houses in serate's order, pairs of
// cells in combos order (by the later cell, then the earlier), two cells
// of the same two candidates; in a house of four or more empty cells.
// Most grids have no two such cells in a house: one pass over the cells
// tells.
func (ps *plusState) nakedPair(g *Grid, f *plusDiff) {
	if !nakedPairAny(g, f) {
		return
	}
	for _, h := range serateHouses {
		if f != nil && f.hd[h] == 0 {
			continue
		}
		var two uint16 // the slots of cells with two candidates
		for j, x := range houses[h] {
			if isTwo(g.Cand[x]) {
				two |= 1 << j
			}
		}
		if two&(two-1) == 0 {
			continue
		}
		checked := false
	pairs:
		for m := two &^ (two & -two); m != 0; m &= m - 1 {
			j := trailing(m)
			cm := g.Cand[houses[h][j]]
			for m2 := two & (1<<j - 1); m2 != 0; m2 &= m2 - 1 {
				i := trailing(m2)
				if g.Cand[houses[h][i]] != cm {
					continue
				}
				if f != nil && !f.changed(int(houses[h][i])) && !f.changed(int(houses[h][j])) {
					continue
				}
				if !checked {
					if emptyIn(g, h) < 4 {
						break pairs
					}
					checked = true
				}
				var l hashList
				for k, x := range houses[h] {
					if k == i || k == j {
						continue
					}
					if o := g.Cand[x] & cm; o != 0 {
						l.add(int(x), o)
					}
				}
				if l.n == 0 {
					continue
				}
				r := Rule{Kind: RuleNaked, Digits: cm, N: 2}
				r.Cells[0], r.Cells[1] = houses[h][i], houses[h][j]
				ps.emit(r, &l)
			}
		}
	}
}

// nakedPairAny reports whether two cells of a house hold the same two
// candidates (one of them changed, when f is not nil).
func nakedPairAny(g *Grid, f *plusDiff) bool {
	if f != nil {
		for w, cm := range f.cells {
			for ; cm != 0; cm &= cm - 1 {
				x := w<<6 + bits.TrailingZeros64(cm)
				m := g.Cand[x]
				if !isTwo(m) {
					continue
				}
				for _, y := range peers[x] {
					if g.Cand[y] == m {
						return true
					}
				}
			}
		}
		return false
	}
	var biv [81]uint8
	nb := 0
	for x := 0; x < 81; x++ {
		m := g.Cand[x]
		if !isTwo(m) {
			continue
		}
		for _, y := range biv[:nb] {
			if g.Cand[y] == m && sharesHouse(x, int(y)) {
				return true
			}
		}
		biv[nb] = uint8(x)
		nb++
	}
	return false
}

// sharesHouse reports whether cells x and y (distinct) lie in one house.
func sharesHouse(x, y int) bool {
	a, b := &cellHouses[x], &cellHouses[y]
	return a[0] == b[0] || a[1] == b[1] || a[2] == b[2]
}

// xWing is fish(2)'s hints: columns then rows as base lines, pairs of base
// lines in combos order, digits ascending; two lines where the digit has
// the same two places, the digit placed at most five times.
func (ps *plusState) xWing(g *Grid, t *posMasks, f *plusDiff) {
	var placed [9]int8
	counted := false
	for _, base := range [2]int{9, 0} {
		cover := 9 - base
		// the wings: (pair of lines, digit), found by digit, then put
		// in the generic order (pair, then digit)
		wings := ps.wings[:0] // pair mask << 4 | digit
		for d := 0; d < 9; d++ {
			if f != nil {
				// a new X-Wing has a base line where d lost a place
				lc := uint16(f.dh[d]>>base) & 0x1ff
				for m := lc; m != 0; m &= m - 1 {
					l := trailing(m)
					p := t[base+l][d]
					if !isTwo(p) {
						continue
					}
					for o := 0; o < 9; o++ {
						if o == l || t[base+o][d] != p || (lc&(1<<o) != 0 && o < l) {
							continue
						}
						wings = append(wings, (uint32(1)<<l|uint32(1)<<o)<<4|uint32(d))
					}
				}
				continue
			}
			var two uint16
			for i := 0; i < 9; i++ {
				if isTwo(t[base+i][d]) {
					two |= 1 << i
				}
			}
			if two&(two-1) == 0 {
				continue
			}
			for m := two &^ (two & -two); m != 0; m &= m - 1 {
				l2 := trailing(m)
				for m2 := two & (1<<l2 - 1); m2 != 0; m2 &= m2 - 1 {
					l1 := trailing(m2)
					if t[base+l1][d] == t[base+l2][d] {
						wings = append(wings, (uint32(1)<<l1|uint32(1)<<l2)<<4|uint32(d))
					}
				}
			}
		}
		ps.wings = wings
		for i := 1; i < len(wings); i++ {
			w := wings[i]
			j := i
			for j > 0 && wings[j-1] > w {
				wings[j] = wings[j-1]
				j--
			}
			wings[j] = w
		}
		for _, w := range wings {
			sel, d := uint16(w>>4), int(w&15)
			if !counted {
				for _, v := range g.Value {
					if v != 0 {
						placed[v-1]++
					}
				}
				counted = true
			}
			if placed[d] > 5 {
				continue
			}
			union := t[base+trailing(sel)][d]
			var l hashList
			for m := union; m != 0; m &= m - 1 {
				cl := cover + trailing(m)
				for p := t[cl][d] &^ sel; p != 0; p &= p - 1 {
					l.add(int(houses[cl][trailing(p)]), 1<<d)
				}
			}
			if l.n == 0 {
				continue
			}
			var bm, cm uint32
			for m := sel; m != 0; m &= m - 1 {
				bm |= 1 << (base + trailing(m))
			}
			for m := union; m != 0; m &= m - 1 {
				cm |= 1 << (cover + trailing(m))
			}
			ps.emit(Rule{Kind: RuleLocking, Digit: uint8(d + 1), Base: bm, Cover: cm}, &l)
		}
	}
}
