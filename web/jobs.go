package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"pencilbox"
	"pencilbox/library"
	"pencilbox/web/model"
)

// DefaultMaxJobs is how many background jobs (imports and generator runs)
// the server runs at once, whoever started them: each holds a core's
// worth of workers and its memory (48 generator runs at once took the
// server from 35 to 712 MB and its pages from 10 ms to 1.5 s).
const DefaultMaxJobs = 4

// DefaultMaxJobsPerUser is how many of them one user may run at once, so
// one editor cannot take every slot.
const DefaultMaxJobsPerUser = 2

// DefaultGenerateLimit is how long one generator run of the site may run
// before it is stopped, keeping what it made: a target rarer than anyone
// can tell up front (count 10,000 at ER 11.5 and up) ran until the
// server restarted.
const DefaultGenerateLimit = time.Hour

// jobTracker runs imports in the background and keeps the live progress of
// the running ones, keyed by the job id the library gave them; finished
// jobs are read back from the Library. It bounds how many run at once (in
// all and per user) and cancels one on request.
type jobTracker struct {
	mu      sync.Mutex
	jobs    map[int64]*model.Job
	running map[*runningJob]struct{}
	wg      sync.WaitGroup
	// maxJobs and maxPerUser bound the jobs running at once.
	maxJobs, maxPerUser int
	// logf records an import's own error text: the job shows a sentence
	// for users (library.FailedText, with explain: the database's own
	// sentence for its errors), the log keeps the details.
	logf    func(format string, args ...any)
	explain func(error) (msg string, ok bool)
}

// runningJob is a job that holds one of the tracker's slots: from its
// request until it ends.
type runningJob struct {
	id     int64 // 0 until the library has recorded it
	owner  string
	cancel context.CancelCauseFunc
}

func newJobTracker(maxJobs, maxPerUser int, logf func(format string, args ...any), explain func(error) (string, bool)) *jobTracker {
	return &jobTracker{jobs: map[int64]*model.Job{}, running: map[*runningJob]struct{}{},
		maxJobs: maxJobs, maxPerUser: maxPerUser, logf: logf, explain: explain}
}

// start runs imp on r in a goroutine and returns the job's id once the
// library has recorded it (or the import's error if it could not start).
// cleanup runs when the import ends.
func (t *jobTracker) start(ctx context.Context, imp ImportFunc, r io.Reader, opts model.ImportOptions, cleanup func()) (int64, error) {
	return t.run(ctx, func(ctx context.Context, progress func(model.Job)) (model.Job, error) {
		return imp(ctx, r, opts, progress)
	}, cleanup)
}

// take reserves a slot for a job of owner, or refuses it (a 429 naming
// the cap reached).
func (t *jobTracker) take(owner string, cancel context.CancelCauseFunc) (*runningJob, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	mine := 0
	for rj := range t.running {
		if rj.owner == owner {
			mine++
		}
	}
	switch {
	case mine >= t.maxPerUser:
		return nil, userErr(http.StatusTooManyRequests,
			"You have %d %s running, the most one user may run at once (pencilbox serve --max-user-jobs): wait for one to end, or cancel one from its page.", mine, plural(mine, "job", "jobs"))
	case len(t.running) >= t.maxJobs:
		return nil, userErr(http.StatusTooManyRequests,
			"%d %s running, the most this server runs at once (pencilbox serve --max-jobs): try again when one has ended.", len(t.running), plural(len(t.running), "job is", "jobs are"))
	}
	rj := &runningJob{owner: owner, cancel: cancel}
	t.running[rj] = struct{}{}
	return rj, nil
}

func (t *jobTracker) release(rj *runningJob) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.running, rj)
}

// run is start for any job that reports an import's progress (the
// generator stores its puzzles through an import). The job runs under a
// context of its own, cancelled with a *pencilbox.JobStop by cancel (or
// with ctx's cause, the server's shutdown), and is owned by ctx's actor.
// A job over the caps is refused before it starts; cleanup runs either
// way.
func (t *jobTracker) run(ctx context.Context, job func(context.Context, func(model.Job)) (model.Job, error), cleanup func()) (int64, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	rj, err := t.take(pencilbox.Actor(ctx), cancel)
	if err != nil {
		cancel(nil)
		cleanup()
		return 0, err
	}
	started := make(chan int64, 1)
	failed := make(chan error, 1)
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		defer cleanup()
		defer cancel(nil)
		defer t.release(rj)
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
					t.mu.Lock()
					rj.id = id
					t.mu.Unlock()
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
		var stop *pencilbox.JobStop
		switch {
		case err == nil:
		case errors.Is(err, library.ErrUnreadable):
			// the reasons are the user's: each input named, and why
			if final.Failed == "" {
				final.Failed = err.Error()
			}
		case errors.As(context.Cause(ctx), &stop):
			// cut short on purpose: recorded so by the library
			final.State, final.Failed = stop.State, stop.Reason
		default:
			t.logf("import job %d: %v", id, err)
			if final.Failed == "" {
				final.Failed = library.FailedText(err, t.explain)
			}
		}
		if final.State == "" || final.State == pencilbox.JobRunning {
			final.State = pencilbox.JobDone
			if final.Failed != "" {
				final.State = pencilbox.JobFailed
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

// owner returns who started job id when it runs in this server.
func (t *jobTracker) owner(id int64) (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for rj := range t.running {
		if rj.id == id {
			return rj.owner, true
		}
	}
	return "", false
}

// cancel stops job id when it runs in this server, with why as the
// reason its job records; it reports whether it found the job.
func (t *jobTracker) cancel(id int64, why *pencilbox.JobStop) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	for rj := range t.running {
		if rj.id == id {
			rj.cancel(why)
			return true
		}
	}
	return false
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
