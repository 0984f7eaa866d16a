// Package kind is Slitherlink's registration: the bundle (bundle.Bundle)
// that hands the engine (package slitherlink), its formats
// (slitherlink/formats), its describer and its export texts to
// cmd/pencilbox, which registers it.
package kind

import (
	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/importers"
	"pencilbox/kinds/slitherlink"
	slitherimp "pencilbox/kinds/slitherlink/formats"
)

// Bundle is the Slitherlink bundle.
type Bundle struct{}

// Kind is the Slitherlink engine.
func (Bundle) Kind() engine.Kind { return slitherlink.Kind{} }

// Formats are the Slitherlink import formats.
func (Bundle) Formats() []importers.Format { return slitherimp.Formats() }

// Describer describes Slitherlink boards for the web and booklets.
func (Bundle) Describer() engine.Describer { return slitherlink.Kind{} }

// Export: booklets drawn from its describer; puzz.link URLs, Loopy game
// IDs (format tatham, as for the other kinds Tatham's collection holds)
// and pzprv3 text.
func (Bundle) Export() export.Kind {
	return export.Kind{
		Engine: slitherlink.Kind{},
		Texts: []export.Text{
			{Format: "url", Line: func(p engine.Puzzle) string { return p.(*slitherlink.Puzzle).URL() }},
			{Format: "tatham", Line: func(p engine.Puzzle) string { return p.(*slitherlink.Puzzle).LoopyID() }},
			{Format: "pzprv3", Line: func(p engine.Puzzle) string { return p.(*slitherlink.Puzzle).Pzprv3() }},
		},
	}
}
