package main

import (
	"flag"
	"fmt"
	"strings"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// filterFlags are the library filter's flags, shared by export, set add
// and set build: the same names and values as the admin's URL.
type filterFlags struct {
	f               pencilbox.Filter
	rank, clues, er string
	size            string
	hyp, published  string
	tags            listFlag
	withSort        bool
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// addFilterFlags declares the filter's flags on fs; sort adds --sort and
// --desc.
func addFilterFlags(e *env, fs *flag.FlagSet, sort bool) *filterFlags {
	ff := &filterFlags{withSort: sort}
	f := &ff.f
	fs.StringVar(&f.Kind, "kind", "", "only this kind ("+e.kindNames()+")")
	fs.StringVar(&ff.rank, "rank", "", "stars: 5, 5-6, 5- or -6")
	fs.StringVar(&f.Status, "status", "", "unique, multiple, none, unknown or invalid")
	fs.StringVar(&f.Source, "source", "", "source label")
	fs.Var(&ff.tags, "tag", "tag; -NAME excludes the tag NAME (repeatable: --tag easy --tag -sample); \\-NAME is the tag -NAME itself")
	fs.StringVar(&f.Technique, "technique", "", "technique id the puzzle needs (e.g. x3)")
	fs.StringVar(&ff.clues, "clues", "", "clue count: 17, 20-25, ...")
	fs.StringVar(&ff.size, "size", "", "board size WIDTHxHEIGHT: 10x10, 10x10-15x15 (each side in its range), 10x10- or -15x15")
	fs.StringVar(&ff.er, "er", "", "second rating (Sudoku Explainer's ER): 6.5-7.5, 7.0, 7-, -4.5")
	fs.StringVar(&ff.hyp, "hyp", "", "the kind's own yes/no verdict ("+e.verdictNames()+"): yes or no")
	fs.StringVar(&f.Q, "q", "", "text search over sources, notes and tags")
	fs.StringVar(&ff.published, "published", "", "yes: published at least once; no: never published")
	fs.StringVar(&f.Outlet, "outlet", "", "published in this outlet")
	fs.StringVar(&f.InSet, "in-set", "", "yes: in some set; no: in no set; NAME: in the set NAME")
	if sort {
		fs.StringVar(&f.Sort, "sort", "", "order: rank, score, clues, created, er (default import order)")
		fs.BoolVar(&f.Desc, "desc", false, "descending order")
	}
	return ff
}

// filter reads the flags into a filter, or says which flag is wrong.
func (ff *filterFlags) filter() (pencilbox.Filter, error) {
	f := ff.f
	var err error
	if f.RankMin, f.RankMax, err = pencilbox.ParseRange(ff.rank, "--rank"); err != nil {
		return f, err
	}
	if f.CluesMin, f.CluesMax, err = pencilbox.ParseRange(ff.clues, "--clues"); err != nil {
		return f, err
	}
	if f.SizeMin, f.SizeMax, err = pencilbox.ParseSize(ff.size, "--size"); err != nil {
		return f, err
	}
	if f.ScaleMin, f.ScaleMax, err = pencilbox.ParseScaleRange(ff.er, "--er"); err != nil {
		return f, err
	}
	if f.Tag, f.TagNot, err = pencilbox.ParseTagFilter(ff.tags, "--tag"); err != nil {
		return f, err
	}
	if f.Published, err = pencilbox.ParseYesNo(ff.published, "--published"); err != nil {
		return f, err
	}
	f.Outlet, f.InSet = strings.TrimSpace(f.Outlet), strings.TrimSpace(f.InSet)
	switch ff.hyp {
	case "":
	case "yes":
		f.Verdict = engine.Yes
	case "no":
		f.Verdict = engine.No
	default:
		return f, fmt.Errorf("--hyp %q: want yes or no", ff.hyp)
	}
	if err := pencilbox.CheckQuery(f.Q); err != nil {
		return f, fmt.Errorf("--q: %w", err)
	}
	if err := db.CheckFilter(f); err != nil {
		return f, err
	}
	return f, nil
}

// set reports whether any filter flag was given (sort aside).
func (ff *filterFlags) set() bool {
	f := ff.f
	return f.Kind != "" || ff.rank != "" || f.Status != "" || f.Source != "" || len(ff.tags) > 0 || f.Technique != "" ||
		ff.clues != "" || ff.size != "" || ff.er != "" || ff.hyp != "" || f.Q != "" || ff.published != "" || f.Outlet != "" || f.InSet != ""
}
