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
//
// atFixpoint says s is at the fixpoint of the inner propagation (the
// ladder and the hypothesis call Negation only there): then only P's
// houses need propagating at first, by closure, and trials are pruned as
// below. Otherwise (ApplyTechnique, on any candidate state a caller
// gives) every trial runs the reference propagation.
//
// A trial that ends without a contradiction answers later trials too: if
// assuming P is not a leads to the (contradiction-free) fixpoint F, and F
// lacks candidate b of cell Q, then assuming Q is not b leads to a
// fixpoint that contains F (the propagation only removes what every
// state containing F's candidates lets it remove), so to no contradiction
// either. Such trials (safe) are skipped: the first trial in the order
// above that does reach a contradiction, and so the step, are the same.
//
// sol, when not nil, is the puzzle's solution, and s holds it (the ladder
// and the hypothesis only remove candidates no solution uses). Then a
// trial removing a digit other than the solution's leaves the solution in
// the state, and levels 1-6 (as all-different filtering) never remove a
// candidate of a solution the state holds: it cannot reach a
// contradiction, and only the solution's digit of each cell is tried.
func negation(s *rstate, st *engine.Step, level int, atFixpoint bool, sol *Grid) outcome {
	var safe [81]uint16 // per cell, candidates whose removal is known not to contradict
	if sol != nil {
		for p := range safe {
			safe[p] = allDigits &^ (1 << (sol[p] - 1))
		}
	}
	for k := 2; k <= 9; k++ {
		for p := 0; p < 81; p++ {
			m := s.c[p]
			if m&Settled != 0 || bits.OnesCount16(m) != k {
				continue
			}
			for r := m &^ safe[p]; r != 0; r = r & (r - 1) &^ safe[p] {
				a := r & -r
				t := *s
				t.c[p] = m &^ a
				var out outcome
				switch {
				case !atFixpoint:
					out = t.inner(level)
				case level == innerAllDiff:
					// only p's houses changed since the all-different
					// fixpoint
					out = t.closure(cellHouseMask(p), cellOnly(p), false)
				default:
					// levels 1-6's fixpoint, found faster than by
					// propagate (see fixpoint); a step names where
					// propagate itself finds the contradiction.
					out = t.closure(cellHouseMask(p), cellOnly(p), true)
					if out == contradiction && st != nil {
						t = *s
						t.c[p] = m &^ a
						out = t.inner(level)
					}
				}
				if out != contradiction {
					if !atFixpoint {
						continue
					}
					for q := range s.c {
						if s.c[q]&Settled == 0 {
							safe[q] |= s.c[q] &^ t.c[q]
						}
					}
					continue
				}
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
	return none
}

// trial settles the fewest-candidate cell by search (levels 1-6 inside),
// counting guesses. s is at levels 1-6's fixpoint (Negation found nothing
// either), so a guess's search starts from the houses the guess changed.
func (rt *rater) trial(s *rstate, st *engine.Step) {
	p := pickCell(s)
	m := s.c[p]
	g0 := rt.guesses
	for r := m; r != 0; r &= r - 1 {
		a := r & -r
		rt.guesses++
		t := *s
		var todo cellSet
		if rt.search(&t, t.settleTodo(p, a, &todo), todo) {
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

// search is trial and error below a guess: levels 1-6 to their fixpoint,
// which does not depend on the order they run in (see fixpoint), then a
// guess in the fewest-candidate cell. s was at the fixpoint before the
// houses in dirty and the cells in todo changed.
func (rt *rater) search(s *rstate, dirty uint32, todo cellSet) bool {
	if s.closure(dirty, todo, true) == contradiction {
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
		var todo cellSet
		if rt.search(&t, t.settleTodo(p, a, &todo), todo) {
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
