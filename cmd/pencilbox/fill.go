package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"runtime"
	"time"

	"pencilbox/db"
	"pencilbox/internal/nice"
	"pencilbox/library"
)

// progressTo is where a command draws its progress bar: stderr when it is
// a terminal, nowhere otherwise.
func progressTo(e *env) io.Writer {
	if e.isTerminal != nil && e.isTerminal(e.stderr) {
		return e.stderr
	}
	return nil
}

// newRateQueue is serve's rating queue: it rates, on their kind's slower
// scales, the puzzles imports left pending (and those of an upgraded
// library), on jobs workers at the lowest priority (nice.Lowest: serve
// gives the pages Ps of their own beside them, see runServe), logging
// each pass and recording it in the audit log. A stopped server resumes
// it at its next start: pending is a flag per puzzle. It holds the
// queue's lease while it rates: beside a `pencilbox rate-queue` (or
// another server) on the same library it waits, its pages naming the
// holder.
func newRateQueue(store *db.DB, e *env, logger *log.Logger, jobs int) *library.RateQueue {
	return &library.RateQueue{Store: store, State: store, Lease: store, Holder: "serve", Kinds: e.kinds, Second: e.second, Jobs: jobs, Nice: nice.Lowest,
		Logf: logger.Printf,
		OnPass: func(n int, took time.Duration) {
			logger.Printf("second rating: %d puzzles rated in %.1f s", n, took.Seconds())
			if err := recordFill(context.Background(), store, e, n); err != nil {
				logger.Printf("second rating: %v", err)
			}
		}}
}

// queueWorkers is how many workers serve's queue runs: every core.
func queueWorkers() int { return runtime.NumCPU() }

// recordFill writes a pass's row in the audit log: one per pass (check
// --fix, rate-queue, or the server's queue, whose actor is "system"), not
// per batch, which would be 5,000 rows for a library of 10^6. A pass
// killed before its end has no row; what it stored stays.
func recordFill(ctx context.Context, store *db.DB, e *env, n int) error {
	err := db.AuditStore{W: store.W}.Add(ctx, db.ActionFillSecond, fmt.Sprintf("the second rating (%s) filled in for %d puzzles that had none", e.queuedScales(), n))
	if err != nil {
		return fmt.Errorf("the rating was stored but not recorded in the audit log: %w", err)
	}
	return nil
}

// maxQueueJobs bounds serve --queue-jobs: each worker is an OS thread and
// one more P beside the pages'.
const maxQueueJobs = 256
