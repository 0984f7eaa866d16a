package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"pencilbox/db"
	"pencilbox/library"
)

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// runImport is `pencilbox import`: it stores puzzles in the library.
// Exit status: 0 all stored, 1 some records rejected, 2 could not run.
func runImport(e *env, args []string) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dbPath := fs.String("db", db.DefaultPath(e.getenv), "library database (default $PENCILBOX_DB or ./pencilbox.db)")
	source := fs.String("source", "", "source label recorded with each puzzle (default: the file's name)")
	format := fs.String("format", "", "input format (default: detected per file)")
	var tags stringList
	fs.Var(&tags, "tag", "tag every imported puzzle (repeatable)")
	jobs := fs.Int("jobs", runtime.GOMAXPROCS(0), "analysis workers")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: pencilbox import [--db PATH] [--source LABEL] [--format NAME] [--tag T]... [--jobs N] FILE...|-")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	if *format != "" {
		if _, err := e.formats.Lookup(*format); err != nil {
			fmt.Fprintln(e.stderr, "pencilbox import:", err)
			return 2
		}
	}
	var inputs []library.Input
	for _, name := range fs.Args() {
		if name == "-" {
			inputs = append(inputs, library.Input{Name: "-", R: e.stdin})
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(e.stderr, "pencilbox import:", err)
			return 2
		}
		defer f.Close()
		in := library.Input{Name: name, R: f}
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			in.Size = st.Size()
		}
		inputs = append(inputs, in)
	}
	store, err := db.Open(*dbPath)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox import:", err)
		return 2
	}
	defer store.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := library.Options{Source: *source, Format: *format, Tags: tags, Jobs: *jobs, Errors: e.stderr}
	if e.isTerminal != nil && e.isTerminal(e.stderr) {
		opts.Progress = e.stderr
	}
	start := time.Now()
	job, err := library.Import(ctx, store, e.formats, inputs, opts)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox import:", err)
		fmt.Fprintln(e.stdout, library.Summary(job, time.Since(start)))
		return 2
	}
	fmt.Fprintln(e.stdout, library.Summary(job, time.Since(start)))
	if job.Rejected > 0 {
		return 1
	}
	return 0
}
