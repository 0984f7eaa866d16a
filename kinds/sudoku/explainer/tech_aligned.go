package explainer

import (
	"fmt"
	"math/bits"

	"pencilbox/engine"
)

// alignedExclusion is Aligned Pair Exclusion (6.2) and Aligned Triplet
// Exclusion (7.5). Base cells are cells with two or more candidates and
// at least one excluder: a peer holding two (for triplets two or three)
// candidates. For a set of base cells with two or more common excluders,
// a combination of their digits is impossible when two cells that see
// each other take the same digit or when it would empty a common
// excluder; a digit no possible combination uses leaves its cell.
// serate's order: pairs of base cells (by cell, the later cell outer),
// and for triplets a third cell among the excluders of the first two.
func alignedExclusion(n int) Hinter {
	name, diff := "Aligned Pair Exclusion", 6.2
	if n == 3 {
		name, diff = "Aligned Triplet Exclusion", 7.5
	}
	return HinterFunc(func(g *Grid, c *Context, acc Accumulator) {
		c.Spend(1)
		memo := &c.aligned[n-2]
		dirty, memoOK := memo.changed(g)
		memo.valid = false
		var base [81]int
		nb := 0
		var exSet [81]cellSet // each base cell's excluders
		var isBase cellSet
		singles := false        // whether some cell has a peer with one candidate
		var ones, small cellSet // cells with one candidate; with 2..n
		for x := 0; x < 81; x++ {
			switch k := count(g.Cand[x]); {
			case k == 1:
				ones.add(x)
			case k >= 2 && k <= n:
				small.add(x)
			}
		}
		for x := 0; x < 81; x++ {
			if count(g.Cand[x]) < 2 {
				continue
			}
			if !ones.and(peerCells[x]).empty() {
				singles = true
				continue
			}
			if ex := small.and(peerCells[x]); !ex.empty() {
				base[nb] = x
				nb++
				exSet[x] = ex
				isBase.add(x)
			}
		}
		memoOK = memoOK && !singles
		if nb < n {
			memo.keep(g, !singles)
			return
		}
		// What changed around each base cell since the memo's grid.
		var changedPeers [81]cellSet
		var changedBase [81]bool
		var changedThird [81]cellSet // changed base cells among its excluders
		if memoOK {
			changedBases := dirty.and(isBase)
			for i := 0; i < nb; i++ {
				changedPeers[i] = dirty.and(peerCells[base[i]])
				changedBase[i] = dirty.has(base[i])
				changedThird[i] = changedBases.and(exSet[base[i]])
			}
		}
		var set [3]int
		// A triplet is met again from another of its pairs; its cells'
		// allowed digits do not depend on their order, so a triplet that
		// eliminated nothing the first time is not tested again.
		var tried tripletSet
		offered := false    // whether the last test offered a hint
		offeredAny := false // whether any test did
		// test checks the base cells set[:n] and offers a hint; false stops.
		test := func() bool {
			common := exSet[set[0]].and(exSet[set[1]])
			if n == 3 {
				common = common.and(exSet[set[2]])
			}
			if common.size() < 2 {
				return true
			}
			var masks [20]uint16
			k := 0
			for w := 0; w < 2; w++ {
				for m := common[w]; m != 0; m &= m - 1 {
					masks[k] = g.Cand[w*64+bits.TrailingZeros64(m)]
					k++
				}
			}
			if k < 2 {
				return true
			}
			var allowed [3]uint16
			if n == 2 {
				// An excluder (two digits) rules out one combination; a
				// digit of one cell goes only if every digit of the other
				// but its own is ruled out: that takes as many excluders
				// as the other cell has digits, less one.
				c0, c1 := g.Cand[set[0]], g.Cand[set[1]]
				if k < min(count(c0), count(c1))-1 {
					return true
				}
				// blocked[d]: the digits that, beside d, fill an excluder.
				var blocked [9]uint16
				for _, m := range masks[:k] {
					lo := m & -m
					hi := m &^ lo
					blocked[lowDigit(lo)-1] |= hi
					blocked[lowDigit(hi)-1] |= lo
				}
				same := sees(set[0], set[1])
				for m := c0; m != 0; m &= m - 1 {
					d := m & -m
					other := c1 &^ blocked[lowDigit(d)-1]
					if same {
						other &^= d
					}
					if other != 0 {
						allowed[0] |= d
					}
				}
				for m := c1; m != 0; m &= m - 1 {
					d := m & -m
					other := c0 &^ blocked[lowDigit(d)-1]
					if same {
						other &^= d
					}
					if other != 0 {
						allowed[1] |= d
					}
				}
			}
			if n == 3 {
				var u uint16
				for _, m := range masks[:k] {
					u |= m
				}
				c0, c1, c2 := g.Cand[set[0]], g.Cand[set[1]], g.Cand[set[2]]
				if !mayLose(c0, c1&^u, c2&^u) && !mayLose(c1, c0&^u, c2&^u) && !mayLose(c2, c0&^u, c1&^u) {
					return true
				}
			}
			if !c.Spend(int64(k)) {
				return false
			}
			// allowed[a]: the digits of base cell a some possible
			// combination uses (for pairs worked out above).
			if n == 3 {
				// Every combination of the three cells' digits: allowed
				// unless two cells that see each other share a digit or
				// it takes all of an excluder's digits.
				// For each pair of digits of the first two cells, the
				// third cell's digits that are left: not one it sees on
				// them, nor the last digit of an excluder they half fill.
				// An excluder of two digits {a, b} is filled by a and b,
				// and leaves the third cell without b when one cell takes
				// a; one of three {a, b, c} leaves it without c when the
				// first two take a and b. So per pair of digits: part2[a]
				// the partners of a, part3[a][b] the thirds of a and b.
				var part2 [9]uint16
				var part3 [9][9]uint16
				for _, m := range masks[:k] {
					a := trailing(m)
					r := m &^ (1 << a)
					b := trailing(r)
					r &^= 1 << b
					if r == 0 {
						part2[a] |= 1 << b
						part2[b] |= 1 << a
						continue
					}
					c := trailing(r) // excluders hold 2 or 3 digits
					part3[a][b] |= 1 << c
					part3[b][a] |= 1 << c
					part3[a][c] |= 1 << b
					part3[c][a] |= 1 << b
					part3[b][c] |= 1 << a
					part3[c][b] |= 1 << a
				}
				s01, s02, s12 := sees(set[0], set[1]), sees(set[0], set[2]), sees(set[1], set[2])
				c2 := g.Cand[set[2]]
				for m0 := g.Cand[set[0]]; m0 != 0; m0 &= m0 - 1 {
					d0 := m0 & -m0
					i0 := trailing(d0)
					for m1 := g.Cand[set[1]]; m1 != 0; m1 &= m1 - 1 {
						d1 := m1 & -m1
						i1 := trailing(d1)
						left := c2
						if d0 == d1 {
							if s01 {
								continue
							}
							left &^= part2[i0]
						} else {
							if part2[i0]&d1 != 0 {
								continue // they fill an excluder
							}
							left &^= (part2[i0]|part2[i1])&^(d0|d1) | part3[i0][i1]
						}
						if s02 {
							left &^= d0
						}
						if s12 {
							left &^= d1
						}
						if left != 0 {
							allowed[0] |= d0
							allowed[1] |= d1
							allowed[2] |= left
						}
					}
				}
			}
			var el []engine.Mark
			for a := 0; a < n; a++ {
				for m := g.Cand[set[a]] &^ allowed[a]; m != 0; m &= m - 1 {
					el = append(el, engine.Mark{Cell: set[a], Value: lowDigit(m)})
				}
			}
			if len(el) == 0 {
				return true
			}
			h := Hint{Technique: name, Difficulty: diff, Eliminate: el}
			if c.Steps {
				cells := append([]int{}, set[:n]...)
				var ex []int
				for x := 0; x < 81; x++ {
					if common.has(x) {
						ex = append(ex, x)
					}
				}
				h.Step = engine.Step{
					Sentence: fmt.Sprintf("%s on %s: every way to fill them either repeats a digit where they see each other or empties one of %s, except combinations that never use the removed digits.",
						name, cellsText(cells), cellsText(ex)),
					Pattern: append(cells, ex...),
				}
			}
			offered, offeredAny = true, true
			return acc.Add(h)
		}
		for j := 1; j < nb; j++ {
			for i := 0; i < j; i++ {
				set[0], set[1] = base[i], base[j]
				// fresh: the memo does not vouch for the pair itself
				// (a cell or a common peer changed); then only triplets
				// whose third cell or its common peers changed are new.
				fresh := !memoOK || changedBase[i] || changedBase[j] ||
					!changedPeers[i].and(changedPeers[j]).empty()
				if n == 2 {
					if !fresh {
						continue
					}
					if common := exSet[set[0]].and(exSet[set[1]]); common.size() < 2 {
						continue
					}
					if !test() {
						return
					}
					continue
				}
				if !fresh && changedThird[i][0]|changedThird[j][0]|changedThird[i][1]|changedThird[j][1] == 0 {
					continue // no third cell is new (see below)
				}
				// The three cells' common excluders are among the first
				// two's: fewer than two there, no triplet can eliminate.
				c01 := exSet[set[0]].and(exSet[set[1]])
				if !c01.twoOrMore() {
					continue
				}
				// The third cell: an excluder of the first or the second
				// cell that is itself a base cell; those of the first in
				// cell order, then the second's others (serate's order).
				first := exSet[set[0]].and(isBase)
				first.del(set[1])
				second := exSet[set[1]].and(isBase)
				second.del(set[0])
				second = cellSet{second[0] &^ first[0], second[1] &^ first[1]}
				if !fresh {
					// the pair and its common peers are as they were
					// (so are the triplet's, which are among them):
					// only a third cell that changed can be new
					first, second = first.and(dirty), second.and(dirty)
				}
				for _, part := range [2]cellSet{first, second} {
					for w := 0; w < 2; w++ {
						for m := part[w]; m != 0; m &= m - 1 {
							x := w*64 + bits.TrailingZeros64(m)
							// fewer than two common excluders: test
							// would find nothing (checked here, where
							// it is cheap, for the many triplets)
							e := &exSet[x]
							if !(cellSet{c01[0] & e[0], c01[1] & e[1]}).twoOrMore() {
								continue
							}
							if tried.has(set[0], set[1], x) {
								continue
							}
							set[2] = x
							offered = false
							if !test() {
								return
							}
							if !offered {
								tried.add(set[0], set[1], x)
							}
						}
					}
				}
			}
		}
		memo.keep(g, !singles && !offeredAny)
	})
}

