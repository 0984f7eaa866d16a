package bundle

import (
	"pencilbox/engine"
	"pencilbox/engine/sudoku"
	"pencilbox/export"
	"pencilbox/importers"
	sudokuimp "pencilbox/importers/sudoku"
	"pencilbox/templates"
	"pencilbox/web/model"
)

// Sudoku is the 9x9 Sudoku bundle.
type Sudoku struct{}

// Kind is the Sudoku engine.
func (Sudoku) Kind() engine.Kind { return sudoku.Kind{} }

// Formats are the Sudoku import formats (xml, csv, table, line, grid).
func (Sudoku) Formats() []importers.Format { return sudokuimp.Formats() }

// View draws Sudoku boards.
func (Sudoku) View() templates.KindView { return templates.SudokuView{} }

// Export: the Sudoku booklet drawer; line, grid, csv and puzz.link URLs.
func (Sudoku) Export() export.Kind {
	return export.Kind{
		Engine: sudoku.Kind{},
		Drawer: export.SudokuDrawer{},
		Texts: []export.Text{{Format: "line"}, {Format: "grid"}, {Format: "csv"},
			{Format: "url", Line: func(p engine.Puzzle) string { return p.(*sudoku.Puzzle).URL() }}},
	}
}

// Highlights: the puzzles that contradict the Enclosure+Negation
// hypothesis, and the 8-star puzzles (trial and error).
func (Sudoku) Highlights() []model.Highlight {
	return []model.Highlight{
		{ID: "counterexamples", Label: "Enclosure+Negation counterexamples (hypothesis = no)", Query: "hyp=no"},
		{ID: "eightstar", Label: "8-star puzzles", Query: "kind=sudoku&rank=8"},
	}
}
