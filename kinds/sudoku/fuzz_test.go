package sudoku_test

import (
	"testing"

	"pencilbox/kinds/sudoku"
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

// FuzzURL: no URL makes the parser panic; what parses writes back to the
// same grid.
func FuzzURL(f *testing.F) {
	for _, s := range []string{"https://puzz.link/p?sudoku/9/9/g1h3i", "https://puzz.link/p?sudoku/99999/99999/", "http://pzv.jp/p.html?sudoku/9/9/", "?sudoku/9/9/zzzzzzzzzzzzzzz", "https://puzz.link/p?sudoku/-9/9/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := sudoku.ParseURL(s)
		if err != nil {
			return
		}
		back, err := sudoku.ParseURL(g.URL())
		if err != nil || back != g {
			t.Fatalf("%q -> %q: %v", s, g.URL(), err)
		}
	})
}

// FuzzRate: any grid rates without panicking; a unique grid gets a rank
// on the ladder and a step log that replays to its solution.
func FuzzRate(f *testing.F) {
	for _, s := range []string{hard, hardSol, "1" + hardSol[1:80] + ".", "................................................................................1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := sudoku.Kind{}.Parse(s)
		if err != nil {
			return
		}
		r := p.Rate(true)
		if r.Status.String() == "unique" {
			// a full grid needs no technique: rank 0
			if r.Rank < 0 || r.Rank > 8 || (r.Rank == 0) != (p.Clues() == 81) || len(r.Solution) != 81 {
				t.Fatalf("%s: rank %d, solution %q", s, r.Rank, r.Solution)
			}
		} else if r.Rank != 0 {
			t.Fatalf("%s: status %v with rank %d", s, r.Status, r.Rank)
		}
	})
}
