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
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"pencilbox"
	"pencilbox/db"
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
	// discard). The first db.MaxJobErrors are kept in the job too.
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
	// Second rates new puzzles on their kind's second scale when it has
	// one (nil = none: the puzzles wait for FillSecond).
	Second engine.SecondRaters
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

// optimizeAfter is how many stored or re-sourced puzzles make an import
// merge the text-search index at its end.
const optimizeAfter = 10000

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
func Import(ctx context.Context, store *db.DB, reg importers.Registry, inputs []Input, opts Options) (pencilbox.Job, error) {
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.GOMAXPROCS(0)
	}
	if opts.BatchSize <= 0 {
		opts.BatchSize = 1000
	}
	if opts.BatchWait <= 0 {
		opts.BatchWait = 200 * time.Millisecond
	}
	if opts.Errors == nil {
		opts.Errors = io.Discard
	}
	if err := pencilbox.CheckTags(opts.Tags); err != nil {
		return pencilbox.Job{}, fmt.Errorf("the tags to add: %w", err)
	}
	job := pencilbox.Job{Source: opts.Source, Format: opts.Format, Started: time.Now()}
	// Nothing is written to a database that check and export would find
	// damaged: more writes could only lose more.
	if err := store.QuickCheck(ctx); err != nil {
		return job, err
	}
	var total int64
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

	var bar *progressbar.ProgressBar
	if opts.Progress != nil {
		bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(opts.Progress),
			progressbar.OptionSetDescription("importing"),
			progressbar.OptionShowBytes(true),
			progressbar.OptionShowCount(),
			progressbar.OptionSetItsString("puzzles"),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetWidth(30))
	}

	// In flight: a token per record between reading and writing bounds
	// memory (and the writer's reorder buffer) whatever the input size.
	inflight := 8 * opts.BatchSize
	tokens := make(chan struct{}, inflight)
	work := make(chan *item, 4*opts.Jobs)
	done := make(chan *item, inflight)

	var readErr error
	go func() { // reader
		defer close(work)
		seq := 0
		send := func(it *item) error {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
			it.seq = seq
			seq++
			select {
			case work <- it:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		// skip reports an input that could not be read and goes on,
		// unless the import itself is being stopped.
		skip := func(in Input, err error) bool {
			if ctx.Err() != nil {
				readErr = ctx.Err()
				return false
			}
			if serr := send(&item{file: in.Name, unreadable: err.Error()}); serr != nil {
				readErr = serr
				return false
			}
			return true
		}
		for _, in := range inputs {
			label := opts.Source
			if label == "" {
				label = filepath.Base(in.Name)
				if in.Name == "-" {
					label = "stdin"
				}
			}
			if in.Err != nil {
				if !skip(in, in.Err) {
					return
				}
				continue
			}
			r := in.R
			if bar != nil && in.Size > 0 {
				r = &countReader{r: r, bar: bar}
			}
			f, br, err := importers.Open(r, reg, opts.Format)
			if errors.Is(err, importers.ErrEmpty) {
				continue
			}
			if ufe := (*importers.UnknownFormatError)(nil); errors.As(err, &ufe) && opts.ChooseFormat != "" {
				ufe.How = opts.ChooseFormat
			}
			if err != nil {
				if !skip(in, err) {
					return
				}
				continue
			}
			err = f.Read(br, func(rec importers.Record) error {
				return send(&item{file: in.Name, label: label, rec: rec})
			})
			if err != nil {
				// The records before the error are in; the rest of the
				// input is lost, so it counts as not read.
				if !skip(in, err) {
					return
				}
			}
		}
	}()

	var wg sync.WaitGroup
	for range opts.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range work {
				analyse(ctx, store, it, opts.Tags, opts.Second)
				done <- it
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	// The writer: puts items back in input order, commits batches.
	var (
		pending    = map[int]*item{}
		next       = 0
		unreadable []string // "FILE: reason" of each input not read
		batch      []pencilbox.Entry
		delta      = db.JobDelta{JobID: id}
		writeErr   error
		timer      = time.NewTimer(opts.BatchWait)
	)
	flush := func() {
		if writeErr != nil || (len(batch) == 0 && delta.Read == 0 && len(delta.Errors) == 0) {
			return
		}
		res, err := store.AddBatch(ctx, batch, &delta)
		if err != nil {
			writeErr = err
			cancel()
			return
		}
		job.Read += delta.Read
		job.Rejected += delta.Rejected
		job.Imported += res.Imported
		job.Invalid += res.Invalid
		job.Duplicates += res.Duplicates
		for _, e := range delta.Errors {
			if len(job.Errors) < db.MaxJobErrors {
				job.Errors = append(job.Errors, e)
			}
		}
		if bar != nil {
			bar.Describe(fmt.Sprintf("imported %d, duplicates %d, invalid %d, rejected %d",
				job.Imported, job.Duplicates, job.Invalid, job.Rejected))
		}
		job.Updated = time.Now()
		if opts.OnBatch != nil {
			opts.OnBatch(job)
		}
		batch = batch[:0]
		delta = db.JobDelta{JobID: id}
		timer.Reset(opts.BatchWait)
	}
	report := func(je pencilbox.JobError) {
		fmt.Fprintln(opts.Errors, je.String())
		if len(job.Errors)+len(delta.Errors) < db.MaxJobErrors {
			delta.Errors = append(delta.Errors, je)
		}
	}
	accept := func(it *item) {
		if it.unreadable != "" {
			je := pencilbox.JobError{File: it.file, Msg: it.unreadable}
			unreadable = append(unreadable, je.String())
			report(je)
			<-tokens
			return
		}
		delta.Read++
		if it.bad != "" {
			delta.Rejected++
			report(pencilbox.JobError{File: it.file, Line: it.rec.Line, Msg: it.bad})
		} else {
			if it.gaveUp != "" {
				report(pencilbox.JobError{File: it.file, Line: it.entry.Source.Line, Msg: it.gaveUp})
			}
			batch = append(batch, it.entry)
		}
		if bar != nil && total < 0 {
			bar.Add(1)
		}
		<-tokens
	}
loop:
	for {
		select {
		case it, ok := <-done:
			if !ok {
				break loop
			}
			if writeErr != nil {
				<-tokens
				continue
			}
			pending[it.seq] = it
			for {
				it, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				accept(it)
				if len(batch) >= opts.BatchSize {
					flush()
				}
			}
		case <-timer.C:
			flush()
			timer.Reset(opts.BatchWait)
		}
	}
	timer.Stop()
	flush()
	if bar != nil {
		bar.Finish()
	}
	err = errors.Join(writeErr, readErr)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if job.Imported+job.Duplicates+job.Invalid >= optimizeAfter {
		// A big import added many search segments: merge them, so searches
		// stay fast. The merge rewrites the whole index (docs/BENCHMARKS.md,
		// Library list filters), so a small import leaves its few segments to FTS5's
		// own merging. An import killed before this leaves them unmerged,
		// which costs speed only; the next big import merges them.
		if oerr := store.OptimizeSearch(context.WithoutCancel(ctx)); oerr != nil {
			err = errors.Join(err, oerr)
		}
	}
	failed := ""
	if err != nil {
		failed = FailedText(err, store.Path)
	}
	if err == nil && len(unreadable) > 0 {
		err = &unreadableError{files: unreadable}
	}
	// Finish with a fresh context: a cancelled import is still recorded.
	if ferr := store.FinishJob(context.WithoutCancel(ctx), id, failed); ferr != nil && err == nil {
		err = ferr
	}
	job.Finished = time.Now()
	job.State = pencilbox.JobDone
	if failed != "" {
		job.State, job.Failed = pencilbox.JobFailed, failed
	}
	return job, err
}

// analyse rates the record's puzzle and fills its entry, or says why the
// record is rejected.
func analyse(ctx context.Context, store *db.DB, it *item, tags []string, second engine.SecondRaters) {
	if it.unreadable != "" {
		return
	}
	rec := it.rec
	if rec.Err != nil {
		it.bad = rec.Err.Error()
		return
	}
	if rec.Puzzle == nil {
		it.bad = "no puzzle in record"
		return
	}
	// The record's own tags (a tags column, a "# tags:" comment, a JSON
	// list) keep the limits the admin's tag form keeps.
	if len(rec.Tags) > 0 {
		if err := pencilbox.CheckTags(append(append([]string(nil), tags...), rec.Tags...)); err != nil {
			it.bad = err.Error()
			return
		}
	}
	p := rec.Puzzle
	canon := p.Canonical()
	var r engine.Rating
	known := false
	// A puzzle already in the library only needs its source recorded: the
	// writer counts it as a duplicate, so skip the rating. (Not when the
	// record gives a solution to check: the stored solution may belong to
	// another symmetric image of the puzzle.)
	if status, sol, ok, err := store.Known(ctx, p.Kind().Name(), canon); err == nil && ok && rec.Solution == "" {
		r = engine.Rating{Status: status, Solution: sol}
		known = true
	} else {
		r = p.Rate(false)
	}
	if rec.Solution != "" && r.Status == engine.Unique && clean(rec.Solution) != clean(r.Solution) {
		it.bad = fmt.Sprintf("the solution given does not match the puzzle's solution %s", r.Solution)
		return
	}
	if rec.Solution != "" && r.Status == engine.None {
		it.bad = "the source gives a solution but the puzzle has none"
		return
	}
	if r.Err != nil {
		it.gaveUp = fmt.Sprintf("%s (status %v, stored)", engine.GaveUp(r.Err), r.Status)
	}
	note := rec.Note
	if rec.Warning != "" {
		if note != "" {
			note += "; "
		}
		note += rec.Warning
	}
	it.entry = pencilbox.Entry{
		Puzzle: pencilbox.Puzzle{
			Kind:      p.Kind().Name(),
			Givens:    p.Givens(),
			Canonical: canon,
			Status:    r.Status,
			Solution:  r.Solution,
			Rank:      r.Rank,
			Score:     r.Score,
			Verdict:   r.Verdict,
			Clues:     p.Clues(),
			Width:     p.Width(),
			Height:    p.Height(),
			Note:      note,
			Meta:      rec.Meta,
			Profile:   r.Profile,
		},
		Source: pencilbox.Source{Label: it.label, File: it.file, Line: rec.Line, Text: rec.Text},
		Tags:   tags,
	}
	if sr, ok := second[it.entry.Puzzle.Kind]; ok && !known {
		rateSecond(sr, p, &it.entry.Puzzle)
	}
	if len(rec.Tags) > 0 {
		it.entry.Tags = append(append([]string(nil), tags...), rec.Tags...)
	}
	it.rec = importers.Record{Line: rec.Line} // drop the parsed puzzle early
}

// FailedText is what a failed job records and shows of err, the error
// that stopped it: a sentence for the person who ran it (a full disk, a
// damaged database, a stopped import), never the program's own text, which
// Import returns for its caller to print or log.
func FailedText(err error, path string) string {
	if msg, ok := db.Explain(err, path); ok {
		return msg
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return "The import was stopped before it finished (cancelled, or the server shut down). What it stored is kept; running it again completes it."
	}
	return "The import stopped on an unexpected error; the details went to the server's log (or the import command's output)."
}

func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, s)
}

