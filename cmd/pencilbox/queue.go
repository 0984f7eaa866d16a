package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/internal/nice"
	"pencilbox/library"
)

// queuedScales names the kinds' slower scales the rating queue rates, by
// their declared short labels: "ER" (sudoku's first scale).
func (e *env) queuedScales() string {
	var out []string
	for _, k := range e.second.Kinds() {
		if sc := e.second.ScalesOf(k); len(sc) > 0 {
			out = append(out, sc[0].Short)
		}
	}
	return strings.Join(out, ", ")
}

// printQueued prints, per kind with a second rater, how many of its
// puzzles the rating queue has left: "ER: 48,700 puzzles pending (sudoku);
// pencilbox rate-queue rates them, serve does in the background". Nothing
// when none is pending.
//
// When an editor paused serve's queue, serve will not: the line says so
// ("serve's queue is paused (by ann): resume it on /queue").
func printQueued(ctx context.Context, e *env, store *db.DB) error {
	pause, err := store.QueuePause(ctx)
	if err != nil {
		return err
	}
	serve := "serve does in the background"
	if pause.Paused {
		serve = "serve's queue is paused"
		if pause.Actor != "" {
			serve += " (by " + pause.Actor + ")"
		}
		serve += ": resume it on /queue"
	}
	for _, k := range e.second.Kinds() {
		n, err := store.SecondPending(ctx, []string{k})
		if err != nil {
			return err
		}
		if n == 0 {
			continue
		}
		fmt.Fprintf(e.stdout, "%s: %s %s pending (%s); 'pencilbox rate-queue' rates them, %s\n",
			e.second.ScalesOf(k)[0].Short, thousands(n), plural(n, "puzzle", "puzzles"), k, serve)
	}
	return nil
}

