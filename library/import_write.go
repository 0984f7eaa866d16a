package library

import (
	"context"
	"fmt"
	"time"

	"pencilbox"
)

// writer puts the analysed items back in input order and commits them in
// batches (at BatchSize entries, or after BatchWait), each with its job
// counts. A failed commit cancels the import; the items still coming are
// let go.
type writer struct {
	p      *pipeline
	job    pencilbox.Job
	cancel context.CancelFunc

	pending    map[int]*item // arrived ahead of next
	next       int           // the seq the batch takes next
	unreadable []string      // "FILE: reason" of each input not read
	batch      []pencilbox.Entry
	delta      pencilbox.JobDelta
	writeErr   error
	timer      *time.Timer
}

func newWriter(p *pipeline, job pencilbox.Job, cancel context.CancelFunc) *writer {
	return &writer{p: p, job: job, cancel: cancel, pending: map[int]*item{},
		delta: pencilbox.JobDelta{JobID: job.ID}, timer: time.NewTimer(p.opts.BatchWait)}
}

// run takes the items until the workers are done, then commits the rest.
func (w *writer) run(ctx context.Context) {
loop:
	for {
		select {
		case it, ok := <-w.p.done:
			if !ok {
				break loop
			}
			if w.writeErr != nil {
				<-w.p.tokens
				continue
			}
			w.pending[it.seq] = it
			for {
				it, ok := w.pending[w.next]
				if !ok {
					break
				}
				delete(w.pending, w.next)
				w.next++
				w.accept(it)
				if len(w.batch) >= w.p.opts.BatchSize {
					w.flush(ctx)
				}
			}
		case <-w.timer.C:
			w.flush(ctx)
			w.timer.Reset(w.p.opts.BatchWait)
		}
	}
	w.timer.Stop()
	w.flush(ctx)
	if w.p.bar != nil {
		w.p.bar.Finish()
	}
}

// flush commits the batch and the job counts gathered since the last.
func (w *writer) flush(ctx context.Context) {
	if w.writeErr != nil || (len(w.batch) == 0 && w.delta.Read == 0 && len(w.delta.Errors) == 0) {
		return
	}
	res, err := w.p.store.AddBatch(ctx, w.batch, &w.delta)
	if err != nil && ctx.Err() != nil {
		// The run was cut short (cancelled, stopped by a limit, shut
		// down) and the write failed with it: the batch is not stored,
		// as with a kill, and finish records the run as cut short, not
		// failed.
		w.cancel()
		return
	}
	if err != nil {
		w.writeErr = err
		w.cancel()
		return
	}
	job := &w.job
	job.Read += w.delta.Read
	job.Rejected += w.delta.Rejected
	job.Imported += res.Imported
	job.Invalid += res.Invalid
	job.Duplicates += res.Duplicates
	for _, e := range w.delta.Errors {
		if len(job.Errors) < pencilbox.MaxJobErrors {
			job.Errors = append(job.Errors, e)
		}
	}
	if w.p.bar != nil {
		w.p.bar.Describe(fmt.Sprintf("imported %d, duplicates %d, invalid %d, rejected %d",
			job.Imported, job.Duplicates, job.Invalid, job.Rejected))
	}
	job.Updated = time.Now()
	if w.p.opts.OnBatch != nil {
		w.p.opts.OnBatch(*job)
	}
	w.batch = w.batch[:0]
	w.delta = pencilbox.JobDelta{JobID: job.ID}
	w.timer.Reset(w.p.opts.BatchWait)
}

// report writes a rejected record or unreadable input to opts.Errors and
// keeps the first pencilbox.MaxJobErrors with the job.
func (w *writer) report(je pencilbox.JobError) {
	fmt.Fprintln(w.p.opts.Errors, je.String())
	if len(w.job.Errors)+len(w.delta.Errors) < pencilbox.MaxJobErrors {
		w.delta.Errors = append(w.delta.Errors, je)
	}
}

// accept counts the next item in input order and adds its entry to the
// batch, or reports why it has none; its token is returned.
func (w *writer) accept(it *item) {
	if it.unreadable != "" {
		je := pencilbox.JobError{File: it.file, Msg: it.unreadable}
		w.unreadable = append(w.unreadable, je.String())
		w.report(je)
		<-w.p.tokens
		return
	}
	w.delta.Read++
	if it.bad != "" {
		w.delta.Rejected++
		w.report(pencilbox.JobError{File: it.file, Line: it.rec.Line, Msg: it.bad})
	} else {
		if it.gaveUp != "" {
			w.report(pencilbox.JobError{File: it.file, Line: it.entry.Source.Line, Msg: it.gaveUp})
		}
		w.batch = append(w.batch, it.entry)
	}
	if w.p.bar != nil && w.p.total < 0 {
		w.p.bar.Add(1)
	}
	<-w.p.tokens
}
