package sudoku

import "math/bits"

// The fast inner propagation of levels 1-6.
//
// Negation's inner check and trial and error's search ask one question of
// levels 1-6: does applying them until nothing changes reach a
// contradiction, and if not, what state is left. Every rule of levels 1-6
// only removes candidates, and a rule that fires on a state fires (or
// finds a contradiction) on every state with fewer candidates, so the
// fixpoint and the contradiction verdict do not depend on the order the
// rules run in (docs/sudoku-rating.md, "The rank"). fixpoint reaches that
// same fixpoint faster than propagate:
//
//   - Naked and hidden subsets of sizes 1-4 in one house (Sbit, Ubit,
//     E(2..4), X(2..4)) together remove exactly what the house's
//     all-different filtering (AllDiff) removes: a candidate no filling of
//     the house supports lies outside a Hall set K of the house's unsettled
//     cells (|K| cells holding |K| digits); E(|K|) removes it when |K| <= 4,
//     and otherwise X(t-|K|) does (t unsettled cells, t-|K| <= 4, X(1) being
//     Ubit); a house with no filling likewise shows a contradiction to a
//     subset of size at most 4. So one AllDiff call per house replaces the
//     enumeration of every subset, and its fixpoint is propagate's.
//   - Only a house one of whose cells changed since it was last filtered
//     is filtered again, and only the box/line pairs one of whose houses
//     changed are checked for InterSection (dirty house masks).
//
// The contradiction's location (where) is not propagate's; a caller that
// shows it in a step runs propagate for that one case.

// fixpoint applies levels 1-6 until nothing changes, to a state that was
// at their fixpoint before the cells of the houses in dirty changed (pass
// allHouses for any state). It reports contradiction or none.
func (s *rstate) fixpoint(dirty uint32) outcome { return s.closure(dirty, allCells, true) }

// closure is fixpoint, with InterSection when withIsect; without it, it is
// the all-different filtering of every house plus naked singles, the
// hypothesis's propagation (allDiffFrom). todo holds the cells that may be
// a naked single or empty (allCells for any state; for a state at the
// fixpoint, the cells changed since), then those whose candidates change.
func (s *rstate) closure(dirty uint32, todo cellSet, withIsect bool) outcome {
	for {
		// Naked singles: settling is cheaper than any matching. Hidden
		// singles need no pass of their own: a house's filtering (hall)
		// leaves such a cell a single candidate.
		for {
			c := todo.pop()
			if c < 0 {
				break
			}
			m := s.c[c]
			if m&Settled != 0 {
				continue
			}
			if m == 0 {
				return contradiction
			}
			if m&(m-1) == 0 {
				dirty |= s.settleTodo(c, m, &todo)
			}
		}
		if s.left == 0 || dirty == 0 {
			return none
		}
		// Hidden singles and digits with no place in the changed houses:
		// a fraction of a matching's cost, and most of trial and error's
		// contradictions show here first.
		hidden := false
		for t := dirty; t != 0; t &= t - 1 {
			h := bits.TrailingZeros32(t)
			var once, twice uint16
			for _, c := range houses[h] {
				if m := s.c[c]; m&Settled == 0 {
					twice |= once & m
					once |= m
				}
			}
			need := allDigits &^ s.hp[h]
			if need&^once != 0 {
				return contradiction
			}
			if single := once &^ twice & need; single != 0 {
				b := single & -single
				for _, c := range houses[h] {
					if s.c[c]&Settled == 0 && s.c[c]&b != 0 {
						dirty |= s.settleTodo(int(c), b, &todo)
						hidden = true
						break
					}
				}
			}
		}
		if hidden {
			continue
		}
		next := uint32(0)
		for i := range isects {
			if !withIsect {
				break
			}
			is := &isects[i]
			if dirty&(1<<is.box|1<<is.line) == 0 {
				continue
			}
			ch, out := s.isect(is, &todo)
			if out == contradiction {
				return contradiction
			}
			next |= ch
		}
		dirty |= next
		for h := 0; h < 27; h++ {
			if dirty&(1<<h) == 0 {
				continue
			}
			var m [9]uint16
			var u [9]uint8
			k := 0
			for _, c := range houses[h] {
				if s.c[c]&Settled == 0 {
					m[k], u[k] = s.c[c], c
					k++
				}
			}
			if k == 0 {
				continue
			}
			if !hall(&m, k, allDigits&^s.hp[h]) {
				return contradiction
			}
			for i := 0; i < k; i++ {
				if c := u[i]; m[i] != s.c[c] {
					s.c[c] = m[i]
					next |= cellHouseMask(int(c))
					todo.add(int(c))
				}
			}
		}
		dirty = next
	}
}

// cellSet is a set of cells, bit c of the 128.
type cellSet [2]uint64

// allCells is the cellSet of the 81 cells.
var allCells = cellSet{^uint64(0), 1<<17 - 1}

// cellOnly is the cellSet of cell c alone.
func cellOnly(c int) cellSet {
	var t cellSet
	t.add(c)
	return t
}

func (t *cellSet) add(c int) { t[c>>6] |= 1 << (c & 63) }

// pop removes and returns the lowest cell of t, or -1 when t is empty.
func (t *cellSet) pop() int {
	if t[0] != 0 {
		c := bits.TrailingZeros64(t[0])
		t[0] &= t[0] - 1
		return c
	}
	if t[1] != 0 {
		c := bits.TrailingZeros64(t[1])
		t[1] &= t[1] - 1
		return 64 + c
	}
	return -1
}

// settleTodo is settle that returns the houses of every cell it changed
// (the cell's own and those of the peers that lost the digit) and adds
// the peers it changed to todo.
func (s *rstate) settleTodo(c int, b uint16, todo *cellSet) uint32 {
	s.c[c] = b | Settled
	s.left--
	ch := cellHouseMask(c)
	for _, p := range peers[c] {
		if m := s.c[p]; m&Settled == 0 && m&b != 0 {
			s.c[p] = m &^ b
			ch |= cellHouseMask(int(p))
			todo.add(int(p))
		}
	}
	h := &cellHouses[c]
	s.hp[h[0]] |= b
	s.hp[h[1]] |= b
	s.hp[h[2]] |= b
	return ch
}

// isect applies InterSection to one box/line pair (every digit at once). It
// returns the houses of the cells it changed, or contradiction.
func (s *rstate) isect(is *isect, todo *cellSet) (uint32, outcome) {
	a, c, b, free := s.isectMasks(is)
	if free&^(c|b) != 0 || free&^(a|c) != 0 {
		return 0, contradiction
	}
	var ch uint32
	if claim := a & c &^ b; claim != 0 {
		for _, x := range is.A {
			if s.c[x]&Settled == 0 && s.c[x]&claim != 0 {
				s.c[x] &^= claim
				ch |= cellHouseMask(int(x))
				todo.add(int(x))
			}
		}
	}
	if point := c & b &^ a; point != 0 {
		for _, x := range is.B {
			if s.c[x]&Settled == 0 && s.c[x]&point != 0 {
				s.c[x] &^= point
				ch |= cellHouseMask(int(x))
				todo.add(int(x))
			}
		}
	}
	return ch, none
}
