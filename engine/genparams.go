package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// GenParamType says how a generator parameter's value is written and read.
type GenParamType int

// The kinds of generator parameter values.
const (
	// ParamChoice is one of GenParam.Choices: "rot180".
	ParamChoice GenParamType = iota
	// ParamBool is true or false (also yes/no, 1/0); on the command line
	// a switch (--minimal, --minimal=false).
	ParamBool
	// ParamRange is a whole number or a range A-B, within Min-Max: "22-26".
	// Empty means no bound.
	ParamRange
	// ParamSize is a grid size WxH, each side within Min-Max: "12x12";
	// when Choices are given, one of them only ("4x4", "6x6", "9x9").
	ParamSize
	// ParamShare is a share of cells, as a percent ("20%", "20") or a
	// fraction below 1 ("0.2"), more than Min and less than Max (both
	// fractions).
	ParamShare
)

// GenParam is one parameter a kind's generator takes beside the rank range
// every generator takes. The kind declares it as data
// (Generator.GenParams) so that shared code derives the command line's
// flag, the web form's field and the check of a value from it, and never
// names a parameter or knows which kind has it (Sudoku has no black
// cells, so it declares no black share and a value for one is refused).
type GenParam struct {
	Name     string       // the flag and form field: "size" (--size, size=)
	Label    string       // the form's label: "Size"
	Type     GenParamType // how the value is written
	Min, Max float64      // ParamRange, ParamSize: bounds included; ParamShare: bounds excluded
	Choices  []string     // ParamChoice, and ParamSize if set: the values allowed, in the order shown
	Default  string       // the value when none is given, as written ("" for ParamRange: no bound)
	Help     string       // one line for the flag's help and the form's hint
	Example  string       // a value as a placeholder shows it: "12x12"
}

// GenValues are the generator parameters of one run, by name, as written
// (the flag's or form field's text). A parameter absent has its declared
// default.
type GenValues map[string]string

// GenValue is one parameter's value, read and checked against its
// declaration: Text as written, and the parsed forms its type has.
type GenValue struct {
	Text  string
	Bool  bool    // ParamBool
	A, B  int     // ParamRange: lo, hi (0, 0: no bound); ParamSize: width, height
	Share float64 // ParamShare: a fraction, 0-1
}

// GenArgs are a run's parameters, read, checked and with defaults filled,
// for the kind's generator to read by name.
type GenArgs map[string]GenValue

// Choice returns the text of a ParamChoice (or any) parameter.
func (a GenArgs) Choice(name string) string { return a[name].Text }

// Bool returns a ParamBool parameter.
func (a GenArgs) Bool(name string) bool { return a[name].Bool }

// Range returns a ParamRange parameter's bounds (0, 0: none).
func (a GenArgs) Range(name string) (lo, hi int) { return a[name].A, a[name].B }

// Size returns a ParamSize parameter's width and height.
func (a GenArgs) Size(name string) (w, h int) { return a[name].A, a[name].B }

// Share returns a ParamShare parameter as a fraction.
func (a GenArgs) Share(name string) float64 { return a[name].Share }

// ReadGenValues checks v against the declared parameters: every name must
// be declared (a value for a parameter the kind does not take is refused,
// naming the ones it takes) and every value must read as its type says.
// Absent parameters get their defaults. Errors name the parameter.
func ReadGenValues(decl []GenParam, v GenValues) (GenArgs, error) {
	out := make(GenArgs, len(decl))
	for name := range v {
		if findParam(decl, name) == nil {
			names := make([]string, len(decl))
			for i, p := range decl {
				names[i] = p.Name
			}
			return nil, &GenParamError{Param: name, Err: fmt.Errorf("this kind's generator takes no %s (it takes: %s)", name, strings.Join(names, ", "))}
		}
	}
	for _, p := range decl {
		text, ok := v[p.Name]
		if !ok {
			text = p.Default
		}
		val, err := p.Read(text)
		if err != nil {
			return nil, &GenParamError{Param: p.Name, Label: p.Label, Err: err}
		}
		out[p.Name] = val
	}
	return out, nil
}

// GenParamError is a parameter's value refused: Param names it (for the
// flag or form field at fault), Label is its form label.
type GenParamError struct {
	Param, Label string
	Err          error
}

func (e *GenParamError) Error() string { return e.Param + ": " + e.Err.Error() }
func (e *GenParamError) Unwrap() error { return e.Err }

func findParam(decl []GenParam, name string) *GenParam {
	for i := range decl {
		if decl[i].Name == name {
			return &decl[i]
		}
	}
	return nil
}

