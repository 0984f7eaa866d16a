package bundle

import (
	"pencilbox/engine"
	"pencilbox/engine/akari"
	"pencilbox/export"
	"pencilbox/importers"
	akariimp "pencilbox/importers/akari"
)

// Akari is the Akari bundle.
type Akari struct{}

// Kind is the Akari engine.
func (Akari) Kind() engine.Kind { return akari.Kind{} }

// Formats are the Akari import formats.
func (Akari) Formats() []importers.Format { return akariimp.Formats() }

// Describer describes Akari boards for the web and booklets.
func (Akari) Describer() engine.Describer { return akari.Kind{} }

// Export: booklets drawn from its describer; puzz.link URLs and Tatham game IDs.
func (Akari) Export() export.Kind {
	return export.Kind{
		Engine: akari.Kind{},
		Texts: []export.Text{
			{Format: "url", Line: func(p engine.Puzzle) string { return p.(*akari.Puzzle).URL() }},
			{Format: "tatham", Line: func(p engine.Puzzle) string { return p.(*akari.Puzzle).TathamID() }},
		},
	}
}
