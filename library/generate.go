package library

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/importers"
)

// GenSourceLabel is the source label of every generated puzzle.
const GenSourceLabel = "generated"

// GenerateOptions is one generation run: into the library (Generate: the
// admin's Generate page, the command line's generate --db) or handed to
// the caller (Make: the command line's generate -o).
type GenerateOptions struct {
	Kind  engine.Kind
	Opt   engine.GenOptions
	Count int    // new puzzles to make
	Jobs  int    // generating workers (0: 1)
	Seed  uint64 // worker j draws from rand.NewPCG(Seed, j)
	// Second, when set, gives every puzzle its second rating
	// (Generated.Second); with Scale it keeps only puzzles whose first figure is
	// within ScaleLo-ScaleHi (ScaleHi 0: open above).
	Second           engine.SecondRater
	Scale            bool
	ScaleLo, ScaleHi float64
	Set              string // add the stored puzzles to this set, made when missing (Generate)
	// Note is kept in every stored puzzle's source text, followed by
	// "(job J, puzzle N)": with the seed in it, how to make it again.
	Note string
	// Asked says what was asked in words ("Sudoku, stars 5, 10 puzzles"):
	// the run's import job names its input so (Job.Files), which the
	// Generate page's list of runs shows; "" names it "generate".
	Asked string
	// Progress, when set, is called with the run's tallies after each
	// worker's report (a new puzzle, or every quarter second while it
	// searches) and once more when the workers have stopped; from one
	// goroutine (a progress bar).
	Progress func(GenProgress)
}

// Generate makes opts.Count new puzzles (Make, skipping those the library
// holds) and stores them through the import pipeline as an import with
// source label "generated", so the job is listed, counted and audited like
// any import; then adds them to opts.Set. When ctx ends first, what was made
// is still stored and the error is ctx's. A puzzle the run gave a second
// rating (opts.Second) is stored with that rating when the import rates
// its kind with the same rater (handOver), not rated twice.
func Generate(ctx context.Context, store pencilbox.LibraryStore, formats importers.Registry, o GenerateOptions, iopts Options) (pencilbox.Job, error) {
	run, err := newGenRun(o)
	if err != nil {
		return pencilbox.Job{}, err
	}

	pr, pw := io.Pipe()
	type imported struct {
		job pencilbox.Job
		err error
	}
	done := make(chan imported, 1)
	iopts.Source, iopts.Format = GenSourceLabel, "json"
	iopts.SolutionKeys = true // a later run skips puzzles near these
	iopts, handed := handOverFor(o, iopts)
	// The import reads what was made to the end under a context that is
	// not cancelled; a run cut short says so through Stopped, set before
	// the pipe's end reaches the import.
	var stop error
	iopts.Stopped = func() error { return stop }
	go func() {
		// Not ctx: what was made is stored even when the run is stopped;
		// the pipe's end finishes the import.
		name := o.Asked
		if name == "" {
			name = "generate"
		}
		j, err := Import(context.WithoutCancel(ctx), store, formats, []Input{{Name: name, R: pr}}, iopts)
		pr.CloseWithError(err) // unblocks the maker if the import stopped early
		done <- imported{j, err}
	}()

	var canon []string
	_, werr := run.make(ctx, store, func(g Generated) error {
		note := fmt.Sprintf("%s (job %d, puzzle %d)", o.Note, g.Job, g.N)
		givens := g.Puzzle.Givens()
		if handed != nil && g.Second != nil {
			handed.give(givens, *g.Second) // before the import can read it
		}
		b, err := json.Marshal(importers.JSONRecord{Kind: o.Kind.Name(), Puzzle: givens, Note: note})
		if err == nil {
			_, err = pw.Write(append(b, '\n'))
		}
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		canon = append(canon, g.Puzzle.Canonical())
		return nil
	})
	stopped := werr != nil && ctx.Err() != nil && errors.Is(werr, ctx.Err())
	if stopped {
		werr = nil
		stop = runStop(ctx)
	}
	pw.Close()
	res := <-done
	job, err := res.job, errors.Join(werr, res.err)
	if err == nil && o.Set != "" {
		err = addToSet(context.WithoutCancel(ctx), store, o.Kind.Name(), o.Set, canon)
	}
	if err == nil && stopped {
		err = ctx.Err()
	}
	return job, err
}

// runStop is why a generator run's context ended: the JobStop it was
// cancelled with (a user's cancel, a time limit, the server's shutdown),
// or, for any other end (Ctrl-C), an interruption.
func runStop(ctx context.Context) *pencilbox.JobStop {
	var stop *pencilbox.JobStop
	if errors.As(context.Cause(ctx), &stop) {
		return stop
	}
	return &pencilbox.JobStop{State: pencilbox.JobInterrupted,
		Reason: "The run was stopped before it made every puzzle asked (interrupted). What it made is stored."}
}

// addToSet adds the puzzles with the given canonical forms to the set
// named name, making it when missing.
func addToSet(ctx context.Context, store pencilbox.LibraryStore, kind, name string, canon []string) error {
	var ids []int64
	for _, c := range canon {
		id, ok, err := store.PuzzleID(ctx, kind, c)
		if err != nil {
			return err
		}
		if ok {
			ids = append(ids, id)
		}
	}
	return store.AddToNamedSet(ctx, name, "generated", ids)
}
