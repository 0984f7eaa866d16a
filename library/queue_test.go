package library_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/data/sample"
	"pencilbox/engine"
	"pencilbox/library"
)

// queueFiles are sample files the quick first pass rates only in part.
var queueFiles = append([]string{"sudoku_top1465.txt"}, easyFiles...)

// TestImportQueuesSecondScales: an import with Queue stores every puzzle
// with its solution and rank; a unique Sudoku either carries the
// explainer's figures (the quick pass rated it) or is pending with no
// figure at all, never a wrong one; one without a unique solution is
// rated with none; the queue's pass then rates the rest, each as an
// inline import would have.
func TestImportQueuesSecondScales(t *testing.T) {
	d := MustOpen(t)
	importFiles(t, d, queueFiles, library.Options{Second: bundles.SecondRaters(), Queue: true})
	pending, quick := 0, 0
	for _, p := range all(t, d) {
		switch {
		case p.Kind != "sudoku":
		case p.Status != engine.Unique:
			if !p.ScaleRated || p.Scales[0] != 0 {
				t.Errorf("puzzle %d (%s) not unique: rated %v, ER %v", p.ID, p.Status, p.ScaleRated, p.Scales[0])
			}
		case !p.ScaleRated:
			pending++
			if p.Scales != [engine.ScaleSlots]float64{} || p.ScaleNote != "" {
				t.Errorf("pending puzzle %d holds figures %v %q", p.ID, p.Scales, p.ScaleNote)
			}
		default:
			quick++
			checkStored(t, []pencilbox.Puzzle{p})
		}
	}
	if pending == 0 || quick == 0 {
		t.Fatalf("%d pending, %d rated by the quick pass: the test wants both", pending, quick)
	}
	if n, err := d.SecondPending(context.Background(), []string{"sudoku"}); err != nil || n != pending {
		t.Errorf("SecondPending %d (%v), the rows say %d", n, err, pending)
	}
	q := &library.RateQueue{Store: d, Kinds: bundles.Kinds(), Second: bundles.SecondRaters(), Jobs: 2, Batch: 7}
	if n := q.Once(context.Background()); n != pending {
		t.Errorf("the queue rated %d, %d were pending", n, pending)
	}
	checkStored(t, all(t, d))
	st, err := q.Status(context.Background())
	if err != nil || st.Running || st.Pending() != 0 || len(st.Kinds) != 1 || st.Kinds[0].Done != pending || st.Kinds[0].Total != pending {
		t.Errorf("status after the pass: %+v, %v", st, err)
	}
}

// quickCounter is the Sudoku rater whose quick form always gives up and
// counts its tries.
type quickCounter struct {
	engine.SecondRater
	tries *atomic.Int64
}

func (q quickCounter) Quick() engine.SecondRater { return giveUp(q) }

type giveUp quickCounter

func (g giveUp) RateSecond(engine.Puzzle, bool) engine.SecondRating {
	g.tries.Add(1)
	return engine.SecondRating{Err: engine.ErrWorkLimit}
}
func (g giveUp) Scales() []engine.Scale { return g.SecondRater.Scales() }

// TestQuickPassStops: an import whose quick pass gives up on every puzzle
// stops trying after QuickProbe of them, and queues every unique puzzle.
func TestQuickPassStops(t *testing.T) {
	d := MustOpen(t)
	var in bytes.Buffer
	for _, name := range []string{"sudoku_top1465.txt", "sudoku_qqwing_simple.txt", "sudoku_qqwing_easy.txt", "sudoku_qqwing_intermediate.txt",
		"sudoku_qqwing_expert.txt", "sudoku_17_clue.txt", "sudoku_17_clue_ranks5to7.txt", "sudoku_forum_hardest.txt"} {
		b, err := sample.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(b)
	}
	tries := &atomic.Int64{}
	second := engine.SecondRaters{"sudoku": quickCounter{SecondRater: bundles.SecondRaters()["sudoku"], tries: tries}}
	job, err := library.Import(context.Background(), d, bundles.Formats(), []library.Input{{Name: "all.sdm", R: &in}},
		library.Options{Jobs: 1, Second: second, Queue: true})
	if err != nil {
		t.Fatal(err)
	}
	if job.Imported <= library.QuickProbe {
		t.Fatalf("%d imported: the test wants more than %d", job.Imported, library.QuickProbe)
	}
	if n := tries.Load(); n != library.QuickProbe {
		t.Errorf("the quick pass tried %d puzzles, want it to stop at %d", n, library.QuickProbe)
	}
	if n, err := d.SecondPending(context.Background(), []string{"sudoku"}); err != nil || n != job.Imported {
		t.Errorf("%d pending (%v), want every unique puzzle: %d", n, err, job.Imported)
	}
}

