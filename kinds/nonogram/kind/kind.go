// Package kind is Nonogram's registration: the bundle (bundle.Bundle)
// that hands the engine (package nonogram), its formats
// (nonogram/formats), its describer and its export texts to
// cmd/pencilbox, which registers it.
package kind

import (
	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/importers"
	"pencilbox/kinds/nonogram"
	nonoimp "pencilbox/kinds/nonogram/formats"
)

// Bundle is the Nonogram bundle.
type Bundle struct{}

// Kind is the Nonogram engine.
func (Bundle) Kind() engine.Kind { return nonogram.Kind{} }

// Formats are the Nonogram import formats.
func (Bundle) Formats() []importers.Format { return nonoimp.Formats() }

// Describer describes Nonogram boards (clue margins, the picture) for the
// web and booklets.
func (Bundle) Describer() engine.Describer { return nonogram.Kind{} }

// Export: booklets drawn from its describer; the shared csv (the givens
// are Pattern IDs); Tatham's Pattern IDs; the .non format,
// the puzzles one after another as a .nonpack ("====" after each); and
// puzz.link URLs.
func (Bundle) Export() export.Kind {
	return export.Kind{
		Engine: nonogram.Kind{},
		Texts: []export.Text{
			{Format: "csv"},
			{Format: "tatham", Line: func(p engine.Puzzle) string { return p.(*nonogram.Puzzle).TathamID() }},
			{Format: "non", Line: func(p engine.Puzzle) string { return p.(*nonogram.Puzzle).NonText("", "") + "====" }},
			{Format: "url", Line: func(p engine.Puzzle) string { return p.(*nonogram.Puzzle).URL() }},
		},
	}
}
