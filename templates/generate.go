package templates

import (
	"net/url"
	"slices"
	"strings"

	"github.com/a-h/templ"

	"pencilbox/engine"
	"pencilbox/web/model"
)

// GeneratePage is the Generate form: the kinds that can generate, the
// fields of their generators' declared parameters, and the recent runs
// (their import jobs).
type GeneratePage struct {
	Kinds []model.GenerateKind
	// Target is the scale a run may target instead of stars (Key "":
	// none): its declared key names the field, its short label labels it.
	Target   engine.Scale
	Params   []engine.KindsParam // engine.GenParamsOf the kinds
	Jobs     []model.Job
	MaxCount int
	// Limits says how long a run may take and how many jobs may run at
	// once (the server's caps), so the editor knows before starting.
	Limits string
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
	// Errors are every reason, each about the field at the same place
	// in Fields (Error and Field: all of them, and the first field).
	Errors []string
	Fields []string
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
	if (d.Sent.Error == "" || d.Sent.Field != name) && !slices.Contains(d.Sent.Fields, name) {
		return nil
	}
	return templ.Attributes{"class": "invalid", "aria-invalid": "true"}
}

// paramLabel is a parameter field's label, naming the kinds that take it
// when not every kind does: "Size (Akari)".
func (d GeneratePage) paramLabel(p engine.KindsParam) string {
	if len(p.Kinds) == len(d.Kinds) {
		return p.Label
	}
	titles := make([]string, len(p.Kinds))
	for i, k := range p.Kinds {
		titles[i] = k.Title()
	}
	return p.Label + " (" + strings.Join(titles, ", ") + ")"
}

// paramPlaceholder is what an empty text field shows: the default, else
// an example.
//
// Where the kinds declare different defaults (a killer's size is 9x9, an
// Akari's 10x10), no one value is the default: the field says so, and
// its title (KindsParam.Describe) gives each kind's.
func paramPlaceholder(p engine.KindsParam) string {
	for _, d := range p.Decls {
		if d.Default != p.Default {
			return "kind's default"
		}
	}
	if p.Default != "" {
		return p.Default
	}
	return p.Example
}

// paramOption is one option of a parameter's select.
type paramOption struct{ Value, Text string }

// paramOptions are a choice's or a switch's options, the default first so
// that a new form needs no selected option.
func paramOptions(p engine.KindsParam) []paramOption {
	var out []paramOption
	switch p.Type {
	case engine.ParamBool:
		out = []paramOption{{"true", "yes"}, {"false", "no"}}
		if p.Default != "true" {
			out[0], out[1] = out[1], out[0]
		}
	default:
		for _, c := range p.Choices {
			o := paramOption{c, c}
			if c == p.Default {
				out = append([]paramOption{o}, out...)
			} else {
				out = append(out, o)
			}
		}
	}
	return out
}

// isSelect reports whether a parameter is chosen from a list.
func isSelect(p engine.KindsParam) bool {
	return p.Type == engine.ParamChoice || p.Type == engine.ParamBool
}

// targetTitles names the kinds that have a second rating ("" with no
// Target: no field).
func (d GeneratePage) targetTitles() string {
	var out []string
	if d.Target.Key == "" {
		return ""
	}
	for _, k := range d.Kinds {
		if k.Second {
			out = append(out, k.Title)
		}
	}
	return strings.Join(out, ", ")
}

// orTarget is " (or ER)" in the page's opening sentence: the scale a run
// may target instead of stars, "" when none.
func (d GeneratePage) orTarget() string {
	if d.targetTitles() == "" {
		return ""
	}
	return " (or " + d.Target.Short + ")"
}
