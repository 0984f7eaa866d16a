package sudoku_test

import (
	"math/rand/v2"
	"testing"

	"pencilbox/kinds/sudoku"
)

// TestSolutionKey: every symmetric image of a puzzle, and another puzzle
// on the same solution grid, have its key; a puzzle on another grid has
// another; a solution with empty cells is refused.
func TestSolutionKey(t *testing.T) {
	k := sudoku.Kind{}
	const line = ".......3.......7.2.59..24..4..7.3.6...6....8......5..9..3..46...85..9..3.......5."
	g, err := sudoku.ParseLine(line)
	if err != nil {
		t.Fatal(err)
	}
	key, err := k.SolutionKey(&sudoku.Puzzle{Grid: g}, "")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		h := sudoku.RandomSymmetry(r).Apply(&g)
		if got, err := k.SolutionKey(&sudoku.Puzzle{Grid: h}, ""); err != nil || got != key {
			t.Errorf("image %s: key %q, %v; want %q", h.String(), got, err, key)
		}
	}
	// The same solution with every given: the same grid.
	sol := (&sudoku.Puzzle{Grid: g}).Solve().Solution
	full, _ := sudoku.ParseLine(sol)
	if got, _ := k.SolutionKey(&sudoku.Puzzle{Grid: full}, sol); got != key {
		t.Errorf("the full grid: key %q, want %q", got, key)
	}
	other, _ := sudoku.ParseLine("1539......6...2.9.7..3...1..9...8.51.......28......9...8..21..5..5.6...2..783....")
	if got, err := k.SolutionKey(&sudoku.Puzzle{Grid: other}, ""); err != nil || got == key {
		t.Errorf("another grid: key %q, %v", got, err)
	}
	if _, err := k.SolutionKey(&sudoku.Puzzle{Grid: g}, line); err == nil {
		t.Error("a solution with empty cells was taken")
	}
}
