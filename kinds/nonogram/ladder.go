package nonogram

import "pencilbox/engine"

// Technique ids, in ladder order (../shared/docs/nonogram.md's ladder).
const (
	// TOverlap is level 1, simple boxes and simple spaces: each run's
	// leftmost and rightmost placements that fit the line's known cells;
	// the cells a run covers in both are filled, the cells no run reaches
	// in either are empty.
	TOverlap = "overlap"
	// TLine is level 2, the complete line solver: the cells every
	// placement of the line's runs that fits its known cells agrees on.
	TLine = "line"
	// TContradiction is level 3, reasoning across lines without
	// guessing: one cell assumed, line solving until a line has no
	// placement left, so the cell takes the other value.
	TContradiction = "contradiction"
	// TGuess is level 4, search: no line and no single assumption
	// decides a cell, so one is set from the unique solution.
	TGuess = "guess"
)

var ladder = []engine.Technique{
	{ID: TOverlap, Name: "Simple boxes and spaces (overlap)", Level: 1},
	{ID: TLine, Name: "Complete line solver", Level: 2},
	{ID: TContradiction, Name: "Contradiction across lines (one cell assumed)", Level: 3},
	{ID: TGuess, Name: "Search (trial and error)", Level: 4},
}

// Ladder lists the Nonogram techniques: a puzzle rates at most 2 exactly
// when a complete line solver finishes it (every Tatham Pattern puzzle).
func (Kind) Ladder() []engine.Technique { return ladder }

// The values of a step's Place marks (engine.Mark.Value): the cell is
// filled, or crossed (known empty).
const (
	MarkFilled  = 1
	MarkCrossed = 2
)
