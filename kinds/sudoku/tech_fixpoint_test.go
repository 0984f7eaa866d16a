package sudoku

// Internal tests: the fast inner propagation (fixpoint) and the pruned
// Negation against the reference ones (propagate, Negation trying every
// candidate), on states of real solves.

import (
	"reflect"
	"testing"

	"pencilbox/engine"
	"pencilbox/internal/shared"
)

// solveState is a state before a step of a solve, with the puzzle's
// solution.
type solveState struct {
	s   rstate
	sol Grid
}

// solveStates are the states before each step of the ladder's solves of
// the committed samples' (or ../shared's) hardest puzzles.
func solveStates(t *testing.T, perFile int) []solveState {
	t.Helper()
	var out []solveState
	for _, rel := range []string{"data/sudoku/forum_hardest_1905_11plus.txt", "data/sudoku/forum_hardest_1106.txt",
		"data/sudoku/magictour_top1465.txt", "data/sudoku/17_clue.txt"} {
		n := 0
		for _, l := range shared.LinesOrSample(t, rel) {
			if n == perFile {
				break
			}
			g, err := ParseLine(l[:81])
			if err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			r := Rate(&g, true)
			if r.Status != engine.Unique {
				continue
			}
			n++
			states, err := Replay(&g, r.Steps)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := ParseLine(r.Solution)
			if err != nil {
				t.Fatal(err)
			}
			for _, cs := range states {
				out = append(out, solveState{fromCandidates(&cs), sol})
			}
		}
	}
	return out
}

// TestFixpointIsPropagate: from any state, and from a fixpoint with one
// candidate removed (Negation's trials) or one cell settled (trial and
// error's guesses), closure reaches propagate(6)'s verdict and, without a
// contradiction, its very state; and without InterSection, the first
// version of the hypothesis's propagation's (allDiffRef).
func TestFixpointIsPropagate(t *testing.T) {
	states := solveStates(t, 6)
	trials, contra := 0, 0
	check := func(from rstate, dirty uint32, todo cellSet) {
		ref, got := from, from
		ro := ref.propagate(6)
		fo := got.closure(dirty, todo, true)
		trials++
		if ro != fo {
			t.Fatalf("propagate says %v, fixpoint %v", ro, fo)
		}
		if ro == contradiction {
			contra++
		} else if got.where = ref.where; ref != got {
			t.Fatalf("fixpoints differ:\n propagate %v\n fixpoint  %v", ref.c, got.c)
		}
		// the hypothesis's propagation, without InterSection
		ref, got = from, from
		ro = ref.allDiffRef()
		fo = got.closure(dirty, todo, false)
		if ro != fo {
			t.Fatalf("all-different reference says %v, closure %v", ro, fo)
		}
		if got.where = ref.where; ro != contradiction && ref != got {
			t.Fatalf("all-different fixpoints differ:\n reference %v\n closure   %v", ref.c, got.c)
		}
	}
	for _, ss := range states {
		s := ss.s
		check(s, allHouses, allCells)
		fix := s
		if fix.propagate(6) == contradiction {
			t.Fatal("a state of a solve of a unique puzzle propagates to a contradiction")
		}
		for p := 0; p < 81; p += 3 {
			m := fix.c[p]
			if m&Settled != 0 {
				continue
			}
			for r := m; r != 0; r &= r - 1 {
				// Negation's trial: a candidate removed
				tr := fix
				tr.c[p] = m &^ (r & -r)
				check(tr, cellHouseMask(p), cellOnly(p))
				// trial and error's guess: a cell settled
				tr = fix
				var todo cellSet
				dirty := tr.settleTodo(p, r&-r, &todo)
				check(tr, dirty, todo)
			}
		}
	}
	if contra == 0 || contra == trials {
		t.Fatalf("%d trials, %d contradictions: the states do not test both answers", trials, contra)
	}
	t.Logf("%d states, %d trials, %d contradictions", len(states), trials, contra)
}

