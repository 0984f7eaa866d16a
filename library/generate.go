package library

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/importers"
)

// GenSourceLabel is the source label of every generated puzzle.
const GenSourceLabel = "generated"

// GenerateOptions is one generation run into the library (the admin's
// Generate page; the command line has its own loop with a progress bar).
type GenerateOptions struct {
	Kind  engine.Kind
	Opt   engine.GenOptions
	Count int    // new puzzles to store
	Jobs  int    // generating workers (0: 1)
	Seed  uint64 // worker j draws from rand.NewPCG(Seed, j)
	// Second, when set with ER, keeps only puzzles whose second rating is
	// within ERLo-ERHi (ERHi 0: open above).
	Second     engine.SecondRater
	ER         bool
	ERLo, ERHi float64
	Set        string // add the stored puzzles to this set, made when missing
	// Note is kept in every puzzle's source text (how to make it again).
	Note string
}

// Generate makes opts.Count new puzzles (not in the library, not made twice)
// and stores them through the import pipeline as an import with source
// label "generated", so the job is listed, counted and audited like any
// import; then adds them to opts.Set. When ctx ends first, what was made is
// still stored and the error is ctx's.
func Generate(ctx context.Context, store pencilbox.LibraryStore, formats importers.Registry, o GenerateOptions, iopts Options) (pencilbox.Job, error) {
	gen, ok := o.Kind.(engine.Generator)
	if !ok {
		return pencilbox.Job{}, fmt.Errorf("kind %s has no generator", o.Kind.Name())
	}
	if o.Count < 1 {
		return pencilbox.Job{}, fmt.Errorf("count %d: want at least 1", o.Count)
	}
	jobs := max(o.Jobs, 1)
	sources := make([]engine.Source, jobs)
	for j := range sources {
		src, err := gen.NewSource(o.Opt, rand.New(rand.NewPCG(o.Seed, uint64(j))))
		if err != nil {
			return pencilbox.Job{}, err
		}
		if o.ER && o.Second != nil {
			src = &engine.SecondSource{Source: src, Rater: o.Second, Filter: true, Lo: o.ERLo, Hi: o.ERHi}
		}
		sources[j] = src
	}

	pr, pw := io.Pipe()
	type imported struct {
		job pencilbox.Job
		err error
	}
	done := make(chan imported, 1)
	iopts.Source, iopts.Format = GenSourceLabel, "json"
	go func() {
		// Not ctx: what was made is stored even when the run is stopped;
		// the pipe's end finishes the import.
		j, err := Import(context.WithoutCancel(ctx), store, formats, []Input{{Name: "generate", R: pr}}, iopts)
		pr.CloseWithError(err) // unblocks the maker if the import stopped early
		done <- imported{j, err}
	}()

	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	found := make(chan engine.Puzzle)
	var wg sync.WaitGroup
	for _, src := range sources {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				p, _, err := src.Next(wctx)
				if err != nil {
					return
				}
				select {
				case found <- p:
				case <-wctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(found) }()

	seen := map[string]bool{}
	var canon []string
	var werr error
	for p := range found {
		if len(canon) >= o.Count || werr != nil {
			continue // draining after the stop
		}
		c := p.Canonical()
		if seen[c] {
			continue
		}
		seen[c] = true
		if _, _, known, err := store.Known(context.WithoutCancel(ctx), o.Kind.Name(), c); err != nil {
			werr = err
			cancel()
			continue
		} else if known {
			continue
		}
		b, err := json.Marshal(importers.JSONRecord{Kind: o.Kind.Name(), Puzzle: p.Givens(), Note: o.Note})
		if err == nil {
			_, err = pw.Write(append(b, '\n'))
		}
		if err != nil {
			werr = fmt.Errorf("store: %w", err)
			cancel()
			continue
		}
		canon = append(canon, c)
		if len(canon) >= o.Count {
			cancel()
		}
	}
	pw.Close()
	res := <-done
	job, err := res.job, errors.Join(werr, res.err)
	if err == nil && o.Set != "" {
		err = addToSet(context.WithoutCancel(ctx), store, o.Kind.Name(), o.Set, canon)
	}
	if err == nil && len(canon) < o.Count {
		err = ctx.Err()
	}
	return job, err
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
