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
	if !hall(&m, 9, allDigits) {
		return out, false
	}
	return m, true
}

// hall is AllDiff's filtering of the k cells m[:k] whose candidates lie in
// need, k = popcount(need) (a house's unsettled cells and the digits not
// settled in it): it removes in place every candidate no perfect matching
// of the cells to need uses, and reports false when there is no perfect
// matching. No allocation, no closure: it runs once per changed house in
// the ladder's inner propagation (fixpoint) and the hypothesis.
func hall(m *[9]uint16, k int, need uint16) bool {
	var union uint16
	for i := 0; i < k; i++ {
		union |= m[i]
	}
	if union != need {
		return false // a needed digit fits no cell
	}
	var matchC [9]int8                                    // cell -> digit
	matchD := [9]int8{-1, -1, -1, -1, -1, -1, -1, -1, -1} // digit -> cell
	// A greedy matching first; augmenting paths only for the cells it
	// leaves unmatched.
	free := need
	var unmatched uint16
	for i := 0; i < k; i++ {
		if f := m[i] & free; f != 0 {
			d := bits.TrailingZeros16(f)
			matchC[i], matchD[d] = int8(d), int8(i)
			free &^= 1 << d
		} else {
			unmatched |= 1 << i
		}
	}
	for ; unmatched != 0; unmatched &= unmatched - 1 {
		var seen uint16
		if !augment(m, &matchC, &matchD, bits.TrailingZeros16(unmatched), &seen) {
			return false
		}
	}
	// cell graph: x -> y when x can take y's matched digit; an edge
	// x-d outside the matching survives when d's cell reaches x back (an
	// even alternating cycle).
	var reach, back [9]uint16 // edges; reversed edges
	for x := 0; x < k; x++ {
		for t := m[x] &^ (1 << matchC[x]); t != 0; t &= t - 1 {
			y := matchD[bits.TrailingZeros16(t)]
			reach[x] |= 1 << y
			back[y] |= 1 << x
		}
	}
	// The strongly connected components, each the cells that reach a
	// cell x and that x reaches (two searches a component); most houses
	// filter to themselves, their graph being one component. An edge
	// x -> y between two components is on no cycle: y's digit leaves x.
	var comp [9]uint16
	cut := false
	for rest := uint16(1)<<k - 1; rest != 0; {
		x := bits.TrailingZeros16(rest)
		c := spread(&reach, x) & spread(&back, x)
		rest &^= c
		for t := c; t != 0; t &= t - 1 {
			y := bits.TrailingZeros16(t)
			comp[y] = c
			cut = cut || reach[y]&^c != 0
		}
	}
	if !cut {
		return true
	}
	for x := 0; x < k; x++ {
		for t := reach[x] &^ comp[x]; t != 0; t &= t - 1 {
			m[x] &^= 1 << matchC[bits.TrailingZeros16(t)]
		}
	}
	return true
}

// spread is the set of cells reachable from cell x along edges (x
// included).
func spread(edges *[9]uint16, x int) uint16 {
	seen := uint16(1) << x
	frontier := seen
	for frontier != 0 {
		var next uint16
		for t := frontier; t != 0; t &= t - 1 {
			next |= edges[bits.TrailingZeros16(t)]
		}
		frontier = next &^ seen
		seen |= next
	}
	return seen
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
func (s *rstate) allDiffFrom(dirty uint32) outcome { return s.closure(dirty, allCells, false) }
