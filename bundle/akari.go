package bundle

import (
	"pencilbox/engine"
	"pencilbox/engine/akari"
	"pencilbox/export"
	"pencilbox/importers"
	akariimp "pencilbox/importers/akari"
	"pencilbox/templates"
)

// Akari is the Akari bundle.
type Akari struct{}

// Kind is the Akari engine.
func (Akari) Kind() engine.Kind { return akari.Kind{} }

// Formats are the Akari import formats.
func (Akari) Formats() []importers.Format { return akariimp.Formats() }

// View draws Akari boards.
func (Akari) View() templates.KindView { return templates.AkariView{} }

// Export: the Akari booklet drawer; puzz.link URLs and Tatham game IDs.
func (Akari) Export() export.Kind {
	return export.Kind{
		Engine: akari.Kind{},
		Drawer: export.AkariDrawer{},
		Texts: []export.Text{
			{Format: "url", Line: func(p engine.Puzzle) string { return p.(*akari.Puzzle).URL() }},
			{Format: "tatham", Line: func(p engine.Puzzle) string { return p.(*akari.Puzzle).TathamID() }},
		},
	}
}