// TestQueueCancelResume: a cancelled queue keeps what it stored, stays
// paused (Kick does not start it), and stays paused when the server
// restarts (a new queue on the same library: the pause is stored, with
// who paused it), until Resume, which finishes it; both are in the
// audit log.
func TestQueueCancelResume(t *testing.T) {
	d := MustOpen(t)
	importFiles(t, d, queueFiles, library.Options{Second: bundles.SecondRaters(), Queue: true})
	total, _ := d.SecondPending(context.Background(), []string{"sudoku"})
	q := &library.RateQueue{Store: d, State: d, Kinds: bundles.Kinds(), Second: bundles.SecondRaters(), Jobs: 1, Batch: 1}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	ran := make(chan struct{})
	go func() { q.Run(ctx); close(ran) }()
	waitFor(t, func() bool { st, _ := q.Status(ctx); return st.Running && st.Rated > 0 })
	ann := pencilbox.WithActor(context.Background(), "ann")
	if err := q.Cancel(ann); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { st, _ := q.Status(ctx); return !st.Running })
	st, _ := q.Status(ctx)
	left := st.Pending()
	if !st.Paused || st.PausedBy != "ann" || left == 0 || left == total || st.Kinds[0].Done != total-left {
		t.Fatalf("after a cancel: %+v (of %d)", st, total)
	}
	q.Kick()
	time.Sleep(100 * time.Millisecond)
	if st, _ := q.Status(ctx); st.Running || st.Pending() != left {
		t.Errorf("a paused queue went on after a kick: %+v", st)
	}

	// the server restarts: its new queue reads the pause
	stop()
	<-ran
	q = &library.RateQueue{Store: d, State: d, Kinds: bundles.Kinds(), Second: bundles.SecondRaters(), Jobs: 1, Batch: 1}
	ctx, stop = context.WithCancel(context.Background())
	defer stop()
	go q.Run(ctx)
	time.Sleep(200 * time.Millisecond)
	if st, _ := q.Status(ctx); !st.Paused || st.PausedBy != "ann" || st.PausedAt.IsZero() || st.Running || st.Pending() != left {
		t.Errorf("after a restart, a cancelled queue: %+v (%d pending before)", st, left)
	}
	if err := q.Resume(pencilbox.WithActor(context.Background(), "bob")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { st, _ := q.Status(ctx); return !st.Running && st.Pending() == 0 })
	checkStored(t, all(t, d))
	if p, err := d.QueuePause(ctx); err != nil || p.Paused || p.Actor != "bob" {
		t.Errorf("the stored pause after Resume: %+v, %v", p, err)
	}
	var said string
	if err := d.R.QueryRow(`SELECT group_concat(actor || ' ' || action, ', ') FROM (SELECT actor, action FROM audit WHERE action LIKE 'queue.%' ORDER BY id)`).Scan(&said); err != nil ||
		said != "ann queue.pause, bob queue.resume" {
		t.Errorf("audit: %q, %v", said, err)
	}
}

// waitFor polls ok until it holds, failing the test after waitLimit.
func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	// a queue that never gets there fails the test (at the caller's
	// line) instead of hanging it until go test's own timeout
	deadline := time.Now().Add(waitLimit)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v: the queue never got there", waitLimit)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitLimit bounds waitFor: far above what any wait takes (milliseconds),
