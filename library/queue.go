package library

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/internal/nice"
	"pencilbox/internal/proc"
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
// when State keeps the pause (migration 00170). With a Lease, one
// process at a time works a library's queue (migration 00180): serve's
// waits while `pencilbox rate-queue` rates, and the other way round.
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

	// Lease, when set, makes the queue's work exclusive per library,
	// across processes (migration 00180): a pass takes the lease first
	// and rates nothing while another process holds it (Pass answers a
	// *QueueHeldError), renews it every LeaseRenew while it rates, and
	// gives it back at its end; a holder killed stops renewing and its
	// lease lapses after LeaseExpiry, when another takes it over (at
	// once when the holder was a process of this host that is gone).
	// nil = no lease: the queue assumes it is alone (tests of one
	// queue).
	Lease pencilbox.QueueLeaseStore
	// Holder is what this process is in the lease ("serve",
	// "rate-queue"); PID and Host are its pid and host name (0 and "" =
	// this process's).
	Holder string
	PID    int
	Host   string
	// LeaseRenew and LeaseExpiry are the lease's renewal and expiry
	// (0 = QueueLeaseRenew, QueueLeaseExpiry).
	LeaseRenew, LeaseExpiry time.Duration
	// Now is the lease's clock (nil = time.Now): a test moves one past
	// a lease's expiry rather than wait for it.
	Now func() time.Time
	// Progress, when set, draws the pass's progress bar there, labelled
	// Label (`pencilbox rate-queue`).
	Progress io.Writer
	Label    string

	once  sync.Once
	kick  chan struct{}
	token string // this queue's own in the lease
	mu    sync.Mutex
	st    QueueStatus
	stop  context.CancelCauseFunc // the pass under way's
	pause bool
	lost  atomic.Bool // the pass under way lost its lease: it keeps no pass
}

// QueueLeaseRenew is how often a pass renews its lease, and
// QueueLeaseExpiry how long a lease lasts unrenewed: a holder killed
// (kill -9, a crash, a power cut) on another host blocks the queue of
// its library that long at most (on this host, whose processes a queue
// can see, not at all); one that cannot renew for two tries in a row
// stops rating before its lease lapses. A renewal is one small write
// transaction.
const (
	QueueLeaseRenew  = 10 * time.Second
	QueueLeaseExpiry = 30 * time.Second
)

// QueueHeldError is a pass's answer when another process works the
// queue of the library: it rated nothing.
type QueueHeldError struct {
	Lease pencilbox.QueueLease // the holder's
}

func (e *QueueHeldError) Error() string {
	return fmt.Sprintf("the rating queue is worked by %s since %s", e.Lease, e.Lease.Since.UTC().Format("2006-01-02 15:04 UTC"))
}

// errLeaseLost ends a pass whose lease another process took (this one
// stalled past its expiry) or that could not renew it in time.
var errLeaseLost = errors.New("the rating queue's lease was lost")

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
	// WorkedBy is another process's lease when it works the queue now
	// (its Holder "" when none): this one rates nothing meanwhile, and
	// Kinds give the holder's pass as it keeps it in the library.
	WorkedBy pencilbox.QueueLease
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
	q.once.Do(func() {
		q.kick = make(chan struct{}, 1)
		var b [16]byte
		rand.Read(b[:])
		q.token = hex.EncodeToString(b[:])
	})
}

