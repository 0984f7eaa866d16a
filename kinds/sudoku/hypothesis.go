package sudoku

// Hypothesis reports whether g is solved by all-different filtering per
// house plus Negation (with all-different filtering as Negation's inner
// propagation) alone — the Enclosure + Negation hypothesis of
// docs/sudoku-rating.md. Meaningful for unique puzzles; false for a
// puzzle whose givens clash.
func Hypothesis(g *Grid) bool { return hypothesis(g, nil) }

// hypothesis is Hypothesis, faster when the caller knows g's solution sol
// (see negation), or nil.
func hypothesis(g *Grid, sol *Grid) bool {
	var s rstate
	if !s.load(g) {
		return false
	}
	dirty := uint32(allHouses)
	for {
		if s.allDiffFrom(dirty) == contradiction {
			return false
		}
		if s.left == 0 {
			return true
		}
		before := s.c
		if negation(&s, nil, innerAllDiff, true, sol) != progress {
			return false
		}
		// Only the houses of the cells Negation's settling changed need
		// filtering again (see allDiffFrom).
		dirty = 0
		for c := range s.c {
			if s.c[c] != before[c] {
				dirty |= cellHouseMask(c)
			}
		}
	}
}
