package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/data/sample"
	"pencilbox/db"
)

// TestRateQueueBesideHolder: `pencilbox rate-queue` on a library whose
// queue another process works (its lease: serve, pid 1234 on another
// host) rates nothing: it names the holder and how to go on, exit 3;
// with --wait it says it waits, and rates everything once that lease
// lapses unrenewed (the holder killed), leaving the lease free.
// pendingLibrary is a library of qqwing's simple Sudoku, every unique
// one pending, and the pending count.
func pendingLibrary(t *testing.T) (path string, raw *sql.DB, pending int) {
	t.Helper()
	dir := t.TempDir()
	path = filepath.Join(dir, "lib.db")
	b, err := sample.FS.ReadFile("sudoku_qqwing_simple.txt")
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "simple.sdm")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runCLI(t, "", "import", "--db", path, in); code != 0 {
		t.Fatalf("import: exit %d: %s %s", code, out, errs)
	}
	raw = openRaw(t, path)
	if _, err := raw.Exec(`UPDATE puzzles SET scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL, scale_rated = 0 WHERE status = 1`); err != nil {
		t.Fatal(err)
	}
	return path, raw, count(t, raw, `SELECT count(*) FROM puzzles WHERE scale_rated = 0`)
}

func TestRateQueueBesideHolder(t *testing.T) {
	path, raw, pending := pendingLibrary(t)
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	since := time.Date(2026, 11, 26, 17, 2, 0, 0, time.UTC)
	serve := pencilbox.QueueLease{Holder: "serve", PID: 1234, Host: "elsewhere", Token: "serve's", Since: since, Expires: time.Now().Add(time.Hour)}
	if _, err := d.TakeQueueLease(ctx, serve, time.Now()); err != nil {
		t.Fatal(err)
	}

	code, out, errs := runCLI(t, "", "rate-queue", "--db", path)
	want := "pencilbox rate-queue: the rating queue is worked by pencilbox serve (pid 1234 on elsewhere) since 2026-11-26 17:02 UTC; " +
		"rating beside it would rate the same puzzles twice. Let it finish or pause serve's queue on its /queue page, or run again with --wait to start when it ends\n"
	if code != 3 || errs != want || out != "" {
		t.Errorf("rate-queue beside serve: exit %d, %q %q; want 3 and %q", code, out, errs, want)
	}
	if n := count(t, raw, `SELECT count(*) FROM puzzles WHERE scale_rated = 0`); n != pending || n == 0 {
		t.Errorf("%d pending after the refusal, %d before", n, pending)
	}

	// the holder is killed: its lease lapses in a second, unrenewed
	if err := d.ReleaseQueueLease(ctx, serve.Token); err != nil {
		t.Fatal(err)
	}
	serve.Expires = time.Now().Add(time.Second)
	if _, err := d.TakeQueueLease(ctx, serve, time.Now()); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI(t, "", "rate-queue", "--db", path, "--wait")
	if code != 0 || !strings.Contains(errs, "worked by pencilbox serve (pid 1234 on elsewhere) since 2026-11-26 17:02 UTC; waiting for it to end (--wait)") ||
		!strings.HasPrefix(out, "rated "+thousands(pending)+" puzzles in ") {
		t.Errorf("rate-queue --wait: exit %d, %q %q", code, out, errs)
	}
	if n := count(t, raw, `SELECT count(*) FROM puzzles WHERE scale_rated = 0`); n != 0 {
		t.Errorf("%d pending after rate-queue --wait", n)
	}
	if l, ok, err := d.QueueLeaseHolder(ctx); ok || err != nil {
		t.Errorf("the lease after rate-queue: %+v, %v", l, err)
	}
}

// TestCheckFixBesideHolder: `check --fix` fills the pending second
// ratings under the queue's lease: beside serve working the queue it
// rates none of them, says who works it, and checks the rest (exit 0);
// with the lease free it rates them.
func TestCheckFixBesideHolder(t *testing.T) {
	path, raw, pending := pendingLibrary(t)
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	serve := pencilbox.QueueLease{Holder: "serve", PID: 1234, Host: "elsewhere", Token: "serve's",
		Since: time.Date(2026, 11, 26, 17, 2, 0, 0, time.UTC), Expires: time.Now().Add(time.Hour)}
	if _, err := d.TakeQueueLease(ctx, serve, time.Now()); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "", "check", "--db", path, "--fix")
	if want := "the rating queue is worked by pencilbox serve (pid 1234 on elsewhere) since 2026-11-26 17:02 UTC: --fix leaves its pending puzzles to it\n"; code != 0 || !strings.Contains(out, want) ||
		!strings.Contains(out, fmt.Sprintf("; %d pending for the rating queue", pending)) {
		t.Errorf("check --fix beside serve: exit %d, %q %q; want %q", code, out, errs, want)
	}
	if n := count(t, raw, `SELECT count(*) FROM puzzles WHERE scale_rated = 0`); n != pending {
		t.Errorf("%d pending after check --fix beside serve, %d before", n, pending)
	}
	if err := d.ReleaseQueueLease(ctx, serve.Token); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI(t, "", "check", "--db", path, "--fix")
	if code != 0 || !strings.Contains(out, fmt.Sprintf("rated %d puzzles on their kind's second scale", pending)) {
		t.Errorf("check --fix with the lease free: exit %d, %q %q", code, out, errs)
	}
	if n := count(t, raw, `SELECT count(*) FROM puzzles WHERE scale_rated = 0`); n != 0 {
		t.Errorf("%d pending after check --fix", n)
	}
}
