// Package kind is Sudoku's registration: the bundle (bundle.Bundle) that
// hands the engine (package sudoku), its formats (sudoku/formats), its
// describer, its export texts, Sudoku Explainer's second rating (package
// explainer, adapted here because the explainer builds on package sudoku)
// and its dashboard highlights to cmd/pencilbox, which registers it.
package kind

import (
	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/importers"
	"pencilbox/kinds/sudoku"
	sudokuimp "pencilbox/kinds/sudoku/formats"
	"pencilbox/web/model"
)

// Bundle is the 9x9 Sudoku bundle.
type Bundle struct{}

// Kind is the Sudoku engine.
func (Bundle) Kind() engine.Kind { return sudoku.Kind{} }

// Formats are the Sudoku import formats (xml, csv, table, line, grid).
func (Bundle) Formats() []importers.Format { return sudokuimp.Formats() }

// Describer describes Sudoku boards for the web and booklets.
func (Bundle) Describer() engine.Describer { return sudoku.Kind{} }

// Export: booklets drawn from its describer; line, grid, csv and puzz.link URLs.
func (Bundle) Export() export.Kind {
	return export.Kind{
		Engine: sudoku.Kind{},
		Texts: []export.Text{{Format: "line"}, {Format: "grid"}, {Format: "csv"},
			{Format: "url", Line: func(p engine.Puzzle) string { return p.(*sudoku.Puzzle).URL() }}},
	}
}

// Highlights: the puzzles that contradict the Enclosure+Negation
// hypothesis, and the 8-star puzzles (trial and error).
func (Bundle) Highlights() []model.Highlight {
	return []model.Highlight{
		{ID: "counterexamples", Label: "Sudoku beyond Enclosure+Negation", Query: "hyp=no",
			Help: "The rating method's author believed two moves solve every Sudoku without guessing: " +
				"Enclosure (some cells of a row, column or box can only hold as many digits as there are cells, " +
				"so those digits leave the house's other cells) and Negation (assume a digit is not in a cell; " +
				"if that fails at once, it is). These puzzles prove him wrong: with those two moves alone they get stuck. " +
				"They are rare and among the hardest the library holds: keep them, tag them for expert sets, " +
				"and do not put them in a booklet for beginners."},
		{ID: "eightstar", Label: "8-star Sudoku", Query: "kind=sudoku&rank=8",
			Help: "The ladder's seven techniques do not finish these: a solver has to guess and backtrack (trial and error). " +
				"Many solvers find that unfair; use them only in sets labelled for experts."},
	}
}
