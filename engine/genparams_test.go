package engine_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/engine"
)

var testParams = []engine.GenParam{
	engine.SymmetryParam(),
	{Name: "clues", Label: "Clues", Type: engine.ParamRange, Min: 1, Max: 81},
	{Name: "minimal", Label: "Minimal", Type: engine.ParamBool, Default: "true"},
	{Name: "size", Label: "Size", Type: engine.ParamSize, Min: 1, Max: 60, Default: "10x10"},
	{Name: "black", Label: "Black cells", Type: engine.ParamShare, Min: 0, Max: 1, Default: "20%"},
}

// TestReadGenValues: values are read and checked as their declaration
// says, defaults fill what is not given, and a parameter not declared is
// refused naming the declared ones.
func TestReadGenValues(t *testing.T) {
	args, err := engine.ReadGenValues(testParams, engine.GenValues{"clues": " 22 - 26 ", "minimal": "false", "black": "0.3", "symmetry": "rot180"})
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := args.Range("clues"); lo != 22 || hi != 26 {
		t.Errorf("clues %d-%d", lo, hi)
	}
	if w, h := args.Size("size"); w != 10 || h != 10 {
		t.Errorf("default size %dx%d", w, h)
	}
	if args.Bool("minimal") || args.Share("black") != 0.3 || args.Choice("symmetry") != "rot180" {
		t.Errorf("minimal %v, black %g, symmetry %q", args.Bool("minimal"), args.Share("black"), args.Choice("symmetry"))
	}
	args, _ = engine.ReadGenValues(testParams, nil)
	if !args.Bool("minimal") || args.Share("black") != 0.2 || args.Choice("symmetry") != "none" {
		t.Errorf("defaults: minimal %v, black %g, symmetry %q", args.Bool("minimal"), args.Share("black"), args.Choice("symmetry"))
	}
	if lo, hi := args.Range("clues"); lo != 0 || hi != 0 {
		t.Errorf("no clue range given, got %d-%d", lo, hi)
	}
	for _, tc := range []struct {
		v     engine.GenValues
		param string
		says  string
	}{
		{engine.GenValues{"width": "9"}, "width", "takes no width (it takes: symmetry, clues, minimal, size, black)"},
		{engine.GenValues{"symmetry": "spiral"}, "symmetry", `unknown symmetry "spiral"`},
		{engine.GenValues{"clues": "30-20"}, "clues", "want 1 <= A <= B"},
		{engine.GenValues{"clues": "12-90"}, "clues", "from 1 to 81"},
		{engine.GenValues{"size": "12"}, "size", "want WxH"},
		{engine.GenValues{"size": "80x80"}, "size", "from 1x1 to 60x60"},
		{engine.GenValues{"black": "100%"}, "black", "between 0% and 100%"},
		{engine.GenValues{"black": "abc"}, "black", "between 0% and 100%"},
		{engine.GenValues{"minimal": "maybe"}, "minimal", "true or false"},
	} {
		_, err := engine.ReadGenValues(testParams, tc.v)
		var pe *engine.GenParamError
		if !errors.As(err, &pe) || pe.Param != tc.param || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%v: %v, want an error on %s saying %q", tc.v, err, tc.param, tc.says)
		}
	}
	// a size with choices takes one of them only, whatever its bounds
	sizes := engine.GenParam{Name: "size", Type: engine.ParamSize, Min: 4, Max: 9, Choices: []string{"4x4", "9x9"}}
	if v, err := sizes.Read(" 9X9 "); err != nil || v.A != 9 || v.B != 9 {
		t.Errorf("9X9 among the choices: %+v, %v", v, err)
	}
	for _, text := range []string{"6x6", "12x12", "4x9"} {
		if _, err := sizes.Read(text); err == nil || !strings.Contains(err.Error(), "makes 4x4 or 9x9 grids only") {
			t.Errorf("%s: %v, want the choices named", text, err)
		}
	}
	// a share is a percent with %, or from 1 up; a fraction below 1
	for text, want := range map[string]float64{"25%": 0.25, "25": 0.25, "0.25": 0.25, " 30 % ": 0.3} {
		if v, err := testParams[4].Read(text); err != nil || v.Share != want {
			t.Errorf("black %q: %g, %v; want %g", text, v.Share, err, want)
		}
	}
}

// paramKind is a kind whose generator declares one parameter.
type paramKind struct {
	engine.Kind
	name   string
	params []engine.GenParam
}

func (k paramKind) Name() string { return k.name }
func (k paramKind) NewSource(engine.GenOptions, *rand.Rand) (engine.Source, error) {
	return nil, errors.New("not made")
}
func (k paramKind) GenParams() []engine.GenParam { return k.params }

// TestGenParamsOf: each parameter once, in declaration order, with every
// kind that declares it; kinds without a generator are left out.
func TestGenParamsOf(t *testing.T) {
	a := paramKind{name: "a", params: testParams[:2]}
	b := paramKind{name: "b", params: []engine.GenParam{testParams[3], testParams[0]}}
	var plain struct{ engine.Kind }
	got := engine.GenParamsOf([]engine.Kind{a, plain, b})
	var out []string
	for _, p := range got {
		s := p.Name + ":"
		for _, k := range p.Kinds {
			s += k.Name()
		}
		out = append(out, s)
	}
	if strings.Join(out, " ") != "symmetry:ab clues:a size:b" {
		t.Errorf("GenParamsOf: %v", out)
	}
}

// TestKindsParamDescribe: a parameter declared alike by several kinds is
// described once with their names; declared differently (a killer's size
// is 4x4, 6x6 or 9x9), each kind's own help and default are said, not the
// first kind's for all.
func TestKindsParamDescribe(t *testing.T) {
	size := func(help, def string) engine.GenParam {
		return engine.GenParam{Name: "size", Type: engine.ParamSize, Help: help, Default: def}
	}
	a := paramKind{name: "a", params: []engine.GenParam{size("grid size WxH", "10x10")}}
	b := paramKind{name: "b", params: []engine.GenParam{size("grid size WxH", "10x10")}}
	c := paramKind{name: "c", params: []engine.GenParam{size("4x4, 6x6 or 9x9", "9x9")}}
	ps := engine.GenParamsOf([]engine.Kind{a, b})
	if got, want := ps[0].Describe(), "grid size WxH (a, b; default 10x10)"; got != want {
		t.Errorf("alike: %q, want %q", got, want)
	}
	ps = engine.GenParamsOf([]engine.Kind{a, c})
	if got, want := ps[0].Describe(), "a: grid size WxH, default 10x10; c: 4x4, 6x6 or 9x9, default 9x9"; got != want {
		t.Errorf("different: %q, want %q", got, want)
	}
}
