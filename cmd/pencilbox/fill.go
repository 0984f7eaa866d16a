package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"time"

	"pencilbox/db"
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

// fillSecond is serve's background filler: it rates, on their kind's
// second scale, the puzzles an upgraded library (or the sample) holds
// without it, on one worker so the pages stay quick, until done or ctx
// ends. A stopped server resumes it at its next start.
func fillSecond(ctx context.Context, store *db.DB, e *env, logger *log.Logger) {
	start := time.Now()
	n, err := library.FillSecond(ctx, store, e.kinds, e.second, library.FillOptions{Jobs: 1})
	switch {
	case err != nil && errors.Is(err, context.Canceled):
		if n > 0 {
			logger.Printf("second rating: %d puzzles rated before stopping; the next start goes on", n)
		}
	case err != nil:
		logger.Printf("second rating stopped after %d puzzles: %v", n, err)
	case n > 0:
		logger.Printf("second rating: %d puzzles rated in %.1f s", n, time.Since(start).Seconds())
	}
	if n > 0 {
		if err := recordFill(context.WithoutCancel(ctx), store, n); err != nil {
			logger.Printf("second rating (ER): %v", err)
		}
	}
}

// recordFill writes a fill's row in the audit log: one per run (check
// --fix, or the server's background fill, whose actor is "system"), not
// per batch, which would be 5,000 rows for an upgraded library of 10^6.
// A fill killed before its end has no row; what it stored stays.
func recordFill(ctx context.Context, store *db.DB, n int) error {
	err := db.AuditStore{W: store.W}.Add(ctx, db.ActionFillSecond, fmt.Sprintf("the second rating (ER) filled in for %d puzzles that had none", n))
	if err != nil {
		return fmt.Errorf("the ER fill was stored but not recorded in the audit log: %w", err)
	}
	return nil
}
