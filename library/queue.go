package library

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/internal/nice"
)

// QueuePoll is how often an idle rating queue looks for pending puzzles
// it was not told of (an import by another process, `pencilbox import`
// beside a running serve); an import of the server kicks it at once.
const QueuePoll = time.Minute

// RateQueue works off the puzzles whose slower declared scales an import
// left pending (Options.Queue; migration 00160): serve runs one in the
// background for the life of the server, on all cores at the lowest
// priority (FillOptions.Nice), and the pages show its progress. What it
// rates is stored a batch per transaction and pending is a flag per
// puzzle, so a server killed at any point resumes where it stopped. A
// user may cancel it: it stays paused until resumed, across restarts
// when State keeps the pause (migration 00170).
type RateQueue struct {
	Store  pencilbox.LibraryStore
	Kinds  engine.Registry
	Second engine.SecondRaters
	// Jobs is its workers (0 = all cores) and Nice their nice value
	// (0 = as the server's).
	Jobs, Nice int
	// Batch is how many puzzles one transaction stores (0 = 200), and
	// CommitEvery how long rated ones wait to be stored (0 =
	// FillCommitEvery).
	Batch       int
	CommitEvery time.Duration
	// State keeps the pause in the library, so a queue cancelled stays
	// paused after a restart (nil = kept in memory only, for this run).
	State pencilbox.QueueStateStore
	// Logf records a pass that failed (nil = none).
	Logf func(format string, args ...any)
	// OnPass is told how many puzzles a pass rated when it rated some,
	// and how long it took (nil = none): the log's line, the audit
	// log's row.
	OnPass func(n int, took time.Duration)

	once  sync.Once
	kick  chan struct{}
	mu    sync.Mutex
	st    QueueStatus
	stop  context.CancelCauseFunc // the pass under way's
	pause bool
}

// QueueStatus is the queue's state as the dashboard and its page show it.
type QueueStatus struct {
	Running bool // a pass is rating now
	Paused  bool // cancelled by a user; Resume goes on
	// PausedBy and PausedAt say who paused it and when (kept across
	// restarts with State).
	PausedBy string
	PausedAt time.Time
	// Kinds is each kind's progress in this pass (or the last one), in
	// the order of Second.Kinds().
	Kinds []QueueKind
	// Started is when this pass started in this process, Rated how many
	// it rated since (the estimate of the time left reads them); Since
	// is when the pass first started, before any restart (State).
	Started time.Time
	Rated   int
	Since   time.Time
	// Failed is why the last pass stopped, when not by a cancel or the
	// end of the server.
	Failed string
}

// QueueKind is one kind's share of a pass: Done of Total rated (Total
// is what was pending at the pass's start, plus what imports queued
// since), Pending what is left in the library.
type QueueKind struct {
	Kind    string
	Scale   engine.Scale // its first declared scale, which names it
	Done    int
	Total   int
	Pending int
}

// QueueEstimateAfter is how many puzzles a pass rates before it
// estimates the time left: on the forum's hardest one puzzle takes 0.1
// to 30 s, and an estimate from the first few jumped from "1.6 h" to
// "74 min" within a minute.
const QueueEstimateAfter = 10

// Left estimates the time the pass needs for the rest, from its rate so
// far; 0 when it cannot tell yet (fewer than QueueEstimateAfter rated).
func (s QueueStatus) Left(now time.Time) time.Duration {
	left := 0
	for _, k := range s.Kinds {
		left += k.Total - k.Done
	}
	el := now.Sub(s.Started)
	if !s.Running || s.Rated < QueueEstimateAfter || el <= 0 || left <= 0 {
		return 0
	}
	return time.Duration(float64(el) / float64(s.Rated) * float64(left))
}

// Pending is the puzzles left over every kind.
func (s QueueStatus) Pending() int {
	n := 0
	for _, k := range s.Kinds {
		n += k.Pending
	}
	return n
}

func (q *RateQueue) init() {
	q.once.Do(func() { q.kick = make(chan struct{}, 1) })
}

// Kick tells the queue that puzzles were queued: an idle queue starts a
// pass at once (a paused one stays paused).
func (q *RateQueue) Kick() {
	q.init()
	select {
	case q.kick <- struct{}{}:
	default:
	}
}