// alignedMemo remembers the grid of an aligned exclusion search that
// went through every base set, offered nothing and met no cell with a
// single candidate. Whether a set of base cells is tested and what the
// test finds depend only on the candidates of those cells and of their
// common peers (with no singles on the grid, a cell with two or more
// candidates is a base cell as soon as it has a common excluder with
// others), so on the next search a set none of whose cells or common
// peers changed would again find nothing and is skipped. The search order
// is unchanged, so the first hint found is the same.
type alignedMemo struct {
	cand  [81]uint16
	valid bool
}

// changed returns the cells whose candidates differ from the memo's grid,
// and false when there is no memo.
func (m *alignedMemo) changed(g *Grid) (cellSet, bool) {
	if !m.valid {
		return cellSet{}, false
	}
	var d cellSet
	for x := 0; x < 81; x++ {
		if g.Cand[x] != m.cand[x] {
			d.add(x)
		}
	}
	return d, true
}

// keep records g when the search that just ended may vouch for it.
func (m *alignedMemo) keep(g *Grid, ok bool) {
	m.valid = ok
	if ok {
		m.cand = g.Cand
	}
}

// peerCells[c] is the set of c's 20 peers.
var peerCells = func() (ps [81]cellSet) {
	for c := range ps {
		ps[c] = cellSet(peerBoard[c])
	}
	return
}()

