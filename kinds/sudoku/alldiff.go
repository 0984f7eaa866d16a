package sudoku

import "math/bits"

// AllDiff filters one house's nine candidate masks (digit d <-> bit d-1;
// settled cells may carry the Settled flag, which is ignored) with the
// all-different constraint: an edge cell-digit survives exactly when some
// perfect matching of cells to digits uses it (Regin's filtering: a maximum
// matching, then edges on even alternating cycles). With nine cells and nine
// digits a perfect matching leaves no free vertex, so only cycles matter.
// ok is false when no perfect matching exists (a contradiction).
func AllDiff(m [9]uint16) (out [9]uint16, ok bool) {
	for i := range m {
		m[i] &= allDigits
	}
	var matchC [9]int8 // cell -> digit
	var matchD [9]int8 // digit -> cell
	for i := range matchD {
		matchD[i], matchC[i] = -1, -1
	}
	for i := 0; i < 9; i++ {
		var seen uint16
		if !augment(&m, &matchC, &matchD, i, &seen) {
			return out, false
		}
	}
	// cell graph: x -> y when x can take y's matched digit.
	var reach [9]uint16
	for x := 0; x < 9; x++ {
		for y := 0; y < 9; y++ {
			if y != x && m[x]&(1<<matchC[y]) != 0 {
				reach[x] |= 1 << y
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for x := 0; x < 9; x++ {
			r := reach[x]
			for t := r; t != 0; t &= t - 1 {
				r |= reach[bits.TrailingZeros16(t)]
			}
			if r != reach[x] {
				reach[x], changed = r, true
			}
		}
	}
	for i := 0; i < 9; i++ {
		keep := uint16(1) << matchC[i]
		for t := m[i] &^ keep; t != 0; t &= t - 1 {
			d := bits.TrailingZeros16(t)
			if reach[matchD[d]]&(1<<i) != 0 {
				keep |= 1 << d
			}
		}
		out[i] = keep
	}
	return out, true
}

func augment(m *[9]uint16, matchC, matchD *[9]int8, i int, seen *uint16) bool {
	for t := m[i] &^ *seen; t != 0; t &= t - 1 {
		d := bits.TrailingZeros16(t)
		if *seen&(1<<d) != 0 {
			continue
		}
		*seen |= 1 << d
		if matchD[d] < 0 || augment(m, matchC, matchD, int(matchD[d]), seen) {
			matchD[d], matchC[i] = int8(i), int8(d)
			return true
		}
	}
	return false
}

// allHouses marks all 27 houses in a house mask (bit h: house h).
const allHouses = 1<<27 - 1

// cellHouseMask is the house mask of a cell's row, column and box.
func cellHouseMask(c int) uint32 {
	h := &cellHouses[c]
	return 1<<h[0] | 1<<h[1] | 1<<h[2]
}

// allDiffFixpoint applies all-different filtering to every house and
// settles single-candidate cells until nothing changes.
func (s *rstate) allDiffFixpoint() outcome { return s.allDiffFrom(allHouses) }

// allDiffFrom is allDiffFixpoint for a state that was at the fixpoint
// before the cells of the houses in dirty changed: filtering is exact and
// idempotent (a house's filtered masks filter to themselves), so only a
// house one of whose cells changed since its last filtering needs it
// again. Negation's trials change one cell of a state at the fixpoint and
// start with its three houses, not 27.
func (s *rstate) allDiffFrom(dirty uint32) outcome {
	for {
		// Singles first: they follow from the houses' all-different
		// constraints too, so the fixpoint is the same, and they cost a
		// fraction of a matching.
		before := s.c
		if s.propagate(2) == contradiction {
			return contradiction
		}
		if s.left == 0 {
			return none
		}
		for c := range s.c {
			if s.c[c] != before[c] {
				dirty |= cellHouseMask(c)
			}
		}
		if dirty == 0 {
			return none
		}
		for h := 0; h < 27; h++ {
			if dirty&(1<<h) == 0 {
				continue
			}
			dirty &^= 1 << h
			var m [9]uint16
			for i, c := range houses[h] {
				m[i] = s.c[c]
			}
			out, ok := AllDiff(m)
			if !ok {
				s.where = 100 + h
				return contradiction
			}
			for i, c := range houses[h] {
				if s.c[c]&Settled == 0 && out[i] != s.c[c] {
					s.c[c] = out[i]
					dirty |= cellHouseMask(int(c)) &^ (1 << h)
				}
			}
		}
	}
}