// so that only a queue that never gets there reaches it.
const waitLimit = 60 * time.Second

// TestRatingsRefuseLongLine: a ratings file with a line over
// MaxRatingsLine is refused whole, named with its line; the other files
// go on.
func TestRatingsRefuseLongLine(t *testing.T) {
	d := MustOpen(t)
	var errs bytes.Buffer
	long := strings.Repeat("x", library.MaxRatingsLine+1)
	rep, err := library.ImportRatings(context.Background(), d, bundles.Kinds(), bundles.SecondRaters(),
		[]library.Input{{Name: "long.txt", R: strings.NewReader("# made by rate --er\n" + long + "\n")}, {Name: "empty.txt", R: strings.NewReader("")}},
		library.RatingsOptions{Errors: &errs})
	if !errors.Is(err, library.ErrRatingsRefused) || rep.BadFiles != 1 || rep.Stored != 0 ||
		!strings.Contains(errs.String(), "long.txt:2: a line over 256 KiB (library.MaxRatingsLine)") {
		t.Errorf("%+v, %v: %s", rep, err, errs.String())
	}
}

// heldRater rates the first free puzzles, then holds each rating until
// release is closed, counting the ratings it began.
type heldRater struct {
	engine.SecondRater
	mu      sync.Mutex
	free    int
	began   int
	release chan struct{}
}

func (h *heldRater) RateSecond(p engine.Puzzle, steps bool) engine.SecondRating {
	h.mu.Lock()
	h.began++
	free := h.free > 0
	h.free--
	h.mu.Unlock()
	if !free {
		<-h.release
	}
	return h.SecondRater.RateSecond(p, steps)
}

