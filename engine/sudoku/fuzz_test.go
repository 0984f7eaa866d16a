package sudoku_test

import (
	"testing"

	"pencilbox/engine/sudoku"
)

// FuzzParseSolve: no input makes the parser panic, and every grid it accepts
// is solved to a status that the solution, when unique, justifies.
func FuzzParseSolve(f *testing.F) {
	for _, s := range []string{hard, hardSol, "", "1", hard + " # note", "\ufeff" + hard + "\r\n",
		"..............................................................................%.."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := sudoku.ParseLine(s)
		if err != nil {
			return
		}
		var sv sudoku.Solver
		n, sol := sv.Count(&g, 2)
		if n == 1 && (!sol.Valid() || !g.Keeps(&sol)) {
			t.Fatalf("%s: bad solution %s", g.String(), sol.String())
		}
		if n > 0 && g.Conflict() != "" {
			t.Fatalf("%s: conflicting givens but %d solutions", g.String(), n)
		}
		back, err := sudoku.ParseLine(g.String())
		if err != nil || back != g {
			t.Fatalf("String() does not parse back: %v", err)
		}
	})
}