// allDiffRef is the hypothesis's propagation as first written: singles
// by propagate(2), then AllDiff on every house, until nothing changes.
func (s *rstate) allDiffRef() outcome {
	for {
		before := s.c
		if s.propagate(2) == contradiction {
			return contradiction
		}
		if s.left == 0 {
			return none
		}
		for h := 0; h < 27; h++ {
			var m [9]uint16
			for i, c := range houses[h] {
				m[i] = s.c[c]
			}
			out, ok := AllDiff(m)
			if !ok {
				return contradiction
			}
			for i, c := range houses[h] {
				if s.c[c]&Settled == 0 {
					s.c[c] = out[i]
				}
			}
		}
		if s.c == before {
			return none
		}
	}
}

// negationRef is Negation as specified, with no pruning: every candidate
// in order, levels 1-6 by propagate.
func negationRef(s *rstate, st *engine.Step) outcome {
	for k := 2; k <= 9; k++ {
		for p := 0; p < 81; p++ {
			m := s.c[p]
			if m&Settled != 0 || popc(m) != k {
				continue
			}
			for r := m; r != 0; r &= r - 1 {
				a := r & -r
				t := *s
				t.c[p] = m &^ a
				if t.propagate(6) == contradiction {
					// the step's text is negation's own: compare the
					// placement and where only.
					s.settle(p, a)
					*st = engine.Step{Pattern: []int{p}, Contradiction: whereName(t.where)}
					return progress
				}
			}
		}
	}
	return none
}

// TestNegationPruned: the pruned Negation (safe candidates skipped, with
// the solution or without; inner check by fixpoint) places the same cell
// and digit, with the same contradiction named, as the unpruned one, from
// every fixpoint state of the solves, or finds nothing where it finds
// nothing; and so does the hypothesis's.
func TestNegationPruned(t *testing.T) {
	found := 0
	states := solveStates(t, 4)
	for _, ss := range states {
		s := ss.s
		if s.propagate(6) == contradiction {
			t.Fatal("a state of a solve of a unique puzzle propagates to a contradiction")
		}
		ref := s
		var rst engine.Step
		ro := negationRef(&ref, &rst)
		if ro == progress {
			found++
		}
		for _, sol := range []*Grid{nil, &ss.sol} {
			got := s
			var gst engine.Step
			gotOut := negation(&got, &gst, 6, true, sol)
			if ro != gotOut || ref != got {
				t.Fatalf("with solution %v: reference Negation %v, pruned %v (states equal: %v)", sol != nil, ro, gotOut, ref == got)
			}
			if ro == progress && (!reflect.DeepEqual(rst.Pattern, gst.Pattern) || rst.Contradiction != gst.Contradiction) {
				t.Fatalf("with solution %v: reference step at %v (%s), pruned at %v (%s)", sol != nil, rst.Pattern, rst.Contradiction, gst.Pattern, gst.Contradiction)
			}
		}
		// the hypothesis's Negation, without steps
		fix := s
		if fix.allDiffRef() == contradiction {
			t.Fatal("all-different filtering of a solve's state reaches a contradiction")
		}
		want := fix
		wo := negationAllDiffRef(&want)
		for _, sol := range []*Grid{nil, &ss.sol} {
			got := fix
			if o := negation(&got, nil, innerAllDiff, true, sol); o != wo || got != want {
				t.Fatalf("with solution %v: the hypothesis's Negation says %v, unpruned %v (states equal: %v)", sol != nil, o, wo, got == want)
			}
		}
	}
	if found == 0 || found == len(states) {
		t.Fatalf("%d of %d states have a Negation: the states do not test both answers", found, len(states))
	}
	t.Logf("%d states, %d with a Negation", len(states), found)
}

func negationAllDiffRef(s *rstate) outcome {
	for k := 2; k <= 9; k++ {
		for p := 0; p < 81; p++ {
			m := s.c[p]
			if m&Settled != 0 || popc(m) != k {
				continue
			}
			for r := m; r != 0; r &= r - 1 {
				a := r & -r
				t := *s
				t.c[p] = m &^ a
				if t.allDiffRef() == contradiction {
					s.settle(p, a)
					return progress
				}
			}
		}
	}
	return none
}
