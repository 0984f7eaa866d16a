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
	// Batch is how many puzzles one transaction stores at most (0 =
	// 200), and one read of the pending takes.
	Batch int
	// CommitEvery is how long rated puzzles may wait to be stored (0 =
	// FillCommitEvery): a batch is stored in parts as it is rated.
	CommitEvery time.Duration
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

// FillCommitEvery is how long a fill keeps rated puzzles before it stores
// them: the rated part of a batch (its finished prefix, in id order) is
// stored at least this often. On the forum's hardest a batch of 200 is
// minutes of CPU; stored only whole, the queue's "N of M" stood still
// that long, and a kill or a pause lost the whole batch's work.
const FillCommitEvery = 2 * time.Second

// FillSecond rates, on each kind's second scale, every stored puzzle the
// second rater has not seen (an upgraded library's, or one imported
// without the rater), in id order, storing what it rated every
// CommitEvery (and each whole batch) in one transaction. A fill that is
// killed keeps what it stored; one cancelled stores what its workers had
// finished; the next one starts after it. It returns how many it stored.
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
		err = rateAll(ctx, kinds, second, ps, opts.Jobs, opts.Nice, cmp.Or(opts.CommitEvery, FillCommitEvery),
			func(c context.Context, part []pencilbox.Puzzle) error {
				if err := store.SetSecond(c, part); err != nil {
					return err
				}
				done += len(part)
				if opts.OnStored != nil {
					opts.OnStored(part)
				}
				if bar != nil {
					bar.Add(len(part))
				}
				if opts.OnBatch != nil {
					opts.OnBatch(done, total)
				}
				return nil
			})
		if err != nil {
			return done, err
		}
	}
}

// rateAll fills the second rating of every puzzle of ps on jobs workers,
// and stores them with store as they come: the finished prefix of ps
// (id order) at least every commitEvery, and the rest at the end. A
// puzzle whose givens no longer parse is marked rated without a rating
// (check reports it). When ctx ends, the workers finish the puzzles they
// hold, what is finished of the prefix is stored (beyond ctx: a pause
// keeps what was rated), and ctx's error is returned.
func rateAll(ctx context.Context, kinds engine.Registry, second engine.SecondRaters, ps []pencilbox.Puzzle, jobs, niceness int,
	commitEvery time.Duration, store func(context.Context, []pencilbox.Puzzle) error) error {
	wctx, stopFeed := context.WithCancel(ctx)
	defer stopFeed()
	next := make(chan int)
	finished := make(chan int, len(ps)) // never blocks a worker
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
				if wctx.Err() != nil {
					continue // ended: left pending, as the feeder leaves the rest
				}
				p := &ps[i]
				p.ScaleRated = true
				if k, err := kinds.Lookup(p.Kind); err == nil {
					if ep, err := k.Parse(p.Givens); err == nil {
						rateSecond(second[p.Kind], ep, p)
					}
				}
				finished <- i
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range ps {
			select {
			case next <- i:
			case <-wctx.Done():
				return
			}
		}
	}()
	ended := make(chan struct{})
	go func() { wg.Wait(); close(ended) }()

	rated := make([]bool, len(ps))
	stored, prefix := 0, 0
	commit := func(c context.Context) error {
		for prefix < len(ps) && rated[prefix] {
			prefix++
		}
		if prefix == stored {
			return nil
		}
		if err := store(c, ps[stored:prefix]); err != nil {
			return err
		}
		stored = prefix
		return nil
	}
	tick := time.NewTicker(commitEvery)
	defer tick.Stop()
	var serr error
wait:
	for {
		select {
		case i := <-finished:
			rated[i] = true
		case <-tick.C:
			// (ended, ctx leaves the rest to the last commit below: a
			// write on it would fail and lose what is finished)
			if serr == nil && ctx.Err() == nil {
				if serr = commit(ctx); serr != nil && ctx.Err() == nil {
					stopFeed() // the store fails: rate no more
				} else if serr != nil {
					serr = nil // cut by ctx's end: the last commit stores it
				}
			}
		case <-ended:
			for {
				select {
				case i := <-finished:
					rated[i] = true
				default:
					break wait
				}
			}
		}
	}
	if serr != nil {
		return serr
	}
	// what the workers finished is stored, even past ctx's end
	if err := commit(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("rating on the second scale: %w", err)
	}
	return nil
}
