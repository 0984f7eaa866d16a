package library

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/internal/nice"
)

// rateSecond fills p's second rating from sr (the parsed puzzle ep):
// marked rated whatever the outcome, with figures only for a unique
// puzzle the rater finished.
func rateSecond(sr engine.SecondRater, ep engine.Puzzle, p *pencilbox.Puzzle) {
	p.ScaleRated = true
	p.Scales, p.ScaleNote = [engine.ScaleSlots]float64{}, ""
	if p.Status != engine.Unique {
		return
	}
	r := sr.RateSecond(ep, false)
	if !r.Rated() {
		return
	}
	p.Scales, p.ScaleNote = r.Values, r.Note
}

// FillOptions tune FillSecond.
type FillOptions struct {
	Jobs int // rating workers (0 = all cores)
	// Progress draws a progress bar on it when not nil (a terminal).
	Progress io.Writer
	// OnBatch is told after each committed batch how many are done and
	// how many were waiting at the start (nil = none).
	OnBatch func(done, total int)
	// Batch is how many puzzles one transaction stores (0 = 200).
	Batch int
	// Nice, above 0, runs each worker on an OS thread of its own at that
	// nice value (internal/nice: Linux), below the threads that serve
	// pages; the thread ends with its worker.
	Nice int
	// OnStored is told each committed batch's puzzles, rated (nil = none):
	// the queue's tallies per kind.
	OnStored func(ps []pencilbox.Puzzle)
	// Label names the progress bar ("" = "second rating").
	Label string
}

// FillSecond rates, on each kind's second scale, every stored puzzle the
// second rater has not seen (an upgraded library's, or one imported
// without the rater), in id order, storing each batch in one
// transaction. A fill that is killed keeps what it stored; the next one
// starts after it. It returns how many it stored.
func FillSecond(ctx context.Context, store pencilbox.LibraryStore, kinds engine.Registry, second engine.SecondRaters, opts FillOptions) (int, error) {
	names := second.Kinds()
	if len(names) == 0 {
		return 0, nil
	}
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.GOMAXPROCS(0)
	}
	if opts.Batch <= 0 {
		opts.Batch = 200
	}
	total, err := store.SecondPending(ctx, names)
	if err != nil || total == 0 {
		return 0, err
	}
	var bar *progressbar.ProgressBar
	if opts.Progress != nil {
		bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(opts.Progress),
			progressbar.OptionSetDescription(cmp.Or(opts.Label, "second rating")),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("puzzles"),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetWidth(30))
		defer bar.Finish()
	}
	done := 0
	var after int64
	for {
		ps, err := store.Unrated(ctx, names, after, opts.Batch)
		if err != nil {
			return done, err
		}
		if len(ps) == 0 {
			return done, nil
		}
		after = ps[len(ps)-1].ID
		if err := rateAll(ctx, kinds, second, ps, opts.Jobs, opts.Nice); err != nil {
			return done, err
		}
		if err := store.SetSecond(ctx, ps); err != nil {
			return done, err
		}
		done += len(ps)
		if opts.OnStored != nil {
			opts.OnStored(ps)
		}
		if bar != nil {
			bar.Add(len(ps))
		}
		if opts.OnBatch != nil {
			opts.OnBatch(done, total)
		}
	}
}

// rateAll fills the second rating of every puzzle of ps on jobs workers.
// A puzzle whose givens no longer parse is marked rated without a rating
// (check reports it).
func rateAll(ctx context.Context, kinds engine.Registry, second engine.SecondRaters, ps []pencilbox.Puzzle, jobs, niceness int) error {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(jobs, len(ps)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if niceness > 0 {
				// Never unlocked: the niced thread ends with this
				// goroutine, so no other goroutine runs at its priority.
				runtime.LockOSThread()
				_ = nice.Thread(niceness) // not permitted: rates at the usual priority
			}
			for i := range next {
				p := &ps[i]
				p.ScaleRated = true
				k, err := kinds.Lookup(p.Kind)
				if err != nil {
					continue
				}
				ep, err := k.Parse(p.Givens)
				if err != nil {
					continue
				}
				rateSecond(second[p.Kind], ep, p)
			}
		}()
	}
	var err error
feed:
	for i := range ps {
		select {
		case next <- i:
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err != nil {
		return fmt.Errorf("rating on the second scale: %w", err)
	}
	return nil
}