// Cancel stops the pass under way, keeping what it stored, and pauses the
// queue until Resume, across restarts (State): the pause is stored
// first, so an error leaves the queue as it was. ctx's actor is who
// paused it.
func (q *RateQueue) Cancel(ctx context.Context) error {
	if err := q.storePause(ctx, true); err != nil {
		return err
	}
	q.mu.Lock()
	q.pause = true
	q.st.Paused, q.st.PausedBy, q.st.PausedAt = true, pencilbox.Actor(ctx), time.Now()
	if q.stop != nil {
		q.stop(errQueuePaused)
	}
	q.mu.Unlock()
	return nil
}

// Resume ends a pause (stored first, as Cancel's) and starts a pass.
func (q *RateQueue) Resume(ctx context.Context) error {
	if err := q.storePause(ctx, false); err != nil {
		return err
	}
	q.mu.Lock()
	q.pause = false
	q.st.Paused, q.st.PausedBy, q.st.PausedAt = false, "", time.Time{}
	q.mu.Unlock()
	q.Kick()
	return nil
}

func (q *RateQueue) storePause(ctx context.Context, paused bool) error {
	if q.State == nil {
		return nil
	}
	return q.State.SetQueuePause(ctx, paused)
}

// loadPause reads the stored pause: a queue paused before a restart
// stays paused.
func (q *RateQueue) loadPause(ctx context.Context) error {
	if q.State == nil {
		return nil
	}
	p, err := q.State.QueuePause(ctx)
	if err != nil {
		return err
	}
	q.mu.Lock()
	q.pause = p.Paused
	q.st.Paused = p.Paused
	if p.Paused {
		q.st.PausedBy, q.st.PausedAt = p.Actor, p.At
	}
	q.mu.Unlock()
	return nil
}

var errQueuePaused = errors.New("the rating queue was paused")

// Status is the queue's state now, with every kind's pending count read
// from the library.
func (q *RateQueue) Status(ctx context.Context) (QueueStatus, error) {
	q.mu.Lock()
	st := q.st
	st.Kinds = append([]QueueKind(nil), q.st.Kinds...)
	q.mu.Unlock()
	byKind := map[string]int{}
	for i, k := range st.Kinds {
		byKind[k.Kind] = i
	}
	for _, k := range q.Second.Kinds() {
		n, err := q.Store.SecondPending(ctx, []string{k})
		if err != nil {
			return st, err
		}
		i, ok := byKind[k]
		if !ok {
			st.Kinds = append(st.Kinds, QueueKind{Kind: k, Scale: firstScale(q.Second, k)})
			i = len(st.Kinds) - 1
		}
		st.Kinds[i].Pending = n
		// an import since the pass started adds to it
		if st.Running && st.Kinds[i].Done+n > st.Kinds[i].Total {
			st.Kinds[i].Total = st.Kinds[i].Done + n
		}
	}
	return st, nil
}

func firstScale(s engine.SecondRaters, kind string) engine.Scale {
	if sc := s.ScalesOf(kind); len(sc) > 0 {
		return sc[0]
	}
	return engine.Scale{}
}

// Run works the queue off until ctx ends: a pass now (unless a stored
// pause says otherwise), then one after each Kick or QueuePoll.
func (q *RateQueue) Run(ctx context.Context) {
	q.init()
	if err := q.loadPause(ctx); err != nil {
		// the pause is unknown: stay paused rather than take the
		// cores an editor may have asked back
		q.failed(fmt.Errorf("reading its pause: %w", err))
		q.mu.Lock()
		q.pause, q.st.Paused = true, true
		q.mu.Unlock()
	}
	tick := time.NewTicker(QueuePoll)
	defer tick.Stop()
	for {
		q.mu.Lock()
		paused := q.pause
		q.mu.Unlock()
		if !paused {
			q.Once(ctx)
		}
		select {
		case <-ctx.Done():
			return
		case <-q.kick:
		case <-tick.C:
		}
	}
}