// TestQueueStoresAsItRates: the queue stores what it rated while a batch
// is still at work (a batch of the hardest is minutes of CPU: its "N of
// M" stood still that long), and a cancel mid-batch keeps every rating
// its workers finished, the one they held included: nothing rated is
// thrown away. One worker, a batch of 200, the fourth rating held.
func TestQueueStoresAsItRates(t *testing.T) {
	d := MustOpen(t)
	importFiles(t, d, queueFiles, library.Options{Second: bundles.SecondRaters(), Queue: true})
	ctx := context.Background()
	if _, err := d.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL
		WHERE kind = 'sudoku' AND status = 1`); err != nil {
		t.Fatal(err)
	}
	total, _ := d.SecondPending(ctx, []string{"sudoku"})
	if total < 10 {
		t.Fatalf("%d pending: the test wants more", total)
	}
	h := &heldRater{SecondRater: bundles.SecondRaters()["sudoku"], free: 3, release: make(chan struct{})}
	q := &library.RateQueue{Store: d, Kinds: bundles.Kinds(), Second: engine.SecondRaters{"sudoku": h}, Jobs: 1, Batch: 200,
		CommitEvery: time.Millisecond}
	qctx, stop := context.WithCancel(ctx)
	defer stop()
	go q.Run(qctx)
	// three rated, the fourth held: the three are stored meanwhile
	waitFor(t, func() bool { n, _ := d.SecondPending(ctx, []string{"sudoku"}); return n == total-3 })
	if st, _ := q.Status(ctx); !st.Running || st.Kinds[0].Done != 3 {
		t.Errorf("while the fourth is held: %+v", st)
	}
	if err := q.Cancel(ctx); err != nil {
		t.Fatal(err)
	}
	close(h.release)
	waitFor(t, func() bool { st, _ := q.Status(ctx); return !st.Running })
	if n, _ := d.SecondPending(ctx, []string{"sudoku"}); n != total-4 {
		t.Errorf("after a cancel while the fourth was held: %d pending of %d, want %d: the fourth's rating lost", n, total, total-4)
	}
	h.mu.Lock()
	began := h.began
	h.mu.Unlock()
	if began != 4 {
		t.Errorf("%d ratings began, want 4: the cancel did not stop the batch", began)
	}
}

// TestQueueLeftWaitsForASample: the time left is estimated only once
// QueueEstimateAfter puzzles are rated (a few of the hardest made it
// jump by hours), then from the pass's rate.
func TestQueueLeftWaitsForASample(t *testing.T) {
	start := time.Unix(1700000000, 0)
	st := library.QueueStatus{Running: true, Started: start, Kinds: []library.QueueKind{{Done: 0, Total: 1000}}}
	for _, rated := range []int{1, library.QueueEstimateAfter - 1} {
		st.Rated, st.Kinds[0].Done = rated, rated
		if d := st.Left(start.Add(time.Minute)); d != 0 {
			t.Errorf("%d rated: %v left, want no estimate yet", rated, d)
		}
	}
	st.Rated, st.Kinds[0].Done = 100, 100
	if d := st.Left(start.Add(time.Minute)); d != 9*time.Minute {
		t.Errorf("100 of 1,000 in a minute: %v left, want 9m0s", d)
	}
}

// TestQueueGoesOnAfterRestart: a server stopped mid-pass (its queue's
// context ends) keeps the pass: the next server's queue says "Done of
// Total" of the same pass (N of the first total, not 0 of what is left),
// since the same first start, its total grown by what was queued
// meanwhile; the pass is forgotten once nothing is pending.
func TestQueueGoesOnAfterRestart(t *testing.T) {
	d := MustOpen(t)
	importFiles(t, d, queueFiles, library.Options{Second: bundles.SecondRaters(), Queue: true})
	ctx := context.Background()
	if _, err := d.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL
		WHERE kind = 'sudoku' AND status = 1 AND id % 4 <> 0`); err != nil {
		t.Fatal(err)
	}
	total, _ := d.SecondPending(ctx, []string{"sudoku"})
	newQueue := func(free int) (*library.RateQueue, *heldRater) {
		h := &heldRater{SecondRater: bundles.SecondRaters()["sudoku"], free: free, release: make(chan struct{})}
		return &library.RateQueue{Store: d, State: d, Kinds: bundles.Kinds(), Second: engine.SecondRaters{"sudoku": h}, Jobs: 1,
			CommitEvery: time.Millisecond}, h
	}
	q, h := newQueue(5)
	qctx, stop := context.WithCancel(ctx)
	ran := make(chan struct{})
	go func() { q.Run(qctx); close(ran) }()
	waitFor(t, func() bool { n, _ := d.SecondPending(ctx, []string{"sudoku"}); return n == total-5 })
	first, _ := q.Status(ctx)
	stop() // the server stops: the held sixth finishes and is kept
	close(h.release)
	<-ran
	// an import meanwhile queues two more
	if _, err := d.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL
		WHERE id IN (SELECT id FROM puzzles WHERE kind = 'sudoku' AND status = 1 AND id % 4 = 0 LIMIT 2)`); err != nil {
		t.Fatal(err)
	}

	q, h = newQueue(0)
	qctx, stop = context.WithCancel(ctx)
	defer stop()
	go q.Run(qctx)
	waitFor(t, func() bool { st, _ := q.Status(ctx); return st.Running })
	st, _ := q.Status(ctx)
	if st.Kinds[0].Done != 6 || st.Kinds[0].Total != total+2 || !st.Since.Equal(first.Since.Truncate(time.Second)) {
		t.Errorf("after a restart: done %d of %d since %v, want 6 of %d since %v", st.Kinds[0].Done, st.Kinds[0].Total, st.Since,
			total+2, first.Since)
	}
	close(h.release)
	waitFor(t, func() bool { st, _ := q.Status(ctx); return !st.Running && st.Pending() == 0 })
	if st, _ := q.Status(ctx); st.Kinds[0].Done != total+2 || st.Kinds[0].Total != total+2 {
		t.Errorf("at the end: %d of %d, want %d", st.Kinds[0].Done, st.Kinds[0].Total, total+2)
	}
	if pass, err := d.QueuePass(ctx); err != nil || len(pass) != 0 {
		t.Errorf("the pass is kept after its end: %+v, %v", pass, err)
	}
}
