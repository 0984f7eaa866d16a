package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/library"
)

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// runImport is `pencilbox import`: it stores puzzles in the library. A file
// that cannot be read is reported and skipped, so one bad name in a long
// list costs only that file. Exit status: 0 all stored, 1 some records
// rejected, 2 some input could not be read or the import could not run.
func runImport(e *env, args []string) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dbPath := fs.String("db", db.DefaultPath(e.getenv), "library database (default $PENCILBOX_DB or ./pencilbox.db)")
	source := fs.String("source", "", "source label recorded with each puzzle (default: the file's name)")
	format := fs.String("format", "", "input format (default: detected per file)")
	var tags stringList
	fs.Var(&tags, "tag", "tag every imported puzzle (repeatable)")
	jobs := fs.Int("jobs", runtime.GOMAXPROCS(0), "analysis workers")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the import to this file")
	ratings := fs.Bool("ratings", false, "the files are ratings (the lines of pencilbox rate --er, made from export --KEY pending): store them for the puzzles the library holds")
	queue := fs.Bool("queue", true, "leave the kinds' slower scales ("+e.queuedScales()+") to the rating queue (pencilbox rate-queue, or serve); false rates them during the import")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: pencilbox import [--db PATH] [--source LABEL] [--format NAME] [--tag T]... [--jobs N] [--cpuprofile FILE] FILE...|-")
		fmt.Fprint(e.stderr, `
Solves, rates and stores every puzzle of the files ("-" is stdin). Bad
records are reported as FILE:LINE: reason, a file that cannot be read or
whose format is not recognised as FILE: reason, and the other files are
still imported. The summary line on stdout is
  imported N, duplicates D, invalid I, rejected R in T s
where invalid puzzles (no unique solution) are stored too, and say so:
"invalid I (stored, no unique solution)" when I > 0. A kind's slower
scales are queued (a quick first pass rates what fits a small budget);
a line per scale says how many puzzles wait for the rating queue, which
'pencilbox rate-queue' works off (serve does in the background).
Exit status: 0 when everything was read and stored, 1 when some record was
rejected, 2 when some file could not be read or the import could not run.

With --ratings the files are the output of 'pencilbox rate --er' (any job
runner's, on the lines of 'export --KEY pending --format line'): each
line's rating is stored for the puzzle the library holds. A line that is
malformed or names a puzzle the library does not hold is refused as
FILE:LINE: reason; one line in 50 of each file (at least one) is rated
again, and a disagreement refuses the whole file. Exit status 1 when
something was refused.
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	if err := pencilbox.CheckTags(tags); err != nil {
		fmt.Fprintln(e.stderr, "pencilbox import: --tag:", err)
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
			// The import reports it as "FILE: reason": drop the
			// "open FILE:" the error repeats.
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			inputs = append(inputs, library.Input{Name: name, Err: err})
			continue
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
		fmt.Fprintln(e.stderr, "pencilbox import:", describe(err, *dbPath))
		return 2
	}
	defer store.Close()
	if *ratings {
		return importRatings(e, store, *dbPath, inputs)
	}

	ctx, stop := signal.NotifyContext(cliActor(context.Background(), e), os.Interrupt)
	defer stop()
	opts := library.Options{Source: *source, Format: *format, Tags: tags, Jobs: *jobs, Errors: e.stderr, Second: e.second, SolutionKeys: true, Queue: *queue}
	if e.isTerminal != nil && e.isTerminal(e.stderr) {
		opts.Progress = e.stderr
	}
	if *cpuprofile != "" {
		stopProfile, err := startProfile(*cpuprofile)
		if err != nil {
			fmt.Fprintln(e.stderr, "pencilbox import:", err)
			return 2
		}
		defer stopProfile()
	}
	start := time.Now()
	job, err := library.Import(ctx, store, e.formats, inputs, opts)
	fmt.Fprintln(e.stdout, library.Summary(job, err, time.Since(start)))
	if qerr := printQueued(context.WithoutCancel(ctx), e, store); qerr != nil {
		fmt.Fprintln(e.stderr, "pencilbox import:", describe(qerr, *dbPath))
	}
	if err != nil {
		if !errors.Is(err, library.ErrUnreadable) {
			// Each unreadable file is already reported on its own line.
			fmt.Fprintln(e.stderr, "pencilbox import:", describe(err, *dbPath))
		}
		return 2
	}
	if job.Rejected > 0 {
		return 1
	}
	return 0
}