// Once is one pass: it rates every pending puzzle, then returns how many
// it rated; a cancel or the end of ctx cuts it short, keeping what it
// stored. Run calls it; a test or a command may too.
func (q *RateQueue) Once(ctx context.Context) int {
	q.init()
	kinds := q.Second.Kinds()
	st := QueueStatus{Started: time.Now()}
	prev, err := q.loadPass(ctx)
	if err != nil {
		q.failed(err)
		return 0
	}
	st.Since = st.Started
	for _, k := range kinds {
		n, err := q.Store.SecondPending(ctx, []string{k})
		if err != nil {
			q.failed(err)
			return 0
		}
		qk := QueueKind{Kind: k, Scale: firstScale(q.Second, k), Total: n, Pending: n}
		if p, ok := prev[k]; ok && n > 0 {
			// the pass a stop or a kill cut short goes on: what it
			// rated stays done, an import since adds to its total
			qk.Total = max(p.Total, p.Done+n)
			qk.Done = qk.Total - n
			if p.Started.Before(st.Since) {
				st.Since = p.Started
			}
		}
		st.Kinds = append(st.Kinds, qk)
	}
	if st.Pending() == 0 {
		if len(prev) > 0 {
			q.savePass(ctx, nil)
		}
		return 0
	}
	pctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	q.mu.Lock()
	if q.pause {
		q.mu.Unlock()
		return 0
	}
	st.Running = true
	q.st, q.stop = st, stop
	q.mu.Unlock()
	q.savePass(ctx, st.passOf())
	n, err := FillSecond(pctx, q.Store, q.Kinds, q.Second, FillOptions{Jobs: q.Jobs, Nice: queueNice(q.Nice), Batch: q.Batch, CommitEvery: q.CommitEvery,
		OnStored: func(ps []pencilbox.Puzzle) {
			q.mu.Lock()
			for _, p := range ps {
				for i := range q.st.Kinds {
					if q.st.Kinds[i].Kind == p.Kind {
						q.st.Kinds[i].Done++
						if q.st.Kinds[i].Done > q.st.Kinds[i].Total {
							q.st.Kinds[i].Total = q.st.Kinds[i].Done
						}
					}
				}
			}
			q.st.Rated += len(ps)
			pass := q.st.passOf()
			q.mu.Unlock()
			// kept for a restart (one goroutine stores the parts, so
			// the saves come in their order), past a cancel as the part is
			q.savePass(context.WithoutCancel(pctx), pass)
		}})
	if err == nil {
		// nothing pending: the pass ended; forgotten before the status
		// says so, so that no reader sees an ended pass still kept
		q.savePass(ctx, nil)
	}
	q.mu.Lock()
	q.st.Running, q.stop = false, nil
	q.mu.Unlock()
	if n > 0 && q.OnPass != nil {
		q.OnPass(n, time.Since(st.Started))
	}
	if err != nil && !errors.Is(context.Cause(pctx), errQueuePaused) && ctx.Err() == nil {
		q.failed(err)
	}
	return n
}

func (q *RateQueue) failed(err error) {
	if q.Logf != nil {
		q.Logf("rating queue: %v", err)
	}
	q.mu.Lock()
	q.st.Failed = fmt.Sprintf("stopped: %v", err)
	q.mu.Unlock()
}

// queueNice is n within the nice values a thread takes (0-19).
func queueNice(n int) int { return min(max(n, 0), nice.Lowest) }

// passOf is the pass as the library keeps it.
func (s QueueStatus) passOf() []pencilbox.QueuePassKind {
	out := make([]pencilbox.QueuePassKind, 0, len(s.Kinds))
	for _, k := range s.Kinds {
		out = append(out, pencilbox.QueuePassKind{Kind: k.Kind, Total: k.Total, Done: k.Done, Started: s.Since})
	}
	return out
}

// loadPass reads the pass a stopped server left, by kind (none without
// State).
func (q *RateQueue) loadPass(ctx context.Context) (map[string]pencilbox.QueuePassKind, error) {
	if q.State == nil {
		return nil, nil
	}
	ks, err := q.State.QueuePass(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]pencilbox.QueuePassKind{}
	for _, k := range ks {
		out[k.Kind] = k
	}
	return out, nil
}

// savePass keeps the pass for a restart; a failure is logged, not
// fatal: the ratings are stored, only the "N of M" of a restart would
// count from what is left.
func (q *RateQueue) savePass(ctx context.Context, pass []pencilbox.QueuePassKind) {
	if q.State == nil {
		return
	}
	if err := q.State.SetQueuePass(ctx, pass); err != nil && q.Logf != nil {
		q.Logf("rating queue: keeping its progress: %v", err)
	}
}
