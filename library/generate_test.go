package library_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/kinds/akari"
	"pencilbox/kinds/sudoku"
	"pencilbox/library"
)

// TestGenerate: a run stores the asked number of new puzzles as an import
// of source "generated", tagged and in the set; a second run with the same
// seed meets them in the library and makes others; an ER target keeps only
// puzzles rated in range.
func TestGenerate(t *testing.T) {
	d := MustOpen(t)
	ctx := context.Background()
	opts := library.GenerateOptions{Kind: akari.Kind{}, Opt: engine.GenOptions{MinRank: 2, MaxRank: 3, Params: engine.GenValues{"size": "6x6"}},
		Count: 5, Seed: 9, Set: "fresh", Note: "test run"}
	for run := 1; run <= 2; run++ {
		j, err := library.Generate(ctx, d, registry(), opts, library.Options{Tags: []string{"gen"}})
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		if j.Imported != 5 || j.Duplicates != 0 || j.Source != library.GenSourceLabel {
			t.Errorf("run %d: job %+v, want 5 imported, no duplicates, source generated", run, j)
		}
		want := 5 * run
		if n := count(t, d, `SELECT count(*) FROM puzzles WHERE kind = 'akari' AND rank BETWEEN 2 AND 3 AND status = 1`); n != want {
			t.Errorf("run %d: %d unique akari of rank 2-3 stored, want %d", run, n, want)
		}
		if n := count(t, d, `SELECT count(*) FROM tags WHERE tag = 'gen'`); n != want {
			t.Errorf("run %d: %d puzzles tagged gen, want %d", run, n, want)
		}
		if n := count(t, d, `SELECT count(*) FROM set_items JOIN sets ON sets.id = set_items.set_id WHERE sets.name = 'fresh'`); n != want {
			t.Errorf("run %d: %d puzzles in the set, want %d", run, n, want)
		}
	}

	er := library.GenerateOptions{Kind: sudoku.Kind{}, Count: 2, Seed: 3, Scale: true, ScaleLo: 2.0, ScaleHi: 2.5,
		Second: bundles.SecondRaters()["sudoku"]}
	if _, err := library.Generate(ctx, d, registry(), er, library.Options{Second: bundles.SecondRaters()}); err != nil {
		t.Fatal(err)
	}
	if n := count(t, d, `SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale1 BETWEEN 2.0 AND 2.5`); n != 2 {
		t.Errorf("%d Sudoku with ER 2.0-2.5 stored, want 2", n)
	}
}

// TestGenerateStopped: a run whose context ends keeps what it made (the
// database passes its checks) and says why it stopped.
func TestGenerateStopped(t *testing.T) {
	d := MustOpen(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opts := library.GenerateOptions{Kind: akari.Kind{}, Opt: engine.GenOptions{Params: engine.GenValues{"size": "5x5"}}, Count: 1000, Seed: 1}
	_, err := library.Generate(ctx, d, registry(), opts, library.Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v, want context.Canceled", err)
	}
	if err := d.QuickCheck(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func count(t *testing.T, d *db.DB, q string) int {
	t.Helper()
	var n int
	if err := d.R.QueryRow(q).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// TestGenerateCutShortRecorded: a run cut short after it made a puzzle
// keeps it, and its job is recorded as the JobStop its context was
// cancelled with (a user's cancel, a time limit), or as interrupted
// (Ctrl-C, a plain cancel), with the reason: never as done, as it was.
func TestGenerateCutShortRecorded(t *testing.T) {
	d := MustOpen(t)
	for _, tc := range []struct {
		cause  error
		state  string
		reason string
	}{
		{&pencilbox.JobStop{State: pencilbox.JobCancelled, Reason: "Cancelled by alice."}, pencilbox.JobCancelled, "Cancelled by alice."},
		{&pencilbox.JobStop{State: pencilbox.JobStopped, Reason: "Stopped at its time limit."}, pencilbox.JobStopped, "Stopped at its time limit."},
		{nil, pencilbox.JobInterrupted, "interrupted"},
	} {
		ctx, cancel := context.WithCancelCause(context.Background())
		opts := library.GenerateOptions{Kind: akari.Kind{}, Opt: engine.GenOptions{Params: engine.GenValues{"size": "5x5"}}, Count: 1000, Seed: 1, Jobs: 1,
			Progress: func(p library.GenProgress) {
				if p.Made >= 1 {
					cancel(tc.cause)
				}
			}}
		job, err := library.Generate(ctx, d, registry(), opts, library.Options{})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: %v, want context.Canceled", tc.state, err)
		}
		stored, serr := d.Job(context.Background(), job.ID)
		if serr != nil {
			t.Fatal(serr)
		}
		for _, j := range []pencilbox.Job{job, stored} {
			if j.State != tc.state || !strings.Contains(j.Failed, tc.reason) || j.Imported < 1 {
				t.Errorf("%s: job %d recorded %q %q with %d stored; want %s saying %q, the puzzles made stored",
					tc.state, j.ID, j.State, j.Failed, j.Imported, tc.state, tc.reason)
			}
		}
	}
}