// twoOrMore reports whether s holds at least two cells.
func (s cellSet) twoOrMore() bool {
	a, b := s[0], s[1]
	return a&(a-1) != 0 || b&(b-1) != 0 || (a != 0 && b != 0)
}

// tripletSet remembers sets of three cells (in any order), up to its
// capacity (beyond it, has reports false and add forgets).
type tripletSet struct {
	slot [4096]uint32
	n    int
}

func tripletKey(a, b, c int) uint32 {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return (uint32(a)<<14 | uint32(b)<<7 | uint32(c)) + 1
}

// slotOf returns the slot holding key or the empty slot where it goes.
func (t *tripletSet) slotOf(key uint32) uint32 {
	i := (key * 2654435761) >> 20
	for t.slot[i] != 0 && t.slot[i] != key {
		i = (i + 1) & uint32(len(t.slot)-1)
	}
	return i
}

func (t *tripletSet) has(a, b, c int) bool {
	key := tripletKey(a, b, c)
	return t.slot[t.slotOf(key)] == key
}

func (t *tripletSet) add(a, b, c int) {
	if t.n >= len(t.slot)*3/4 {
		return
	}
	key := tripletKey(a, b, c)
	if i := t.slotOf(key); t.slot[i] == 0 {
		t.slot[i] = key
		t.n++
	}
}

// mayLose reports whether some digit x of a triplet's cell might be
// eliminated, given the digits the other two cells hold outside every
// common excluder (fb, fc): a combination of x with two such digits,
// all three different, repeats no digit and covers no excluder (each has
// two or more digits, none of them the other two), so it is possible and
// x stays. Only when no digit of the cell has such a combination need
// the triplet be tested.
func mayLose(ca, fb, fc uint16) bool {
	for m := ca; m != 0; m &= m - 1 {
		x := m & -m
		b, c := fb&^x, fc&^x
		if b == 0 || c == 0 || (b == c && b&(b-1) == 0) {
			return true
		}
	}
	return false
}
