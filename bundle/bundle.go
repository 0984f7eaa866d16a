// Package bundle declares what one puzzle kind provides, in one place: its
// engine kind, its import formats, its board's describer (drawn on the web
// and in PDF booklets by shared back ends), its export side (text
// notations) and optional capabilities. cmd/pencilbox registers each
// kind's bundle once; shared code (db, library, export,
// web, the shared templates) asks the registry and never names a kind.
//
// Adding a kind: write kinds/<kind> (an engine.Kind and its
// engine.Describer), kinds/<kind>/formats, kinds/<kind>/kind (a Bundle
// that returns them), and add it to the Registry in cmd/pencilbox/main.go
// (docs/ARCHITECTURE.md).
package bundle

import (
	"pencilbox/engine"
	"pencilbox/export"
	"pencilbox/importers"
	"pencilbox/templates"
	"pencilbox/web/model"
)

// Bundle is everything one puzzle kind provides. Optional capabilities
// (a generator, an extra rating, dashboard highlights) are interfaces
// declared in this file: a bundle has one when it implements it, and the
// registry finds it with a type assertion.
type Bundle interface {
	// Kind is the engine side: parse, solve, rate, steps.
	Kind() engine.Kind
	// Formats are the kind's own import formats, in detection order
	// (formats that carry several kinds, as puzz.link URLs do, are
	// shared and not listed here).
	Formats() []importers.Format
	// Describer describes the kind's boards once (engine.Describer); the
	// shared back ends draw them on the web pages (thumbnails, board, step
	// viewer) and in PDF booklets.
	Describer() engine.Describer
	// Export is the kind's export side: the text formats that hold it.
	// Its Engine is Kind(); its Describer, when nil, is Describer().
	Export() export.Kind
}

// Highlighter is the optional capability of a kind whose puzzles the
// dashboard points at (Sudoku: its 8-star puzzles and the hypothesis's
// counterexamples): each highlight is a label and a library filter, which
// the dashboard counts and links.
type Highlighter interface {
	Highlights() []model.Highlight
}

// Registry is the ordered list of registered kinds. The first kind is the
// default for text no kind claims (engine.Registry.Detect).
type Registry []Bundle

// Kinds is the engine registry of the bundles' kinds.
func (r Registry) Kinds() engine.Registry {
	out := make(engine.Registry, len(r))
	for i, b := range r {
		out[i] = b.Kind()
	}
	return out
}

// Formats is the import registry: the shared multi-kind formats, then
// each kind's formats in registration order.
func (r Registry) Formats() importers.Registry {
	lists := make([][]importers.Format, len(r))
	for i, b := range r {
		lists[i] = b.Formats()
	}
	return importers.NewRegistry(r.Kinds(), lists...)
}

// Views maps each kind's name to its web view: the shared SVG back end
// over the kind's describer.
func (r Registry) Views() templates.Views {
	out := templates.Views{}
	for _, b := range r {
		if d := b.Describer(); d != nil {
			out[b.Kind().Name()] = templates.DrawnView(d)
		}
	}
	return out
}

// Exports is the export registry of the bundles' export sides; a kind's
// booklets are drawn from its describer (a bundle states it once).
func (r Registry) Exports() export.Kinds {
	out := make(export.Kinds, len(r))
	for i, b := range r {
		out[i] = b.Export()
		if out[i].Describer == nil {
			out[i].Describer = b.Describer()
		}
		if s, ok := b.(SecondRated); ok {
			out[i].Scales = s.SecondRater().Scales()
		}
	}
	return out
}

// Highlights are the dashboard facts of the kinds that declare some, in
// registration order.
func (r Registry) Highlights() []model.Highlight {
	var out []model.Highlight
	for _, b := range r {
		if h, ok := b.(Highlighter); ok {
			out = append(out, h.Highlights()...)
		}
	}
	return out
}
