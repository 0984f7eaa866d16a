package main

import (
	"context"
	"errors"
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
			logger.Printf("second rating (ER): %d puzzles rated before stopping; the next start goes on", n)
		}
	case err != nil:
		logger.Printf("second rating (ER) stopped after %d puzzles: %v", n, err)
	case n > 0:
		logger.Printf("second rating (ER): %d puzzles rated in %.1f s", n, time.Since(start).Seconds())
	}
}
