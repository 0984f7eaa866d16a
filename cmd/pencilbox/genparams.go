package main

import (
	"flag"
	"fmt"
	"strings"

	"pencilbox/engine"
)

// paramFlag is the flag of one generator parameter some registered kinds
// declare: its text as given, checked later against the chosen kind's
// declaration.
type paramFlag struct {
	p   engine.KindsParam
	val string
}

func (f *paramFlag) String() string {
	if f == nil {
		return ""
	}
	return f.val
}
func (f *paramFlag) Set(s string) error { f.val = s; return nil }

// IsBoolFlag makes a ParamBool parameter a switch: --minimal or
// --minimal=false.
func (f *paramFlag) IsBoolFlag() bool { return f.p.Type == engine.ParamBool }

// paramFlags are the generator parameters' flags, in the order the kinds
// declare them.
type paramFlags []*paramFlag

// genParamFlags registers one flag per generator parameter of the
// registered kinds (engine.GenParamsOf), its help the declaration's with
// the kinds that take it and the default: a new kind's parameters need no
// change here.
func genParamFlags(e *env, fs *flag.FlagSet) paramFlags {
	var out paramFlags
	for _, p := range engine.GenParamsOf(e.kinds) {
		f := &paramFlag{p: p}
		fs.Var(f, p.Name, p.Describe())
		out = append(out, f)
	}
	return out
}

// usage is the flags' part of the usage line: "[--symmetry S] [--size WxH] ...".
func (ps paramFlags) usage() string {
	var parts []string
	for _, f := range ps {
		switch f.p.Type {
		case engine.ParamBool:
			parts = append(parts, "[--"+f.p.Name+"="+f.p.Default+"]")
		case engine.ParamChoice:
			parts = append(parts, "[--"+f.p.Name+" "+strings.Join(f.p.Choices, "|")+"]")
		default:
			ex := f.p.Example
			if ex == "" {
				ex = strings.ToUpper(f.p.Name[:1])
			}
			parts = append(parts, "[--"+f.p.Name+" "+ex+"]")
		}
	}
	return strings.Join(parts, " ")
}

// values are the parameters given on the command line for gen, checked
// against its declaration: a flag of a parameter the kind does not take is
// refused naming the ones it takes.
func (ps paramFlags) values(fs *flag.FlagSet, gen engine.Generator) (engine.GenValues, error) {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	v := engine.GenValues{}
	for _, f := range ps {
		if given[f.p.Name] {
			v[f.p.Name] = f.val
		}
	}
	if _, err := engine.ReadGenValues(gen.GenParams(), v); err != nil {
		if pe, ok := err.(*engine.GenParamError); ok {
			return nil, fmt.Errorf("--%s: %w", pe.Param, pe.Err)
		}
		return nil, err
	}
	return v, nil
}
