package sudoku

import (
	"fmt"
	"math/bits"

	"pencilbox/engine"
)

// Each technique looks at the state and either applies one application
// (all=false; st, when not nil, receives the step), applies every
// application it finds in one scan (all=true, used by inner propagation),
// reports a contradiction (s.where says where) or reports none.

// sbit: a cell with one candidate is settled; a cell with none is a
// contradiction.
func (s *rstate) sbit(st *engine.Step, all bool) outcome {
	r := none
	for c := 0; c < 81; c++ {
		m := s.c[c]
		if m&Settled != 0 {
			continue
		}
		if m == 0 {
			s.where = c
			return contradiction
		}
		if m&(m-1) == 0 {
			s.settle(c, m)
			if st != nil {
				d := bits.TrailingZeros16(m) + 1
				*st = engine.Step{Level: 1, Technique: "sbit", Pattern: []int{c}, Digits: []int{d},
					Place:    []engine.Mark{{Cell: c, Value: d}},
					Sentence: fmt.Sprintf("%s has only the candidate %d left, so it is %d.", cellName(c), d, d)}
			}
			if !all {
				return progress
			}
			r = progress
		}
	}
	return r
}

// ubit: a digit with one place in a house settles it; with none, a
// contradiction.
func (s *rstate) ubit(st *engine.Step, all bool) outcome {
	r := none
	for h := 0; h < 27; h++ {
		var once, twice uint16
		for _, c := range houses[h] {
			m := s.c[c]
			if m&Settled != 0 {
				continue
			}
			twice |= once & m
			once |= m
		}
		need := allDigits &^ s.hp[h]
		if need&^once != 0 {
			s.where = 100 + h
			return contradiction
		}
		single := once &^ twice & need
		for single != 0 {
			b := single & -single
			single &^= b
			for _, c := range houses[h] {
				if s.c[c]&Settled == 0 && s.c[c]&b != 0 {
					s.settle(int(c), b)
					if st != nil {
						d := bits.TrailingZeros16(b) + 1
						*st = engine.Step{Level: 2, Technique: "ubit", Pattern: []int{int(c)}, Digits: []int{d},
							Houses:   []string{HouseName(h)},
							Place:    []engine.Mark{{Cell: int(c), Value: d}},
							Sentence: fmt.Sprintf("In %s, %d fits only %s, so %s is %d.", HouseName(h), d, cellName(int(c)), cellName(int(c)), d)}
					}
					break
				}
			}
			if !all {
				return progress
			}
			r = progress
			break // the house changed; the next scan revisits it

		}
	}
	return r
}

// isectMasks returns the digits not yet placed in the box or the line of
// is (free), and which of them the cells of A (box only), C (both) and B
// (line only) still hold.
func (s *rstate) isectMasks(is *isect) (a, c, b, free uint16) {
	for k := 0; k < 6; k++ {
		a |= s.c[is.A[k]]
		b |= s.c[is.B[k]]
	}
	for k := 0; k < 3; k++ {
		c |= s.c[is.C[k]]
	}
	free = allDigits &^ (s.hp[is.box] | s.hp[is.line])
	return a & free, c & free, b & free, free
}

// intersection: pointing and claiming per spec table.
func (s *rstate) intersection(st *engine.Step, all bool) outcome {
	r := none
	for i := range isects {
		is := &isects[i]
		a, c, b, free := s.isectMasks(is)
		if bad := free &^ (c | b); bad != 0 {
			s.where = 100 + int(is.line)
			return contradiction
		}
		if bad := free &^ (a | c); bad != 0 {
			s.where = 100 + int(is.box)
			return contradiction
		}
		// claiming: in A and C, not in B -> remove from A (the line's digit is locked in C)
		claim := a & c &^ b
		point := c & b &^ a
		if claim == 0 && point == 0 {
			continue
		}
		for m := claim | point; m != 0; m &= m - 1 {
			d := m & -m
			from, into, fromH, intoH := is.A[:], is.line, is.box, is.line
			if point&d != 0 {
				from, into, fromH, intoH = is.B[:], is.box, is.line, is.box
			}
			_ = into
			var el []engine.Mark
			for _, x := range from {
				if s.c[x]&Settled == 0 && s.c[x]&d != 0 {
					s.c[x] &^= d
					if st != nil {
						el = append(el, engine.Mark{Cell: int(x), Value: bits.TrailingZeros16(d) + 1})
					}
				}
			}
			if st != nil {
				dg := bits.TrailingZeros16(d) + 1
				var pat []int
				for _, x := range is.C {
					if s.c[x]&d != 0 {
						pat = append(pat, int(x))
					}
				}
				*st = engine.Step{Level: 3, Technique: "intersection", Pattern: pat, Digits: []int{dg},
					Houses: []string{HouseName(int(intoH)), HouseName(int(fromH))}, Eliminate: el,
					Sentence: fmt.Sprintf("In %s, %d fits only where it meets %s (%s), so %d is removed from the rest of %s.",
						HouseName(int(intoH)), dg, HouseName(int(fromH)), cellList(pat), dg, HouseName(int(fromH)))}
			}
			if !all {
				return progress
			}
			r = progress
		}
	}
	return r
}

