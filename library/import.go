// Package library is the import pipeline: it reads inputs in any importer
// format (streamed), analyses every puzzle on all cores, and stores them in
// batches, one transaction each, so a run killed at any point leaves a
// consistent database and running it again completes it without
// duplicates. It also seeds a new database with the bundled samples.
package library

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/importers"
)

// Input is one file to import.
type Input struct {
	Name string    // as given ("-" for stdin); recorded as the source file
	R    io.Reader // the data
	Size int64     // bytes, for progress; 0 = unknown
	// Err is why the input could not even be opened (R is then unused):
	// Import reports it like an input it cannot read, so one missing file
	// among several is told about, not a reason to skip the others.
	Err error
}

// Options tune Import.
type Options struct {
	Source string   // source label; "" = each input's base name
	Format string   // forced format name; "" = detect per input
	Tags   []string // tags added to every imported puzzle
	Jobs   int      // analysis workers; 0 = all cores

	BatchSize int           // entries per transaction (default 1000)
	BatchWait time.Duration // longest wait before committing a partial batch (default 200ms)

	// Errors receives each rejected record as "FILE:LINE: reason" (nil =
	// discard). The first pencilbox.MaxJobErrors are kept in the job too.
	Errors io.Writer
	// Progress draws a progress bar on it when not nil (a terminal).
	Progress io.Writer
	// OnStart is called once the job is recorded, with its id (the web
	// admin redirects to the job's page); nil = none.
	OnStart func(pencilbox.Job)
	// OnBatch is called after each committed batch with the job so far
	// (the web admin's live progress); nil = none.
	OnBatch func(pencilbox.Job)
	// ChooseFormat says how to name a format when one is not recognised
	// ("" = "use --format", the command line's way).
	ChooseFormat string
	// FailUnread fails the job, with each input's reason, when no input
	// could be read at all: the web admin's one upload is then a failed
	// import, not a done one with nothing in it (the command line keeps
	// the job done and says so in its summary and exit status).
	FailUnread bool
	// Second rates new puzzles on their kind's second scale when it has
	// one (nil = none: the puzzles wait for FillSecond).
	Second engine.SecondRaters
	// Queue leaves the second scales of Second's kinds to the rating
	// queue (RateQueue) instead of rating every new puzzle inline: a new
	// unique puzzle is stored pending (scale_rated 0, migration 00160)
	// unless the kind's quick form (engine.QuickRater) rates it within
	// its small budget, which the import stops trying once it mostly
	// gives up (quickPass). Nothing waits on the rest.
	Queue bool
	// Stopped, when set, is asked once the inputs are read: a
	// *pencilbox.JobStop it returns is recorded as the job's end, as if
	// ctx had been cancelled with it. Generate's import reads what its
	// maker made to the end, under a context that is not cancelled, and
	// says this way that the run was cut short.
	Stopped func() error
	// SolutionKeys stores the solution key of each new unique puzzle of
	// a kind that is an engine.Resembler, for DB.KnownSolution, so a
	// generator run skips puzzles near the library's (on the solution
	// grid of one, up to symmetry). Set by Generate's import and by the
	// CLI's and the web's: Sudoku's key (sudoku.FullCanonical) costs
	// about 0.2 ms a puzzle (docs/BENCHMARKS.md, Solution keys).
	SolutionKeys bool
}

// item is one record on its way through the pipeline.
type item struct {
	seq   int
	file  string
	label string
	rec   importers.Record
	entry pencilbox.Entry
	bad   string // rejection reason; "" = entry is good
	// gaveUp says why the entry, stored all the same, was left undecided
	// (status unknown): people should know it was not checked.
	gaveUp string
	// unreadable is why the whole input it.file could not be read (it
	// carries no record); it travels the pipeline so that the report keeps
	// input order.
	unreadable string
}

// ErrUnreadable is returned (wrapped) by Import when some input could not be
// opened or read, or its format was not recognised. Import reports each as
// "FILE: reason", goes on with the other inputs, and stores what it could.
var ErrUnreadable = errors.New("some inputs could not be read")