// thousands prints n with commas between its thousands: 48,765.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// runRateQueue is `pencilbox rate-queue`: it works off the rating queue
// (the kinds' slower scales an import left pending) in this process, on
// every core, with a progress bar, and says what is left. Killed or
// interrupted, it keeps what it stored (a batch per transaction); run
// again, it goes on. It takes the queue's lease first (library.RateQueue,
// migration 00180): when another process works the queue (serve, another
// rate-queue) it names it and rates nothing, or with --wait starts when
// that one ends, so that no puzzle is rated twice. Exit status: 0 when
// nothing is left pending, 1 when it was interrupted, 2 when it could not
// run, 3 when another process works the queue (without --wait).
func runRateQueue(e *env, args []string) int {
	fs := newFlags(e, "rate-queue")
	dbPath := fs.String("db", db.DefaultPath(e.getenv), "library database (default $PENCILBOX_DB or ./pencilbox.db)")
	jobs := fs.Int("jobs", runtime.GOMAXPROCS(0), "rating workers")
	niceness := fs.Int("nice", 0, "run the workers at this nice value (0-19; Linux), below other work of the machine")
	wait := fs.Bool("wait", false, "when another process (serve, another rate-queue) works the queue, wait for it to end, then rate what is left (without it: exit 3)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || *jobs < 1 || *niceness < 0 || *niceness > nice.Lowest {
		fs.Usage()
		return 2
	}
	store, err := db.Open(*dbPath)
	if err != nil {
		fmt.Fprintln(e.stderr, "pencilbox rate-queue:", describe(err, *dbPath))
		return 2
	}
	defer store.Close()
	ctx, stop := signal.NotifyContext(cliActor(context.Background(), e), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if p, err := store.QueuePause(ctx); err != nil {
		fmt.Fprintln(e.stderr, "pencilbox rate-queue:", describe(err, *dbPath))
		return 2
	} else if p.Paused {
		// an editor paused serve's queue; this command is asked for
		// by name, so it rates, and leaves the server's queue paused
		fmt.Fprintf(e.stderr, "pencilbox rate-queue: serve's rating queue is paused (by %s on %s); this command rates anyway and leaves it paused\n",
			p.Actor, p.At.UTC().Format("2006-01-02 15:04 UTC"))
	}
	// the pause above is serve's: this queue never loads it (Run does)
	q := &library.RateQueue{Store: store, State: store, Lease: store, Holder: "rate-queue", Kinds: e.kinds, Second: e.second,
		Jobs: *jobs, Nice: *niceness, Progress: progressTo(e), Label: e.queuedScales()}
	start := time.Now()
	var n int
	var waited pencilbox.QueueLease
	for {
		n, err = q.Pass(ctx)
		var held *library.QueueHeldError
		if !errors.As(err, &held) {
			break
		}
		if !*wait {
			how := "stop it (what it rated is kept)"
			if held.Lease.Holder == "serve" {
				how = "pause serve's queue on its /queue page"
			}
			fmt.Fprintf(e.stderr, "pencilbox rate-queue: %s; rating beside it would rate the same puzzles twice. Let it finish or %s, or run again with --wait to start when it ends\n", held, how)
			return 3
		}
		if !held.Lease.Same(waited) {
			fmt.Fprintf(e.stderr, "pencilbox rate-queue: %s; waiting for it to end (--wait)\n", held)
			waited = held.Lease
		}
		// a live holder renews its lease: try again at its expiry, or
		// sooner (it may give it back before)
		t := time.NewTimer(min(library.QueueLeaseRenew, max(time.Until(held.Lease.Expires), 0)+50*time.Millisecond))
		select {
		case <-ctx.Done():
			t.Stop()
			fmt.Fprintln(e.stderr, "pencilbox rate-queue: interrupted while waiting; nothing rated")
			return 1
		case <-t.C:
		}
		start = time.Now()
	}
	if n > 0 {
		if aerr := recordFill(context.WithoutCancel(ctx), store, e, n); aerr != nil {
			fmt.Fprintln(e.stderr, "pencilbox rate-queue:", aerr)
		}
	}
	took := time.Since(start)
	fmt.Fprintf(e.stdout, "rated %s %s in %.1f s (%.1f/s)\n", thousands(n), plural(n, "puzzle", "puzzles"), took.Seconds(), float64(n)/max(took.Seconds(), 1e-9))
	if qerr := printQueued(context.WithoutCancel(ctx), e, store); qerr != nil {
		fmt.Fprintln(e.stderr, "pencilbox rate-queue:", describe(qerr, *dbPath))
		return 2
	}
	switch {
	case err != nil && ctx.Err() != nil:
		fmt.Fprintln(e.stderr, "pencilbox rate-queue: interrupted; what it rated is kept, run it again to go on")
		return 1
	case err != nil:
		fmt.Fprintln(e.stderr, "pencilbox rate-queue:", describe(err, *dbPath))
		return 2
	}
	return 0
}

// importRatings is `import --ratings FILE...`: the ratings a job runner
// made of the queue's exported puzzles, stored (library.ImportRatings).
func importRatings(e *env, store *db.DB, dbPath string, inputs []library.Input) int {
	ctx, stop := signal.NotifyContext(cliActor(context.Background(), e), os.Interrupt)
	defer stop()
	start := time.Now()
	rep, err := library.ImportRatings(ctx, store, e.kinds, e.second, inputs, library.RatingsOptions{Errors: e.stderr})
	fmt.Fprintf(e.stdout, "ratings: stored %s, refused %d %s and %d %s, %d rated again to check, in %.1f s\n",
		thousands(rep.Stored), rep.Refused, plural(rep.Refused, "line", "lines"), rep.BadFiles, plural(rep.BadFiles, "file", "files"), rep.Checked, time.Since(start).Seconds())
	if rep.Stored > 0 {
		if aerr := recordFill(context.WithoutCancel(ctx), store, e, rep.Stored); aerr != nil {
			fmt.Fprintln(e.stderr, "pencilbox import:", aerr)
		}
	}
	if qerr := printQueued(context.WithoutCancel(ctx), e, store); qerr != nil {
		fmt.Fprintln(e.stderr, "pencilbox import:", describe(qerr, dbPath))
		return 2
	}
	switch {
	case errors.Is(err, library.ErrRatingsRefused):
		return 1
	case err != nil:
		fmt.Fprintln(e.stderr, "pencilbox import:", describe(err, dbPath))
		return 2
	}
	return 0
}
