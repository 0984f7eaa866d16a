package sudoku

import "pencilbox/engine"

// Rate solves g and rates it on the star ladder. (Interim: status and
// solution only; the ladder rater replaces this.)
func Rate(g *Grid, withSteps bool) engine.Rating {
	n, sol := Solve(g)
	r := result(n, &sol)
	return engine.Rating{Status: r.Status, Solution: r.Solution}
}
