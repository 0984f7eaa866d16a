// Package kind is Akari's registration: the bundle (bundle.Bundle) that
// hands the engine (package akari), its formats (akari/formats), its
// describer and its export texts to cmd/pencilbox, which registers it.
package kind

import (
	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/importers"
	"pencilbox/kinds/akari"
	akariimp "pencilbox/kinds/akari/formats"
)

// Bundle is the Akari bundle.
type Bundle struct{}

// Kind is the Akari engine.
func (Bundle) Kind() engine.Kind { return akari.Kind{} }

// Formats are the Akari import formats.
func (Bundle) Formats() []importers.Format { return akariimp.Formats() }

// Describer describes Akari boards for the web and booklets.
func (Bundle) Describer() engine.Describer { return akari.Kind{} }

// Export: booklets drawn from its describer; puzz.link URLs and Tatham game IDs.
func (Bundle) Export() export.Kind {
	return export.Kind{
		Engine: akari.Kind{},
		Texts: []export.Text{
			{Format: "url", Line: func(p engine.Puzzle) string { return p.(*akari.Puzzle).URL() }},
			{Format: "tatham", Line: func(p engine.Puzzle) string { return p.(*akari.Puzzle).TathamID() }},
		},
	}
}