// Import reads inputs, analyses each puzzle and stores it in store as one
// job. It returns the job's final counts. The error is nil when everything
// was read (rejected records are in the counts, not an error). An input
// that cannot be read is reported in Errors and the job's errors and
// skipped, and the error then wraps ErrUnreadable: the job itself
// completes, since the other inputs went in. Any other error (the
// database, a cancelled context) stops the job, which is marked failed
// with it; what was committed stays.
func Import(ctx context.Context, store pencilbox.LibraryStore, reg importers.Registry, inputs []Input, opts Options) (pencilbox.Job, error) {
	opts = opts.withDefaults()
	if err := pencilbox.CheckTags(opts.Tags); err != nil {
		return pencilbox.Job{}, fmt.Errorf("the tags to add: %w", err)
	}
	if err := pencilbox.CheckSourceLabel(opts.Source); err != nil {
		return pencilbox.Job{}, err
	}
	job := pencilbox.Job{Source: opts.Source, Format: opts.Format, Started: time.Now()}
	// Nothing is written to a database that check and export would find
	// damaged: more writes could only lose more.
	if err := store.QuickCheck(ctx); err != nil {
		return job, err
	}
	var total int64 // bytes of every input; -1 when one size is unknown
	for _, in := range inputs {
		job.Files = append(job.Files, in.Name)
		if in.Size > 0 && total >= 0 {
			total += in.Size
		} else {
			total = -1
		}
	}
	id, err := store.StartJob(ctx, job)
	if err != nil {
		return job, err
	}
	job.ID = id
	job.State = pencilbox.JobRunning
	if opts.OnStart != nil {
		opts.OnStart(job)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// In flight: a token per record between reading and writing bounds
	// memory (and the writer's reorder buffer) whatever the input size.
	inflight := 8 * opts.BatchSize
	p := &pipeline{store: store, reg: reg, opts: opts, total: total, bar: newBar(opts.Progress, total), quick: newQuickPass(opts),
		tokens: make(chan struct{}, inflight), work: make(chan *item, 4*opts.Jobs), done: make(chan *item, inflight)}
	go p.read(ctx, inputs)
	p.analyseAll(ctx)
	w := newWriter(p, job, cancel)
	w.run(ctx)
	return p.finish(ctx, w)
}

// withDefaults fills the options left zero.
func (o Options) withDefaults() Options {
	if o.Jobs <= 0 {
		o.Jobs = runtime.GOMAXPROCS(0)
	}
	if o.BatchSize <= 0 {
		o.BatchSize = 1000
	}
	if o.BatchWait <= 0 {
		o.BatchWait = 200 * time.Millisecond
	}
	if o.Errors == nil {
		o.Errors = io.Discard
	}
	return o
}

// pipeline is one import's stages: a reader sends the records in input
// order (each holding a token), workers analyse them, and the writer puts
// them back in order and commits them in batches.
type pipeline struct {
	store pencilbox.LibraryStore
	reg   importers.Registry
	opts  Options
	total int64                    // bytes of every input; -1 when unknown
	bar   *progressbar.ProgressBar // nil without opts.Progress

	tokens chan struct{} // one per record between reading and writing
	work   chan *item    // reader -> workers
	done   chan *item    // workers -> writer, out of order
	// readErr is what stopped the reader (the import cancelled); read
	// after done is closed.
	readErr error
	// quick is the import's first pass on the queued scales (nil when
	// the import rates them inline or not at all).
	quick *quickPass
}

func newBar(w io.Writer, total int64) *progressbar.ProgressBar {
	if w == nil {
		return nil
	}
	return progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("importing"),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("puzzles"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30))
}

// analyseAll starts the workers; done is closed when they have analysed
// every item the reader sent.
func (p *pipeline) analyseAll(ctx context.Context) {
	var wg sync.WaitGroup
	for range p.opts.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range p.work {
				analyse(ctx, p.store, it, p.opts.Tags, p.second(), p.opts.SolutionKeys)
				p.done <- it
			}
		}()
	}
	go func() { wg.Wait(); close(p.done) }()
}

// finish merges the search index into one segment and records the
// job's end; it returns the job and Import's error.
func (p *pipeline) finish(ctx context.Context, w *writer) (pencilbox.Job, error) {
	job := w.job
	err := errors.Join(w.writeErr, p.readErr)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	// A run cut short is recorded as such, never as done: cancelled by a
	// user, stopped by a limit (the JobStop its context was cancelled
	// with), or interrupted (any other end of its context: a shutdown,
	// Ctrl-C).
	state := pencilbox.JobDone
	var stop *pencilbox.JobStop
	switch {
	case w.writeErr != nil:
	case errors.As(context.Cause(ctx), &stop):
	case ctx.Err() != nil:
		stop = &pencilbox.JobStop{State: pencilbox.JobInterrupted, Reason: FailedText(ctx.Err(), p.store.Explain)}
	case p.opts.Stopped != nil:
		// the caller knows: the import itself ran to its end
		errors.As(p.opts.Stopped(), &stop)
	}
	// Every import merges the search index at its end (a no-op when it is
	// one segment already): each batch writes a segment, and a search
	// probed per row (a word in most puzzles) opens every segment at each
	// probe, so even one small segment beside a big one slows every such
	// page past the list's bar, while the merge is paid once per import
	// (docs/BENCHMARKS.md, Library list filters). An import killed before
	// this leaves them unmerged, which costs speed only; the next import
	// merges them.
	if oerr := p.store.OptimizeSearch(context.WithoutCancel(ctx)); oerr != nil {
		err = errors.Join(err, oerr)
	}
	failed := ""
	switch {
	case stop != nil && w.writeErr == nil:
		state, failed = stop.State, stop.Reason
	case err != nil:
		state, failed = pencilbox.JobFailed, FailedText(err, p.store.Explain)
	}
	if err == nil && len(w.unreadable) > 0 {
		if p.opts.FailUnread && len(w.unreadable) == len(job.Files) {
			state, failed = pencilbox.JobFailed, strings.Join(w.unreadable, "; ")
		}
		err = &unreadableError{files: w.unreadable}
	}
	// Finish with a fresh context: a cancelled import is still recorded.
	if ferr := p.store.FinishJob(context.WithoutCancel(ctx), job.ID, state, failed); ferr != nil && err == nil {
		err = ferr
	}
	job.Finished = time.Now()
	job.State, job.Failed = state, failed
	return job, err
}