// subset: E(n) (naked) when naked, else X(n) (hidden), in every house.
func (s *rstate) subset(n int, naked bool, st *engine.Step, all bool) outcome {
	r := none
	for h := 0; h < 27; h++ {
		var u8 [9]uint8
		var m [9]uint16
		t := 0
		for _, c := range houses[h] {
			if s.c[c]&Settled == 0 {
				u8[t], m[t] = c, s.c[c]
				t++
			}
		}
		if t <= n {
			continue
		}
		var items [9]uint16 // naked: cell masks (digits); hidden: digit position masks (cells)
		var ids [9]int
		k := 0
		if naked {
			for i := 0; i < t; i++ {
				items[k], ids[k] = m[i], i
				k++
			}
		} else {
			for d := 0; d < 9; d++ {
				if s.hp[h]&(1<<d) != 0 {
					continue
				}
				var pos uint16
				for i := 0; i < t; i++ {
					if m[i]&(1<<d) != 0 {
						pos |= 1 << i
					}
				}
				items[k], ids[k] = pos, d
				k++
			}
		}
		// Combinations of n items with a union of at most n digits
		// (naked) or cells (hidden), in lexicographic order, by an
		// explicit stack: pick[d] is the item at depth d, un[d] the union
		// of the first d picks. A prefix whose union is already larger
		// than n is not extended.
		var pick [4]int
		var un [5]uint16
		var found outcome
		depth, i := 0, 0
	enum:
		for {
			if depth == n {
				u := un[n]
				if popc(u) < n {
					s.where = 100 + h
					found = contradiction
					break enum
				}
				var sel uint16
				for j := 0; j < n; j++ {
					sel |= 1 << ids[pick[j]]
				}
				if s.eliminateSubset(h, n, naked, st, &u8, &m, t, sel, u) {
					found = progress
					if !all {
						break enum
					}
				}
				depth--
				i = pick[depth] + 1
				continue
			}
			if i > k-(n-depth) {
				if depth == 0 {
					break
				}
				depth--
				i = pick[depth] + 1
				continue
			}
			nu := un[depth] | items[i]
			if popc(nu) > n {
				i++
				continue
			}
			pick[depth], un[depth+1] = i, nu
			depth++
			i++
		}
		if found == contradiction {
			return contradiction
		}
		if found == progress {
			r = progress
			if !all {
				return progress
			}
		}
	}
	return r
}

// eliminateSubset applies one E(n)/X(n) found in house h: for naked, the
// cells sel (positions in u) hold only the digits un, which leave the
// house's other cells; for hidden, the digits sel fit only the cells un
// (positions), which lose every other digit. It reports whether anything
// was removed, and then fills st when not nil. m holds the candidates of
// the house's t unsettled cells u, updated with s.
func (s *rstate) eliminateSubset(h, n int, naked bool, st *engine.Step, u *[9]uint8, m *[9]uint16, t int, sel, un uint16) bool {
	var el []engine.Mark
	any := false
	if naked {
		for i := 0; i < t; i++ {
			if sel&(1<<i) == 0 && m[i]&un != 0 {
				any = true
				if st != nil {
					for _, d := range digitsOf(m[i] & un) {
						el = append(el, engine.Mark{Cell: int(u[i]), Value: d})
					}
				}
				s.c[u[i]] &^= un
				m[i] &^= un
			}
		}
	} else {
		for i := 0; i < t; i++ {
			if un&(1<<i) != 0 && m[i]&^sel != 0 {
				any = true
				if st != nil {
					for _, d := range digitsOf(m[i] &^ sel) {
						el = append(el, engine.Mark{Cell: int(u[i]), Value: d})
					}
				}
				s.c[u[i]] &= sel
				m[i] &= sel
			}
		}
	}
	if any && st != nil {
		fillSubsetStep(st, h, n, naked, u[:t], sel, un, el)
	}
	return any
}

// propagate applies levels 1..maxLevel (maxLevel <= 6) to a fixpoint,
// applying every application per scan. It reports contradiction or none.
func (s *rstate) propagate(maxLevel int) outcome {
	for s.left > 0 {
		if r := s.sbit(nil, true); r == contradiction {
			return r
		} else if r == progress {
			continue
		}
		if r := s.ubit(nil, true); r == contradiction {
			return r
		} else if r == progress {
			continue
		}
		if maxLevel < 3 {
			return none
		}
		if r := s.intersection(nil, true); r == contradiction {
			return r
		} else if r == progress {
			continue
		}
		got := false
		for n := 2; n <= 4 && n+2 <= maxLevel; n++ {
			r := s.subset(n, true, nil, true)
			if r == contradiction {
				return r
			}
			if r == none {
				r = s.subset(n, false, nil, true)
				if r == contradiction {
					return r
				}
			}
			if r == progress {
				got = true
				break
			}
		}
		if !got {
			return none
		}
	}
	return none
}
