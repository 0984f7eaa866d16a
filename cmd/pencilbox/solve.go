package main

import (
	"strings"

	"pencilbox/engine"
)

// runSolve: pencilbox solve. One line per puzzle:
// PUZZLE<TAB>STATUS<TAB>SOLUTION (SOLUTION empty unless unique).
func runSolve(e *env, args []string) int {
	fs := newFlags(e, "solve")
	var b batchFlags
	b.register(e, fs, true)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	return eachPuzzle(e, &b, fs.Args(), func(p engine.Puzzle) (string, string) {
		r := p.Solve()
		return strings.Join([]string{p.Givens(), r.Status.String(), r.Solution}, "\t") + "\n", workNote(r.Err)
	})
}
