package sudoku

// rankOf returns the star rank of a unique puzzle g without a profile,
// score or hypothesis verdict: the smallest level whose techniques alone
// solve g (sudoku-rating.md: the techniques only remove candidates, so the
// fixpoint of levels 1..k solves g exactly when the lowest-level-first solve
// never needs a level above k). It stops as soon as the answer exceeds
// upTo, returning upTo+1, so a generator aiming low does not pay for
// Negation. A puzzle that is not unique gets 8 or upTo+1.
func rankOf(g *Grid, upTo int) int {
	var s rstate
	if !s.load(g) {
		return 0
	}
	if upTo < 1 {
		return 1
	}
	// Level 1: naked singles alone.
	for s.left > 0 {
		if r := s.sbit(nil, true); r != progress {
			break
		}
	}
	if s.left == 0 {
		return 1
	}
	for k := 2; k <= 6; k++ {
		if k > upTo {
			return upTo + 1
		}
		if s.propagate(k) == contradiction {
			return 8 // not unique: only a search tells
		}
		if s.left == 0 {
			return k
		}
	}
	if upTo < 7 {
		return upTo + 1
	}
	for {
		if negation(&s, nil, 6, true, nil) != progress {
			return 8
		}
		if s.fixpoint(allHouses) == contradiction {
			return 8
		}
		if s.left == 0 {
			return 7
		}
	}
}
