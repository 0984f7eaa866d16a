package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/internal/ordered"
)

// batchFlags are the flags shared by the commands that work puzzle by
// puzzle over files (solve, rate, canon).
type batchFlags struct {
	kind   string
	format string
	jobs   int
	stats  bool
}

func (b *batchFlags) register(e *env, fs *flag.FlagSet, withStats bool) {
	fs.StringVar(&b.kind, "kind", "", "puzzle kind ("+e.kindNames()+"); default: detected from the notation")
	fs.StringVar(&b.format, "format", "", "input format ("+e.importFormatNames()+"); default: detected")
	fs.IntVar(&b.jobs, "jobs", runtime.NumCPU(), "puzzles worked on in parallel (output keeps input order)")
	if withStats {
		fs.BoolVar(&b.stats, "stats", false, "print 'N puzzles in T s (R/s)' on stderr at the end")
	}
}

// newFlags makes a command's flag set writing its usage to e.stderr.
func newFlags(e *env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, usageFor(name))
		fmt.Fprintln(e.stderr, "\nFlags:")
		fs.PrintDefaults()
	}
	return fs
}

// item is one input record waiting for its answer.
type item struct {
	puzzle engine.Puzzle
	label  string // the input's name and the record's line, for notes
	line   int
	out    string // what to print on stdout
	err    string // a bad record's FILE:LINE: reason, for stderr
	note   string // why an answer is incomplete (a work limit), for stderr
}

// workNote is what a command says on stderr about an answer that is not
// complete: the engine gave up at its work limit.
func workNote(err error) string {
	if err == nil {
		return ""
	}
	return engine.GaveUp(err) + " (status unknown)"
}

// chunkSize records travel together to a worker; it keeps channel traffic low.
const chunkSize = 64

// eachPuzzle reads every puzzle of files (stdin for none or "-") in any
// format the importers know, calls work for each on b.jobs goroutines and
// prints the answers in input order. Bad records are reported as
// FILE:LINE: reason. It returns the exit status: 0, 1 if any record was
// bad, 2 if an input could not be read.
func eachPuzzle(e *env, b *batchFlags, files []string, work func(engine.Puzzle) (out, note string)) int {
	reg := e.formats
	if b.kind != "" {
		k, err := e.kinds.Lookup(b.kind)
		if err != nil {
			fmt.Fprintf(e.stderr, "pencilbox: %v\n", err)
			return 2
		}
		reg = reg.OfKind(k)
	}
	if b.jobs < 1 {
		b.jobs = 1
	}
	if len(files) == 0 {
		files = []string{"-"}
	}

	// Chunks of records are worked on b.jobs goroutines and printed in
	// input order.
	start := time.Now()
	var n, bad int
	status := 0
	w := bufio.NewWriter(e.stdout)
	err := ordered.Run(context.Background(), b.jobs, 4*b.jobs,
		func(push func([]item) error) error {
			var cur []item
			flush := func() {
				if len(cur) > 0 {
					push(cur) // the printer never fails: nothing stops the run
					cur = nil
				}
			}
			for _, name := range files {
				err := readRecords(e, reg, b.format, name, func(it item) {
					cur = append(cur, it)
					if len(cur) == chunkSize {
						flush()
					}
				})
				if err != nil {
					flush()
					fmt.Fprintf(e.stderr, "pencilbox: %v\n", err)
					status = 2
				}
			}
			flush()
			return nil
		},
		func(_ context.Context, items []item) []item {
			for i := range items {
				if it := &items[i]; it.err == "" {
					it.out, it.note = work(it.puzzle)
				}
			}
			return items
		},
		func(items []item) error {
			for _, it := range items {
				if it.err != "" {
					w.Flush()
					fmt.Fprintln(e.stderr, it.err)
					bad++
					continue
				}
				n++
				w.WriteString(it.out)
				if it.note != "" {
					w.Flush()
					fmt.Fprintf(e.stderr, "%s:%d: %s\n", it.label, it.line, it.note)
				}
			}
			return nil
		})
	w.Flush()
	if err != nil {
		fmt.Fprintf(e.stderr, "pencilbox: %v\n", err)
		status = 2
	}

	if b.stats {
		secs := time.Since(start).Seconds()
		fmt.Fprintf(e.stderr, "%d puzzles in %.3f s (%.0f/s)\n", n, secs, float64(n)/secs)
	}
	if status == 0 && bad > 0 {
		status = 1
	}
	return status
}

// readRecords reads the named file ("-" is stdin) with the importers and
// hands each record to fn.
func readRecords(e *env, reg importers.Registry, format, name string, fn func(item)) error {
	var r io.Reader = e.stdin
	label := "stdin"
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		r, label = f, name
	}
	f, in, err := importers.Open(r, reg, format)
	if errors.Is(err, importers.ErrEmpty) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", label, err)
	}
	err = f.Read(in, func(rec importers.Record) error {
		if rec.Err != nil {
			fn(item{err: rec.Error(label)})
		} else {
			fn(item{puzzle: rec.Puzzle, label: label, line: rec.Line})
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("%s: %w", label, err)
	}
	return nil
}
