// Package kind is Killer Sudoku's registration: the bundle (bundle.Bundle)
// that hands the engine (package killer), its formats (killer/formats),
// its describer and its export texts to cmd/pencilbox, which registers it.
package kind

import (
	"strings"

	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/importers"
	"pencilbox/kinds/killer"
	killerimp "pencilbox/kinds/killer/formats"
)

// Bundle is the Killer Sudoku bundle.
type Bundle struct{}

// Kind is the Killer Sudoku engine.
func (Bundle) Kind() engine.Kind { return killer.Kind{} }

// Formats are the killer import formats (Janko blocks, Tatham tsv and
// IDs, cage lists).
func (Bundle) Formats() []importers.Format { return killerimp.Formats() }

// Describer describes killer boards (dashed cages with their sums) for
// the web and booklets.
func (Bundle) Describer() engine.Describer { return killer.Kind{} }

// Export: booklets drawn from its describer; Tatham's Solo killer IDs
// (tatham, read back by the killer-tatham import) and the typed cage lists
// (cages: a list a puzzle, several lines, read back by the cages import).
// Not the shared csv: its import is Sudoku's, so a killer csv would not
// read back.
func (Bundle) Export() export.Kind {
	return export.Kind{
		Engine: killer.Kind{},
		Texts: []export.Text{
			{Format: "tatham", Line: func(p engine.Puzzle) string { return p.(*killer.Puzzle).TathamID() }},
			{Format: "cages", Line: func(p engine.Puzzle) string {
				return strings.TrimSuffix(p.(*killer.Puzzle).CageList(), "\n")
			}},
		},
	}
}
