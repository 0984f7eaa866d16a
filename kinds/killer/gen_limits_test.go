package killer

import (
	"math/rand/v2"
	"testing"
)

// TestCountSolutionsLimit: the generator's uniqueness search says "not
// known" (3) once it has visited genSolveNodes nodes, and a layout it
// cannot decide grades above Unreasonable (never kept as unique).
func TestCountSolutionsLimit(t *testing.T) {
	// No cage but whole rows: a Latin-square-like killer with very many
	// solutions, so the search runs on.
	p := &Puzzle{N: 9, BoxW: 3, BoxH: 3, Given: make([]int8, 81), Cage: make([]int16, 81)}
	for i := range 81 {
		p.Cage[i] = int16(i / 9)
	}
	for range 9 {
		p.Sums = append(p.Sums, 45)
	}
	g := newGeom(9, 3, 3)
	if got := countSolutions(g, p, newState(g, p), 1); got != 3 {
		t.Errorf("one node: %d, want 3 (not known)", got)
	}
	if got := countSolutions(g, p, newState(g, p), genSolveNodes); got != 2 {
		t.Errorf("%d nodes: %d, want 2", genSolveNodes, got)
	}
	// A unique puzzle: one node more than it needs is enough.
	p.Given = []int8{
		0, 0, 3, 0, 2, 0, 6, 0, 0, 9, 0, 0, 3, 0, 5, 0, 0, 1, 0, 0, 1, 8, 0, 6, 4, 0, 0,
		0, 0, 8, 1, 0, 2, 9, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 6, 7, 0, 8, 2, 0, 0,
		0, 0, 2, 6, 0, 9, 5, 0, 0, 8, 0, 0, 2, 0, 3, 0, 0, 9, 0, 0, 5, 0, 1, 0, 3, 0, 0}
	if got := countSolutions(g, p, newState(g, p), genSolveNodes); got != 1 {
		t.Errorf("a unique Sudoku as row cages: %d solutions", got)
	}
}

// TestSolvedGridValid: the generator's random grids keep every house's
// rule at each size, within genGridSteps.
func TestSolvedGridValid(t *testing.T) {
	for _, n := range []int{4, 6, 9} {
		bw, bh, _ := BoxShape(n)
		s := &genSource{t: genTarget{N: n, BoxW: bw, BoxH: bh}, rng: rand.New(rand.NewPCG(uint64(n), 3)), g: newGeom(n, bw, bh)}
		for range 50 {
			grid, ok := s.solvedGrid()
			if !ok {
				t.Fatalf("%dx%d: no grid within %d steps", n, n, genGridSteps)
			}
			for h := range 3 * n {
				var seen uint16
				for i := range n {
					seen |= bit(int(grid[s.g.house[h][i]]))
				}
				if seen != s.g.all {
					t.Fatalf("%dx%d: house %d holds %b", n, n, h, seen)
				}
			}
		}
	}
}
