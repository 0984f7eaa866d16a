package main

import (
	"flag"
	"fmt"
	"strings"

	"pencilbox"
	"pencilbox/db"
)

// filterFlags are the library filter's flags, shared by export, set add
// and set build: the same names and values as the admin's URL.
type filterFlags struct {
	f            pencilbox.Filter
	rank, clues  string
	size         string
	published    string
	tags         listFlag
	withSort     bool
	voc          pencilbox.Vocabulary
	scales, verd map[string]*string // by declared key: --er, --hyp
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// addFilterFlags declares the filter's flags on fs; sort adds --sort and
// --desc.
func addFilterFlags(e *env, fs *flag.FlagSet, sort bool) *filterFlags {
	ff := &filterFlags{withSort: sort, voc: e.vocabulary(), scales: map[string]*string{}, verd: map[string]*string{}}
	f := &ff.f
	fs.StringVar(&f.Kind, "kind", "", "only this kind ("+e.kindNames()+")")
	fs.StringVar(&ff.rank, "rank", "", "stars: 5, 5-6, 5- or -6")
	fs.StringVar(&f.Status, "status", "", "unique, multiple, none, unknown or invalid")
	fs.StringVar(&f.Source, "source", "", "source label")
	fs.Var(&ff.tags, "tag", "tag; -NAME excludes the tag NAME (repeatable: --tag easy --tag -sample); \\-NAME is the tag -NAME itself")
	fs.StringVar(&f.Technique, "technique", "", "technique id the puzzle needs (e.g. x3)")
	fs.StringVar(&ff.clues, "clues", "", "clue count: 17, 20-25, ...")
	fs.StringVar(&ff.size, "size", "", "board size WIDTHxHEIGHT: 10x10, 10x10-15x15 (each side in its range), 10x10- or -15x15")
	// The kinds' scales and verdicts, by their declared keys (Sudoku:
	// --er, --hyp).
	for _, sc := range ff.voc.ScaleKeys() {
		ff.scales[sc.Key] = fs.String(sc.Key, "", sc.Name+" ("+sc.Short+", of "+ff.kindsOfScale(sc.Key)+"): a range like "+sc.Placeholder+", 7-, -4.5")
	}
	for _, v := range ff.voc.VerdictKeys() {
		ff.verd[v.Key] = fs.String(v.Key, "", "the kind's own yes/no verdict ("+e.verdictNames()+"): yes or no")
	}
	fs.StringVar(&f.Q, "q", "", "text search over sources, notes and tags")
	fs.StringVar(&ff.published, "published", "", "yes: published at least once; no: never published")
	fs.StringVar(&f.Outlet, "outlet", "", "published in this outlet")
	fs.StringVar(&f.InSet, "in-set", "", "yes: in some set; no: in no set; NAME: in the set NAME")
	if sort {
		sorts := []string{"rank", "score", "clues", "created"}
		for _, sc := range ff.voc.SortKeys() {
			sorts = append(sorts, sc.Key)
		}
		fs.StringVar(&f.Sort, "sort", "", "order: "+strings.Join(sorts, ", ")+" (default import order)")
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
	for _, sc := range ff.voc.ScaleKeys() {
		if err := ff.voc.ApplyScale(&f, sc.Key, *ff.scales[sc.Key], "--"+sc.Key); err != nil {
			return f, err
		}
	}
	for _, v := range ff.voc.VerdictKeys() {
		if err := ff.voc.ApplyVerdict(&f, v.Key, *ff.verd[v.Key], "--"+v.Key); err != nil {
			return f, err
		}
	}
	if ff.voc.IsScaleSort(f.Sort) {
		if err := ff.voc.ApplySort(&f, f.Sort); err != nil {
			return f, fmt.Errorf("--sort: %w", err)
		}
	}
	if f.Tag, f.TagNot, err = pencilbox.ParseTagFilter(ff.tags, "--tag"); err != nil {
		return f, err
	}
	if f.Published, err = pencilbox.ParseYesNo(ff.published, "--published"); err != nil {
		return f, err
	}
	f.Outlet, f.InSet = strings.TrimSpace(f.Outlet), strings.TrimSpace(f.InSet)
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
		ff.clues != "" || ff.size != "" || ff.given(ff.scales) || ff.given(ff.verd) || f.Q != "" || ff.published != "" || f.Outlet != "" || f.InSet != ""
}

// given reports whether any of the flags was given a value.
func (ff *filterFlags) given(flags map[string]*string) bool {
	for _, v := range flags {
		if *v != "" {
			return true
		}
	}
	return false
}

// kindsOfScale names the kinds that declare key ("sudoku").
func (ff *filterFlags) kindsOfScale(key string) string {
	var out []string
	for _, t := range ff.voc {
		for _, sc := range t.Scales {
			if sc.Key == key {
				out = append(out, t.Kind)
			}
		}
	}
	return strings.Join(out, ", ")
}
