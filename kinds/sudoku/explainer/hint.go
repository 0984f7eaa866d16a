package explainer

import "pencilbox/engine"

// Hint is one applicable deduction: what it places and eliminates, how
// hard it is, and the step a reader follows (with the pattern's parts for
// a viewer to draw: fish houses, wing cells, rectangle corners, chain links).
type Hint struct {
	Technique  string  // the technique's name as serate prints it: "X-Wing", "Cell Forcing Chains"
	Difficulty float64 // one decimal, chain length bonus included
	Place      []engine.Mark
	Eliminate  []engine.Mark
	Step       engine.Step // Sentence and drawing (only when Context.Steps); Place and Eliminate are copied in by the path
	Rule       Rule        // what the pattern rests on, for Parents (basic hints only)

	framed bool // Step already names the given grid (Rate's canonical image mapped back)
}

// Accumulator receives hints from a hinter. Add returns false when the
// hinter should stop looking (the path takes the first hint it is given).
type Accumulator interface {
	Add(h Hint) bool
}

// Rating is the explainer's verdict on one puzzle.
type Rating struct {
	ER, EP, ED float64       // 0 when there is none (not unique, gave up)
	Hardest    string        // the technique of the hint that set ER
	Steps      []engine.Step // only when asked for
	Err        error         // wraps engine.ErrWorkLimit when the work limit stopped it
	Work       int64         // work units spent (see Options.WorkLimit)
}
