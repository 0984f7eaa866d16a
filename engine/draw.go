package engine

import "pencilbox/draw"

// Describer is how a kind draws: it describes its puzzle's board once, in
// draw's kind-neutral terms, and shared back ends render the description
// on the web (SVG: thumbnails, the puzzle's board, the step viewer) and in
// print (PDF booklets and their solutions). A kind's bundle hands it to
// them.
type Describer interface {
	// Describe is the board of a puzzle's givens (its stored notation);
	// with solution != "" (the stored solution) the solution is drawn
	// over them.
	Describe(givens, solution string) (*draw.Board, error)
	// DescribeStep is the board before step n (0-based) of steps, with
	// that step's pattern, eliminations and placements marked; n ==
	// len(steps) is the board after the last step.
	DescribeStep(givens string, steps []Step, n int) (*draw.Board, error)
}
