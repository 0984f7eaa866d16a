package engine

// Resembler is the optional capability of a Kind that tells when two of
// its puzzles are near: a reader would take one for the other. Near means
// the same solution up to the kind's symmetries (Sudoku: the same solution
// grid up to the grid's 3,359,232 symmetries and digit relabelling; Akari:
// the same black cells and lights up to the 8 rotations and reflections).
// Puzzles whose givens differ by a few cells on one solution (what a
// walk among neighbours makes, and what the generator used to repeat) are
// near; so are a puzzle and any image of it. Shared code (the generator's
// loop) compares the keys; it never names a kind.
type Resembler interface {
	Kind
	// SolutionKey returns a string equal for two puzzles exactly when
	// their solutions are images of each other under the kind's
	// symmetries. solution is p's solution text (Result.Solution) when
	// known, else "" and SolutionKey solves p. It fails when p has no
	// unique solution or solution is not one of p's kind.
	SolutionKey(p Puzzle, solution string) (string, error)
}
