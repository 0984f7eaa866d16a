package killer

import (
	"math/rand/v2"
	"testing"

	"pencilbox/engine"
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

// TestDeadly: a layout whose two two-cell cages hold two digits crosswise
// in a rectangle of two boxes is seen (it has two solutions); breaking one
// cage clears it.
func TestDeadly(t *testing.T) {
	s := &genSource{t: genTarget{N: 9, BoxW: 3, BoxH: 3}, rng: rand.New(rand.NewPCG(2, 2)), g: newGeom(9, 3, 3)}
	found := 0
	for range 20 {
		grid, ok := s.solvedGrid()
		if !ok {
			t.Fatal("no grid")
		}
		for r1 := 0; r1 < 9; r1++ {
			for r2 := r1 + 1; r2 < 9 && r2/3 == r1/3; r2++ {
				for c := 0; c+1 < 9; c++ {
					p, p2, q, q2 := r1*9+c, r1*9+c+1, r2*9+c, r2*9+c+1
					if grid[p] != grid[q2] || grid[q] != grid[p2] {
						continue
					}
					var cg cages
					for i := range 81 {
						cg.of[i] = int8(i)
					}
					cg.count = 81
					cg.of[p2] = cg.of[p]
					cg.of[q2] = cg.of[q]
					if !s.deadly(&cg, &grid) {
						t.Fatalf("cages %s+%s and %s+%s holding %d,%d crosswise not seen", name(p), name(p2), name(q), name(q2), grid[p], grid[p2])
					}
					cg.of[q2] = int8(q2)
					if s.deadly(&cg, &grid) {
						t.Fatalf("a layout without the rectangle's second cage called deadly")
					}
					found++
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("20 grids held no rectangle to test")
	}
}

func name(c int) string { return engine.CellName(c, 9) }