// Read reads one value as the parameter's type says, checking its bounds
// or choices. Spaces around the value and its parts are ignored.
func (p GenParam) Read(text string) (GenValue, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		text = p.Default
	}
	v := GenValue{Text: text}
	switch p.Type {
	case ParamChoice:
		for _, c := range p.Choices {
			if c == text {
				return v, nil
			}
		}
		return v, fmt.Errorf("unknown %s %q (known: %s)", p.Name, text, strings.Join(p.Choices, ", "))
	case ParamBool:
		switch strings.ToLower(text) {
		case "true", "yes", "1", "on":
			v.Bool = true
		case "", "false", "no", "0", "off":
		default:
			return v, fmt.Errorf("%q: want true or false", text)
		}
		return v, nil
	case ParamRange:
		if text == "" {
			return v, nil
		}
		a, b, isRange := strings.Cut(text, "-")
		lo, err := strconv.Atoi(strings.TrimSpace(a))
		hi := lo
		if err == nil && isRange {
			hi, err = strconv.Atoi(strings.TrimSpace(b))
		}
		if err != nil {
			return v, fmt.Errorf("%q: want N or A-B", text)
		}
		if lo < 1 || hi < lo {
			return v, fmt.Errorf("%q: want 1 <= A <= B", text)
		}
		if float64(lo) < p.Min || float64(hi) > p.Max {
			return v, fmt.Errorf("%q: want values from %g to %g", text, p.Min, p.Max)
		}
		v.A, v.B = lo, hi
		return v, nil
	case ParamSize:
		w, h, ok := strings.Cut(strings.ToLower(text), "x")
		wi, err := strconv.Atoi(strings.TrimSpace(w))
		hi := 0
		if err == nil {
			hi, err = strconv.Atoi(strings.TrimSpace(h))
		}
		if !ok || err != nil || wi < 1 || hi < 1 {
			return v, fmt.Errorf("%q: want WxH, e.g. 12x12", text)
		}
		if len(p.Choices) > 0 {
			size := fmt.Sprintf("%dx%d", wi, hi)
			for _, c := range p.Choices {
				if c == size {
					v.A, v.B = wi, hi
					return v, nil
				}
			}
			return v, fmt.Errorf("%q: the generator makes %s grids only", text, orList(p.Choices))
		}
		if float64(wi) < p.Min || float64(hi) < p.Min || float64(wi) > p.Max || float64(hi) > p.Max {
			return v, fmt.Errorf("%q: the generator makes grids from %gx%g to %gx%g", text, p.Min, p.Min, p.Max, p.Max)
		}
		v.A, v.B = wi, hi
		return v, nil
	case ParamShare:
		num, pct := strings.CutSuffix(text, "%")
		f, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
		if err == nil && (pct || f >= 1) {
			f /= 100
		}
		if err != nil || math.IsNaN(f) || f <= p.Min || f >= p.Max {
			return v, fmt.Errorf("%q: want a share between %g%% and %g%%, e.g. 20%%", text, 100*p.Min, 100*p.Max)
		}
		v.Share = f
		return v, nil
	}
	return v, fmt.Errorf("parameter %s has an unknown type %d", p.Name, p.Type)
}

// SymmetryParam declares the symmetry parameter every grid generator takes
// (the symmetry its givens or black cells have), with the names of
// Symmetries.
func SymmetryParam() GenParam {
	choices := make([]string, len(Symmetries))
	for i, y := range Symmetries {
		choices[i] = string(y)
	}
	return GenParam{Name: "symmetry", Label: "Symmetry", Type: ParamChoice, Choices: choices, Default: string(SymNone),
		Help: "symmetry of the givens or black cells: " + strings.Join(choices, ", ")}
}

// KindsParam is one generator parameter as a form or a flag set offers it
// for several kinds: the first declaration of its name, and the kinds
// that declare it (a flag's help and a field's label name them).
type KindsParam struct {
	GenParam
	Kinds []Kind
	// Decls are the kinds' own declarations, one for each of Kinds: a
	// size is 4x4, 6x6 or 9x9 for one kind and any up to 60x60 for
	// another.
	Decls []GenParam
}

// Describe is the parameter's help naming the kinds that take it and its
// default: one sentence when every kind declares it alike ("grid size WxH
// (akari, slitherlink; default 10x10)"), else each kind's own ("akari:
// grid size WxH from 1x1 to 60x60, default 10x10; killer: ...").
func (p KindsParam) Describe() string {
	same := true
	for _, d := range p.Decls {
		same = same && d.Help == p.Help && d.Default == p.Default
	}
	names := make([]string, len(p.Kinds))
	for i, k := range p.Kinds {
		names[i] = k.Name()
	}
	if same {
		s := p.Help + " (" + strings.Join(names, ", ")
		if p.Default != "" {
			s += "; default " + p.Default
		}
		return s + ")"
	}
	parts := make([]string, len(p.Decls))
	for i, d := range p.Decls {
		parts[i] = names[i] + ": " + d.Help
		if d.Default != "" {
			parts[i] += ", default " + d.Default
		}
	}
	return strings.Join(parts, "; ")
}

// GenParamsOf lists the parameters the generators among kinds declare,
// each name once, in the order the kinds declare them.
func GenParamsOf(kinds []Kind) []KindsParam {
	var out []KindsParam
	at := map[string]int{}
	for _, k := range kinds {
		gen, ok := k.(Generator)
		if !ok {
			continue
		}
		for _, p := range gen.GenParams() {
			i, seen := at[p.Name]
			if !seen {
				i = len(out)
				at[p.Name] = i
				out = append(out, KindsParam{GenParam: p})
			}
			out[i].Kinds = append(out[i].Kinds, k)
			out[i].Decls = append(out[i].Decls, p)
		}
	}
	return out
}

// Declares reports whether decl holds a parameter named name.
func Declares(decl []GenParam, name string) bool { return findParam(decl, name) != nil }
