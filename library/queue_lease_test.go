package library_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/library"
)

// fakeClock is the lease's clock in these tests: moved past an expiry
// rather than waited for.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *fakeClock { return &fakeClock{now: time.Unix(1800000000, 0)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// ratings counts the ratings begun per puzzle (its givens), over every
// queue of a test: two processes' queues share it.
type ratings struct {
	mu sync.Mutex
	n  map[string]int
}

func (r *ratings) add(givens string) {
	r.mu.Lock()
	if r.n == nil {
		r.n = map[string]int{}
	}
	r.n[givens]++
	r.mu.Unlock()
}

// twice lists the puzzles rated more than once, and how many were rated.
func (r *ratings) twice() (dup []string, rated int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for g, n := range r.n {
		if n > 1 {
			dup = append(dup, g)
		}
	}
	return dup, len(r.n)
}

// countedRater counts each rating in its ratings, then is a heldRater.
type countedRater struct {
	*heldRater
	counts *ratings
}

func (c countedRater) RateSecond(p engine.Puzzle, steps bool) engine.SecondRating {
	c.counts.add(p.Givens())
	return c.heldRater.RateSecond(p, steps)
}

// leaseLibrary is a library of 84 easy Sudoku, every unique one pending,
// opened twice as two processes would (each its own store, writer and
// readers on the one file); it returns both and the pending count.
func leaseLibrary(t *testing.T) (*db.DB, *db.DB, int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lib.db")
	d1, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d1.Close() })
	importFiles(t, d1, []string{"sudoku_qqwing_simple.txt", "sudoku_qqwing_easy.txt"}, library.Options{Second: bundles.SecondRaters(), Queue: true})
	if _, err := d1.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL
		WHERE kind = 'sudoku' AND status = 1`); err != nil {
		t.Fatal(err)
	}
	d2, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d2.Close() })
	n, err := d2.SecondPending(context.Background(), []string{"sudoku"})
	if err != nil || n < 20 {
		t.Fatalf("%d pending (%v): the test wants more", n, err)
	}
	return d1, d2, n
}

// leaseQueue is a queue over d with the lease, named holder, its rater
// rating free puzzles, then holding each until h.release is closed.
func leaseQueue(d *db.DB, lease pencilbox.QueueLeaseStore, holder string, clock *fakeClock, counts *ratings, free int) (*library.RateQueue, *heldRater) {
	h := &heldRater{SecondRater: bundles.SecondRaters()["sudoku"], free: free, release: make(chan struct{})}
	return &library.RateQueue{Store: d, State: d, Lease: lease, Holder: holder, Now: clock.Now, Kinds: bundles.Kinds(),
		Second: engine.SecondRaters{"sudoku": countedRater{h, counts}}, Jobs: 1, CommitEvery: time.Millisecond}, h
}

func pendingOf(t *testing.T, d *db.DB) int {
	t.Helper()
	n, err := d.SecondPending(context.Background(), []string{"sudoku"})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestQueueLeaseOneAtATime: two processes' queues over one library (two
// stores on the file), serve's rating and a rate-queue's trying all the
// while, never rate the same puzzle: the second answers a
// QueueHeldError naming the first, its status says who works the queue
// with that one's pass ("3 of N"), and every puzzle is rated once.
// Without the lease both walked the pending in id order: every puzzle
// the second reached was rated twice.
func TestQueueLeaseOneAtATime(t *testing.T) {
	d1, d2, total := leaseLibrary(t)
	ctx := context.Background()
	clock, counts := newClock(), &ratings{}
	q1, h1 := leaseQueue(d1, d1, "serve", clock, counts, 3)
	q2, h2 := leaseQueue(d2, d2, "rate-queue", clock, counts, total)
	close(h2.release)
	ctx1, stop1 := context.WithCancel(ctx)
	defer stop1()
	ran := make(chan struct{})
	go func() { q1.Run(ctx1); close(ran) }()
	waitFor(t, func() bool { return pendingOf(t, d2) == total-3 })

	n, err := q2.Pass(ctx)
	var held *library.QueueHeldError
	if !errors.As(err, &held) || n != 0 || held.Lease.Holder != "serve" || held.Lease.PID != os.Getpid() {
		t.Fatalf("the second queue while the first rates: %d rated, %v", n, err)
	}
	if host, _ := os.Hostname(); held.Lease.Host != host || !strings.Contains(err.Error(), "pencilbox serve (pid ") {
		t.Errorf("the holder: %+v, %q", held.Lease, err)
	}
	// the first keeps its pass just after it stores a part
	waitFor(t, func() bool { st, _ := q2.Status(ctx); return len(st.Kinds) == 1 && st.Kinds[0].Done == 3 })
	st, err := q2.Status(ctx)
	if err != nil || st.WorkedBy.Holder != "serve" || st.Running || st.Kinds[0].Total != total {
		t.Errorf("the second's status: %+v, %v", st, err)
	}

	// the second tries on while the first rates the rest: its first
	// try before the first goes on, the others while it rates
	tryCtx, stopTrying := context.WithCancel(ctx)
	first, tries := make(chan error, 1), make(chan int)
	go func() {
		n := 0
		for tryCtx.Err() == nil {
			_, err := q2.Pass(tryCtx)
			var held *library.QueueHeldError
			if n == 0 {
				first <- err
			} else if err != nil && !errors.As(err, &held) && tryCtx.Err() == nil {
				t.Errorf("the second's try: %v", err)
			}
			n++
			time.Sleep(time.Millisecond)
		}
		tries <- n
	}()
	if err := <-first; !errors.As(err, &held) {
		t.Errorf("the second's first try while the first holds a rating: %v", err)
	}
	close(h1.release)
	waitFor(t, func() bool { return pendingOf(t, d1) == 0 })
	time.Sleep(20 * time.Millisecond)
	stopTrying()
	t.Logf("the second tried %d times", <-tries)
	stop1()
	<-ran
	if dup, rated := counts.twice(); len(dup) > 0 || rated != total {
		t.Errorf("%d puzzles rated twice (%.20q...), %d rated of %d", len(dup), dup, rated, total)
	}
	checkStored(t, all(t, d1))
	if l, ok, err := d1.QueueLeaseHolder(ctx); ok || err != nil {
		t.Errorf("the lease after both: %+v, %v", l, err)
	}
}

// dyingLease is a process's lease store that dies with it: after die,
// nothing reaches the library (a kill -9 gives nothing back).
type dyingLease struct {
	pencilbox.QueueLeaseStore
	dead atomic.Bool
	mu   sync.Mutex
	last time.Time // the clock of the last call refused
}

var errKilled = errors.New("killed")

func (d *dyingLease) TakeQueueLease(ctx context.Context, want pencilbox.QueueLease, now time.Time) (pencilbox.QueueLease, error) {
	if d.dead.Load() {
		d.mu.Lock()
		d.last = now
		d.mu.Unlock()
		return pencilbox.QueueLease{}, errKilled
	}
	return d.QueueLeaseStore.TakeQueueLease(ctx, want, now)
}

func (d *dyingLease) ReleaseQueueLease(ctx context.Context, token string) error {
	if d.dead.Load() {
		return errKilled
	}
	return d.QueueLeaseStore.ReleaseQueueLease(ctx, token)
}

// TestQueueLeaseTakenOverAfterKill: a holder killed mid-pass (it stops
// renewing and gives nothing back) blocks the queue until its lease
// expires, not forever: the other's queue rates nothing before
// QueueLeaseExpiry, then takes the lease over and rates the rest, none
// twice, going on with the dead one's pass ("N of M" since its start).
func TestQueueLeaseTakenOverAfterKill(t *testing.T) {
	d1, d2, total := leaseLibrary(t)
	ctx := context.Background()
	clock, counts := newClock(), &ratings{}
	dying := &dyingLease{QueueLeaseStore: d1}
	q1, h1 := leaseQueue(d1, dying, "rate-queue", clock, counts, 3)
	q2, h2 := leaseQueue(d2, d2, "serve", clock, counts, total)
	close(h2.release)
	ctx1, stop1 := context.WithCancel(ctx)
	ran := make(chan struct{})
	go func() { q1.Run(ctx1); close(ran) }()
	waitFor(t, func() bool { return pendingOf(t, d2) == total-3 })

	// kill -9: the lease stays as it was last renewed
	dying.dead.Store(true)
	stop1()
	close(h1.release)
	<-ran
	left := pendingOf(t, d2)
	l, ok, err := d2.QueueLeaseHolder(ctx)
	if err != nil || !ok || l.Holder != "rate-queue" {
		t.Fatalf("the dead holder's lease: %+v %v %v", l, ok, err)
	}
	var held *library.QueueHeldError
	clock.Add(library.QueueLeaseExpiry - time.Second)
	if n, err := q2.Pass(ctx); !errors.As(err, &held) || n != 0 {
		t.Fatalf("before the dead lease expires: %d rated, %v", n, err)
	}
	if st, _ := q2.Status(ctx); st.WorkedBy.Holder != "rate-queue" {
		t.Errorf("before it expires the status says %+v", st.WorkedBy)
	}
	clock.Add(time.Second)
	if st, _ := q2.Status(ctx); st.WorkedBy.Holder != "" {
		t.Errorf("once it expired the status says %+v", st.WorkedBy)
	}
	n, err := q2.Pass(ctx)
	if err != nil || n != left || pendingOf(t, d2) != 0 {
		t.Fatalf("after the dead lease expired: %d rated of %d, %v", n, left, err)
	}
	if dup, rated := counts.twice(); len(dup) > 0 || rated != total {
		t.Errorf("%d puzzles rated twice, %d rated of %d", len(dup), rated, total)
	}
	if st, _ := q2.Status(ctx); st.Kinds[0].Done != total || st.Kinds[0].Total != total {
		t.Errorf("the pass taken over: %d of %d, want %d of %d", st.Kinds[0].Done, st.Kinds[0].Total, total, total)
	}
	if l, ok, _ := d2.QueueLeaseHolder(ctx); ok {
		t.Errorf("the lease after the pass: %+v", l)
	}
}

// TestQueueLeaseRenewed: a holder renews its lease while it rates, so
// however long its pass takes the other never takes it over; a clean
// stop gives it back at once, and the other rates at once, not after
// the expiry.
func TestQueueLeaseRenewed(t *testing.T) {
	d1, d2, total := leaseLibrary(t)
	ctx := context.Background()
	clock, counts := newClock(), &ratings{}
	q1, h1 := leaseQueue(d1, d1, "serve", clock, counts, 3)
	q1.LeaseRenew = time.Millisecond
	q2, h2 := leaseQueue(d2, d2, "rate-queue", clock, counts, total)
	close(h2.release)
	ctx1, stop1 := context.WithCancel(ctx)
	ran := make(chan struct{})
	go func() { q1.Run(ctx1); close(ran) }()
	waitFor(t, func() bool { return pendingOf(t, d2) == total-3 })
	first, _, _ := d2.QueueLeaseHolder(ctx)
	var held *library.QueueHeldError
	for range 5 { // 100 s past its first expiry
		clock.Add(library.QueueLeaseExpiry * 2 / 3)
		at := clock.Now()
		waitFor(t, func() bool {
			l, _, _ := d2.QueueLeaseHolder(ctx)
			return !l.Expires.Before(at.Add(library.QueueLeaseExpiry))
		})
		if n, err := q2.Pass(ctx); !errors.As(err, &held) || n != 0 {
			t.Fatalf("while the first renews: %d rated, %v", n, err)
		}
	}
	if l, _, _ := d2.QueueLeaseHolder(ctx); !l.Since.Equal(first.Since) || !l.Same(first) {
		t.Errorf("renewed: %+v, taken as %+v", l, first)
	}

	// a clean stop: the held rating finishes and is kept, the lease is
	// given back
	stop1()
	close(h1.release)
	<-ran
	if l, ok, err := d2.QueueLeaseHolder(ctx); ok || err != nil {
		t.Fatalf("after a clean stop the lease is %+v, %v", l, err)
	}
	left := pendingOf(t, d2)
	if n, err := q2.Pass(ctx); err != nil || n != left || left != total-4 {
		t.Errorf("after the first stopped: %d rated of %d (%d at first), %v", n, left, total, err)
	}
	if dup, rated := counts.twice(); len(dup) > 0 || rated != total {
		t.Errorf("%d puzzles rated twice, %d rated of %d", len(dup), rated, total)
	}
}

// TestQueueLeaseLostStops: a holder that cannot renew its lease (its
// library locked, the process stalled) stops rating before it lapses:
// it starts no new puzzle, keeps what it rated, and says why.
func TestQueueLeaseLostStops(t *testing.T) {
	d1, _, total := leaseLibrary(t)
	ctx := context.Background()
	clock, counts := newClock(), &ratings{}
	dying := &dyingLease{QueueLeaseStore: d1}
	q1, h1 := leaseQueue(d1, dying, "serve", clock, counts, 3)
	q1.LeaseRenew = time.Millisecond
	done := make(chan error)
	go func() { _, err := q1.Pass(ctx); done <- err }()
	waitFor(t, func() bool { return pendingOf(t, d1) == total-3 })
	dying.dead.Store(true) // no renewal from now on
	clock.Add(library.QueueLeaseExpiry)
	at := clock.Now()
	// a renewal refused past the expiry ends the pass: no new puzzle
	waitFor(t, func() bool { dying.mu.Lock(); defer dying.mu.Unlock(); return !dying.last.Before(at) })
	time.Sleep(20 * time.Millisecond)
	close(h1.release)
	err := <-done
	if err == nil || !strings.Contains(err.Error(), "lease") {
		t.Errorf("the pass that could not renew ended with %v", err)
	}
	h1.mu.Lock()
	began := h1.began
	h1.mu.Unlock()
	if left := pendingOf(t, d1); began >= total || left != total-began {
		t.Errorf("%d ratings began, %d pending of %d: want it stopped, every rating it made kept", began, left, total)
	}
	if st, _ := q1.Status(ctx); st.Running || !strings.Contains(st.Failed, "lease") {
		t.Errorf("its status: %+v", st)
	}
}

// TestQueueLeaseHolderGone: the lease of a process of this host that is
// gone (killed with -9, its pid free) is taken over at once, not after
// its expiry, and no page says that process works the queue; one of
// another host waits for its expiry.
func TestQueueLeaseHolderGone(t *testing.T) {
	d1, d2, total := leaseLibrary(t)
	ctx := context.Background()
	child := exec.Command(os.Args[0], "-test.run=^$")
	if err := child.Run(); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	clock, counts := newClock(), &ratings{}
	dead := pencilbox.QueueLease{Holder: "rate-queue", PID: child.Process.Pid, Host: "another", Token: "dead", Since: clock.Now(),
		Expires: clock.Now().Add(time.Hour)}
	if _, err := d1.TakeQueueLease(ctx, dead, clock.Now()); err != nil {
		t.Fatal(err)
	}
	q, h := leaseQueue(d2, d2, "serve", clock, counts, total)
	close(h.release)
	var held *library.QueueHeldError
	if n, err := q.Pass(ctx); !errors.As(err, &held) || n != 0 {
		t.Fatalf("a lease of another host: %d rated, %v", n, err)
	}
	if err := d1.ReleaseQueueLease(ctx, dead.Token); err != nil {
		t.Fatal(err)
	}
	dead.Host = host
	if _, err := d1.TakeQueueLease(ctx, dead, clock.Now()); err != nil {
		t.Fatal(err)
	}
	if st, err := q.Status(ctx); err != nil || st.WorkedBy.Holder != "" {
		t.Errorf("the status names a gone holder: %+v, %v", st.WorkedBy, err)
	}
	if n, err := q.Pass(ctx); err != nil || n != total {
		t.Errorf("a lease of a gone process of this host: %d rated of %d, %v", n, total, err)
	}
}
