package sudoku

import (
	"fmt"
	"math/bits"

	"pencilbox/engine"
)

// inner propagation used by Negation: levels 1..6 (ladder) or all-different
// filtering (hypothesis).
const innerAllDiff = 0

func (s *rstate) inner(level int) outcome {
	if level == innerAllDiff {
		return s.allDiffFixpoint()
	}
	return s.propagate(level)
}

// negation tries, cells with the fewest candidates first (ties by cell
// index, digits ascending), to remove one candidate a from a cell P and
// propagate; a contradiction proves P = a, which is settled. Negation does
// not recurse.
func negation(s *rstate, st *engine.Step, level int) outcome {
	for k := 2; k <= 9; k++ {
		for p := 0; p < 81; p++ {
			m := s.c[p]
			if m&Settled != 0 || bits.OnesCount16(m) != k {
				continue
			}
			for r := m; r != 0; r &= r - 1 {
				a := r & -r
				t := *s
				t.c[p] = m &^ a
				var out outcome
				if level == innerAllDiff {
					// s is at the all-different fixpoint (the hypothesis
					// reaches it before each Negation): only p's houses
					// changed.
					out = t.allDiffFrom(cellHouseMask(p))
				} else {
					out = t.inner(level)
				}
				if out == contradiction {
					s.settle(p, a)
					if st != nil {
						d := bits.TrailingZeros16(a) + 1
						w := whereName(t.where)
						how := "levels 1-6"
						if level == innerAllDiff {
							how = "all-different filtering"
						}
						*st = engine.Step{Level: 7, Technique: "negation", Pattern: []int{p}, Digits: []int{d},
							Place:         []engine.Mark{{Cell: p, Value: d}},
							Assumption:    fmt.Sprintf("%s is not %d", cellName(p), d),
							Contradiction: w,
							Sentence: fmt.Sprintf("Suppose %s is not %d: %s then reach a contradiction at %s, so %s is %d.",
								cellName(p), d, how, w, cellName(p), d)}
					}
					return progress
				}
			}
		}
	}
	return none
}

// trial settles the fewest-candidate cell by search (levels 1-6 inside),
// counting guesses.
func (rt *rater) trial(s *rstate, st *engine.Step) {
	p := pickCell(s)
	m := s.c[p]
	g0 := rt.guesses
	for r := m; r != 0; r &= r - 1 {
		a := r & -r
		rt.guesses++
		t := *s
		t.settle(p, a)
		if rt.search(&t) {
			s.settle(p, a)
			n := rt.guesses - g0
			rt.counts[tTrial] += n
			if st != nil {
				d := bits.TrailingZeros16(a) + 1
				*st = engine.Step{Level: 8, Technique: "trial", Pattern: []int{p}, Digits: []int{d},
					Place: []engine.Mark{{Cell: p, Value: d}},
					Sentence: fmt.Sprintf("No technique up to Negation applies; trial and error on %s (%d guesses) shows %s is %d.",
						cellName(p), n, cellName(p), d)}
			}
			return
		}
	}
	// unreachable for a unique puzzle: fall back to the known solution.
	d := rt.sol[p]
	s.settle(p, uint16(1)<<(d-1))
}

func (rt *rater) search(s *rstate) bool {
	if s.propagate(6) == contradiction {
		return false
	}
	if s.left == 0 {
		return true
	}
	p := pickCell(s)
	for r := s.c[p]; r != 0; r &= r - 1 {
		a := r & -r
		rt.guesses++
		t := *s
		t.settle(p, a)
		if rt.search(&t) {
			*s = t
			return true
		}
	}
	return false
}

func pickCell(s *rstate) int {
	best, bn := -1, 10
	for c := 0; c < 81; c++ {
		if s.c[c]&Settled == 0 {
			if n := bits.OnesCount16(s.c[c]); n < bn {
				best, bn = c, n
			}
		}
	}
	return best
}
