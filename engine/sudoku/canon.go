package sudoku

// Canonical returns the true minlex form of g. (Interim: the givens; the
// minlex search replaces this.)
func Canonical(g *Grid) string { return g.String() }