type countReader struct {
	r   io.Reader
	bar *progressbar.ProgressBar
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.bar.Add(n)
	return n, err
}

// unreadableError lists the inputs Import could not read; it is
// ErrUnreadable to errors.Is, and Summary counts its files.
type unreadableError struct {
	files []string // "FILE: reason"
}

func (e *unreadableError) Error() string {
	return ErrUnreadable.Error() + ": " + strings.Join(e.files, "; ")
}

func (e *unreadableError) Is(target error) bool { return target == ErrUnreadable }

// Summary is the one-line report of a finished job, given Import's error:
// the counts, how many inputs could not be read, and a pointer to the
// lines reported when there are any.
func Summary(j pencilbox.Job, err error, elapsed time.Duration) string {
	s := fmt.Sprintf("imported %d, duplicates %d, invalid %d, rejected %d", j.Imported, j.Duplicates, j.Invalid, j.Rejected)
	if ue := (*unreadableError)(nil); errors.As(err, &ue) {
		s += fmt.Sprintf(", %d %s could not be read", len(ue.files), plural(len(ue.files), "file", "files"))
	}
	if j.Rejected > 0 || len(j.Errors) > 0 {
		s += " (see errors above)"
	}
	return s + fmt.Sprintf(" in %.1f s", elapsed.Seconds())
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