func (q *RateQueue) now() time.Time {
	if q.Now != nil {
		return q.Now()
	}
	return time.Now()
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
// from the library. When another process works the queue (its lease,
// unexpired), WorkedBy names it and Kinds are its pass as it keeps it.
func (q *RateQueue) Status(ctx context.Context) (QueueStatus, error) {
	q.init()
	q.mu.Lock()
	st := q.st
	st.Kinds = append([]QueueKind(nil), q.st.Kinds...)
	q.mu.Unlock()
	if !st.Running && q.Lease != nil {
		l, ok, err := q.Lease.QueueLeaseHolder(ctx)
		if err != nil {
			return st, err
		}
		if ok && l.Token != q.token && l.Expires.After(q.now()) && !gone(l) {
			st.WorkedBy = l
			kept, err := q.loadPass(ctx)
			if err != nil {
				return st, err
			}
			st.Kinds = st.Kinds[:0]
			for _, k := range q.Second.Kinds() {
				if p, ok := kept[k]; ok {
					st.Kinds = append(st.Kinds, QueueKind{Kind: k, Scale: firstScale(q.Second, k), Done: p.Done, Total: p.Total})
				}
			}
		}
	}
	byKind := map[string]int{}
	for i, k := range st.Kinds {
		byKind[k.Kind] = i
	}
	working := st.Running || st.WorkedBy.Holder != ""
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
		if working && st.Kinds[i].Done+n > st.Kinds[i].Total {
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
// pause says otherwise), then one after each Kick or QueuePoll. While
// another process holds the lease it tries again when that lease would
// lapse unrenewed (within QueueLeaseExpiry), sooner after a Kick.
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
	for {
		q.mu.Lock()
		paused := q.pause
		q.mu.Unlock()
		wait := QueuePoll
		if !paused {
			_, err := q.Pass(ctx)
			var held *QueueHeldError
			if errors.As(err, &held) {
				wait = min(QueuePoll, max(held.Lease.Expires.Sub(q.now()), 0)+time.Second)
			}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-q.kick:
		case <-t.C:
		}
		t.Stop()
	}
}

// Once is one pass (Pass) for a caller that wants only its count: its
// failures are logged (Logf) and shown by Status.
func (q *RateQueue) Once(ctx context.Context) int {
	n, _ := q.Pass(ctx)
	return n
}

// Pass is one pass: it rates every pending puzzle, then returns how many
// it rated; a cancel or the end of ctx cuts it short, keeping what it
// stored, and returns the error that stopped it. With a Lease, a pass
// with anything to do takes the lease first: when another process holds
// it, Pass rates nothing and answers a *QueueHeldError naming it. Run
// calls it; `pencilbox rate-queue` and tests do too.
func (q *RateQueue) Pass(ctx context.Context) (int, error) {
	q.init()
	if q.Lease == nil {
		return q.pass(ctx)
	}
	q.mu.Lock()
	paused := q.pause
	q.mu.Unlock()
	if paused {
		return 0, nil
	}
	idle, err := q.idle(ctx)
	if err != nil {
		q.failed(err)
		return 0, err
	}
	if idle {
		return 0, nil
	}
	lctx, release, err := q.takeLease(ctx)
	if err != nil {
		var held *QueueHeldError
		if !errors.As(err, &held) {
			q.failed(err)
		}
		return 0, err
	}
	n, err := q.pass(lctx)
	if cause := context.Cause(lctx); errors.Is(cause, errLeaseLost) {
		q.failed(cause)
		err = cause
	}
	release()
	return n, err
}

// idle tells whether a pass has nothing to do: nothing pending and no
// pass kept to forget. It only reads, so an idle queue's poll takes no
// lease.
func (q *RateQueue) idle(ctx context.Context) (bool, error) {
	n, err := q.Store.SecondPending(ctx, q.Second.Kinds())
	if err != nil || n > 0 {
		return false, err
	}
	prev, err := q.loadPass(ctx)
	return len(prev) == 0, err
}

// takeLease takes the lease for a pass: the context the pass runs in,
// which ends when the lease is lost, and release, which stops renewing
// it and gives it back (past ctx's end: a clean stop frees it at once).
// Held by another process, it answers a *QueueHeldError.
func (q *RateQueue) takeLease(ctx context.Context) (context.Context, func(), error) {
	renew, expiry := cmp.Or(q.LeaseRenew, QueueLeaseRenew), cmp.Or(q.LeaseExpiry, QueueLeaseExpiry)
	now := q.now()
	want := pencilbox.QueueLease{Holder: q.Holder, PID: q.PID, Host: q.Host, Token: q.token, Since: now, Expires: now.Add(expiry)}
	if want.PID == 0 {
		want.PID = os.Getpid()
	}
	if want.Host == "" {
		want.Host, _ = os.Hostname()
	}
	got, err := q.Lease.TakeQueueLease(ctx, want, now)
	if err == nil && !got.Same(want) && gone(got) {
		// its holder was killed (kill -9, a crash) on this machine:
		// taken over at once rather than after its expiry; the
		// release deletes only that holder's lease
		err = q.Lease.ReleaseQueueLease(ctx, got.Token)
		if err == nil {
			if q.Logf != nil {
				q.Logf("rating queue: took over the lease of %s, whose process is gone", got)
			}
			got, err = q.Lease.TakeQueueLease(ctx, want, now)
		}
	}
	if err != nil {
		return nil, nil, err
	}
	if !got.Same(want) {
		return nil, nil, &QueueHeldError{Lease: got}
	}
	q.lost.Store(false)
	lctx, lose := context.WithCancelCause(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		q.keepLease(lctx, got, renew, expiry, lose)
	}()
	release := func() {
		lose(nil)
		<-done // no renewal after the release
		if err := q.Lease.ReleaseQueueLease(context.WithoutCancel(ctx), q.token); err != nil && q.Logf != nil {
			q.Logf("rating queue: giving back its lease (it lapses in %s): %v", expiry, err)
		}
	}
	return lctx, release, nil
}

// gone tells whether l's holder is a process of this machine that no
// longer exists. A pid of another host, or of this one still running
// (even reused by another program), is not gone: its lease lapses at
// its expiry.
func gone(l pencilbox.QueueLease) bool {
	host, err := os.Hostname()
	return err == nil && l.Host == host && proc.Gone(l.PID)
}

// keepLease renews held every renew until ctx ends. When another process
// took it (this one stalled past its expiry), or it could not be renewed
// and would lapse before the next try, it ends the pass (lose): two
// processes never rate on, each thinking it holds it.
func (q *RateQueue) keepLease(ctx context.Context, held pencilbox.QueueLease, renew, expiry time.Duration, lose context.CancelCauseFunc) {
	t := time.NewTicker(renew)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := q.now()
		want := held
		want.Expires = now.Add(expiry)
		got, err := q.Lease.TakeQueueLease(ctx, want, now)
		switch {
		case err == nil && got.Same(want):
			held = got
		case err == nil:
			q.lost.Store(true)
			lose(fmt.Errorf("%w: %s took it over after it expired unrenewed", errLeaseLost, got))
			return
		case ctx.Err() != nil:
			return
		case !now.Add(renew).Before(held.Expires):
			q.lost.Store(true)
			lose(fmt.Errorf("%w: it could not be renewed before it expires: %w", errLeaseLost, err))
			return
		case q.Logf != nil:
			q.Logf("rating queue: renewing its lease (tried again in %s): %v", renew, err)
		}
	}
}

// pass is one pass within the lease (or without one).
func (q *RateQueue) pass(ctx context.Context) (int, error) {
	kinds := q.Second.Kinds()
	st := QueueStatus{Started: time.Now()}
	prev, err := q.loadPass(ctx)
	if err != nil {
		q.failed(err)
		return 0, err
	}
	st.Since = st.Started
	for _, k := range kinds {
		n, err := q.Store.SecondPending(ctx, []string{k})
		if err != nil {
			q.failed(err)
			return 0, err
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
		return 0, nil
	}
	pctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	q.mu.Lock()
	if q.pause {
		q.mu.Unlock()
		return 0, nil
	}
	st.Running = true
	q.st, q.stop = st, stop
	q.mu.Unlock()
	q.savePass(ctx, st.passOf())
	n, err := FillSecond(pctx, q.Store, q.Kinds, q.Second, FillOptions{Jobs: q.Jobs, Nice: queueNice(q.Nice), Batch: q.Batch, CommitEvery: q.CommitEvery,
		Progress: q.Progress, Label: q.Label,
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
	return n, err
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
	if q.State == nil || q.lost.Load() {
		// a pass that lost its lease keeps no pass: its taker's is
		return
	}
	if err := q.State.SetQueuePass(ctx, pass); err != nil && q.Logf != nil {
		q.Logf("rating queue: keeping its progress: %v", err)
	}
}
