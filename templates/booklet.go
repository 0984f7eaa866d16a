package templates

import (
	"net/url"
	"slices"

	"github.com/a-h/templ"

	"pencilbox/engine"
)

// BookletPage is the booklet options form of a set or of the list's
// filter: the options the CLI's export takes, filled with the defaults
// or with what was sent.
type BookletPage struct {
	// Of names what is printed ("the set Week 48", "this list").
	Of string
	// Action is where the form sends (a GET: the reply is the PDF).
	Action string
	// Hidden are the filter's fields, carried through the form.
	Hidden url.Values
	// Back is the page the form came from.
	Back string
	// Count is how many puzzles the booklet takes.
	Count int
	// Scale is the first figure of the puzzles' second rating, to
	// caption and order by, when HasScale (pencilbox.Vocabulary.AnyFirstScale).
	Scale    engine.Scale
	HasScale bool
	// Orders are the order choices (value, label), the default first.
	Orders [][2]string
	// Images are a set's publications printed as random images (the
	// publication's id, "as printed in Daily Times on 2026-12-01"): the
	// booklet prints those images again. None: the field is not shown.
	Images [][2]string
	// Defaults are the fields' values on a new form.
	Defaults url.Values
	// Sent is a refused form: its values, why (Error: the booklet could
	// not be made, Field the field at fault, if one), or every bad value
	// (Errors, each of the field at the same place in Fields).
	Sent   url.Values
	Error  string
	Field  string
	Errors []string
	Fields []string
}

// val is field name's value: as sent, else its default.
func (d BookletPage) val(name string) string {
	if d.Sent != nil {
		return d.Sent.Get(name)
	}
	return d.Defaults.Get(name)
}

// checked reports whether checkbox name is ticked.
func (d BookletPage) checked(name string) bool { return d.val(name) == "1" }

// chosen reports whether select name has value.
func (d BookletPage) chosen(name, value string) bool { return d.val(name) == value }

// invalid marks field name when the refusal is about it.
func (d BookletPage) invalid(name string) templ.Attributes {
	if (d.Error == "" || d.Field != name) && !slices.Contains(d.Fields, name) {
		return nil
	}
	return templ.Attributes{"class": "invalid", "aria-invalid": "true"}
}

// hiddenFields lists the carried filter fields in a stable order.
func (d BookletPage) hiddenFields() [][2]string {
	var out [][2]string
	for _, k := range sortedKeys(d.Hidden) {
		for _, v := range d.Hidden[k] {
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

func sortedKeys(v url.Values) []string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
