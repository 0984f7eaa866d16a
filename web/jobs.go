package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"pencilbox/library"
	"pencilbox/web/model"
)

// jobTracker runs imports in the background and keeps the live progress of
// the running ones, keyed by the job id the library gave them; finished
// jobs are read back from the Library.
type jobTracker struct {
	mu   sync.Mutex
	jobs map[int64]*model.Job
	wg   sync.WaitGroup
	// logf records an import's own error text: the job shows a sentence
	// for users (library.FailedText, with explain: the database's own
	// sentence for its errors), the log keeps the details.
	logf    func(format string, args ...any)
	explain func(error) (msg string, ok bool)
}

func newJobTracker(logf func(format string, args ...any), explain func(error) (string, bool)) *jobTracker {
	return &jobTracker{jobs: map[int64]*model.Job{}, logf: logf, explain: explain}
}

// start runs imp on r in a goroutine and returns the job's id once the
// library has recorded it (or the import's error if it could not start).
// cleanup runs when the import ends.
func (t *jobTracker) start(ctx context.Context, imp ImportFunc, r io.Reader, opts model.ImportOptions, cleanup func()) (int64, error) {
	return t.run(ctx, func(ctx context.Context, progress func(model.Job)) (model.Job, error) {
		return imp(ctx, r, opts, progress)
	}, cleanup)
}

// run is start for any job that reports an import's progress (the
// generator stores its puzzles through an import).
func (t *jobTracker) run(ctx context.Context, job func(context.Context, func(model.Job)) (model.Job, error), cleanup func()) (int64, error) {
	started := make(chan int64, 1)
	failed := make(chan error, 1)
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		defer cleanup()
		var id int64
		var final model.Job
		var err error
		func() {
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("import stopped: %v", p)
				}
			}()
			final, err = job(ctx, func(p model.Job) {
				if id == 0 && p.ID != 0 {
					id = p.ID
					started <- id
				}
				t.update(p)
			})
		}()
		if id == 0 {
			if err == nil {
				err = fmt.Errorf("the import did not start")
			}
			failed <- err
			return
		}
		final.ID, final.Done = id, true
		switch {
		case err == nil:
		case errors.Is(err, library.ErrUnreadable):
			// the reasons are the user's: each input named, and why
			if final.Failed == "" {
				final.Failed = err.Error()
			}
		default:
			t.logf("import job %d: %v", id, err)
			if final.Failed == "" {
				final.Failed = library.FailedText(err, t.explain)
			}
		}
		t.update(final)
		// The stored job now says all; forget the live copy a little later
		// so a page that is polling sees the final counts either way.
		time.AfterFunc(time.Minute, func() { t.forget(id) })
	}()
	select {
	case id := <-started:
		return id, nil
	case err := <-failed:
		return 0, err
	}
}

func (t *jobTracker) update(p model.Job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	j, ok := t.jobs[p.ID]
	if !ok {
		j = &model.Job{}
		t.jobs[p.ID] = j
	}
	*j = p
	if j.Done && j.Finished.IsZero() {
		j.Finished = time.Now()
	}
}

func (t *jobTracker) forget(id int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.jobs, id)
}

// get returns the live copy of a running (or just finished) job.
func (t *jobTracker) get(id int64) (model.Job, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	j, ok := t.jobs[id]
	if !ok {
		return model.Job{}, false
	}
	c := *j
	c.Errors = append([]model.JobError(nil), j.Errors...)
	return c, true
}

// wait blocks until every started import has ended (tests, shutdown).
func (t *jobTracker) wait() { t.wg.Wait() }
