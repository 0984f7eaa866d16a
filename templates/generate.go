package templates

import (
	"strings"

	"pencilbox/engine"
	"pencilbox/web/model"
)

// GeneratePage is the Generate form: the kinds that can generate, the
// symmetries, and the recent runs (their import jobs).
type GeneratePage struct {
	Kinds      []model.GenerateKind
	Symmetries []engine.Symmetry
	Jobs       []model.Job
	MaxCount   int
}

// sizedTitles names the kinds that take a size and a black share.
func (d GeneratePage) sizedTitles() string {
	var out []string
	for _, k := range d.Kinds {
		if k.Sized {
			out = append(out, k.Title)
		}
	}
	return strings.Join(out, ", ")
}

// erTitles names the kinds that have a second rating (ER).
func (d GeneratePage) erTitles() string {
	var out []string
	for _, k := range d.Kinds {
		if k.Second {
			out = append(out, k.Title)
		}
	}
	return strings.Join(out, ", ")
}
