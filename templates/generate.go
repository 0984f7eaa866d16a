package templates

import (
	"net/url"
	"strings"

	"github.com/a-h/templ"

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
	// Sent is the form as it was sent when it was refused (zero: a new
	// form): the page shows it filled, the field at fault marked.
	Sent GenerateSent
}

// GenerateSent is a refused generate form: its values, why, and which
// field ("" = the whole request, e.g. a size the kind cannot rate).
type GenerateSent struct {
	Form  url.Values
	Error string
	Field string
}

// val is field name's value as sent, else def.
func (d GeneratePage) val(name, def string) string {
	if d.Sent.Form == nil {
		return def
	}
	return d.Sent.Form.Get(name)
}

// chosen reports whether the sent form chose value in select name.
func (d GeneratePage) chosen(name, value string) bool {
	return d.Sent.Form != nil && d.Sent.Form.Get(name) == value
}

// invalid marks field name when the refusal is about it.
func (d GeneratePage) invalid(name string) templ.Attributes {
	if d.Sent.Error == "" || d.Sent.Field != name {
		return nil
	}
	return templ.Attributes{"class": "invalid", "aria-invalid": "true"}
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
