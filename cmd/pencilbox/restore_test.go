package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pencilbox/db"
	"pencilbox/internal/damage"
)

// steppedClock is a clock whose waits end at once, moving it on by the
// time waited.
type steppedClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *steppedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *steppedClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
	ch := make(chan time.Time, 1)
	ch <- c.now
	return ch
}

// TestScheduledBackupsAndRestore is the operator's day: serve's backup
// loop (one a day, keep 3) writes checked backups and prunes its own old
// ones only; the library is then damaged; `pencilbox restore` refuses a
// damaged backup and a library still open, then brings the newest backup
// back, keeping the damaged file aside, and `check` passes.
func TestScheduledBackupsAndRestore(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.db")
	bdir := filepath.Join(dir, "backups")
	in := writeFiles(t, dir, map[string]string{"a.sdm": hard + "\n" + empty + "\n", "b.sdm": blank(hardSol, 0, 40) + "\n"}, "a.sdm", "b.sdm")
	if code, out, errs := runCLI(t, "", "import", "--db", lib, in[0]); code != 0 {
		t.Fatalf("import: %d %s%s", code, out, errs)
	}
	plan := backupPlan{dir: bdir, every: 24 * time.Hour, keep: 3}
	if err := plan.check(); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(bdir, "pencilbox-monday.db")
	os.WriteFile(mine, []byte("an operator's own file"), 0o644)

	store, err := db.Open(lib)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	clk := &steppedClock{now: time.Date(2026, 11, 1, 2, 0, 0, 0, time.UTC)}
	var mu sync.Mutex
	var logs []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		runBackups(ctx, store, plan, clk, func(f string, a ...any) {
			mu.Lock()
			defer mu.Unlock()
			logs = append(logs, f)
			if len(logs) == 5 {
				cancel()
			}
		}, nil)
	}()
	<-done
	if len(logs) != 5 || !strings.Contains(logs[4], "written and checked") {
		t.Fatalf("backup loop logged %q", logs)
	}
	list, err := db.Backups(bdir)
	if err != nil || len(list) != 3 {
		t.Fatalf("backups kept: %v %v, want 3", list, err)
	}
	if got, want := list[2].Time, time.Date(2026, 11, 5, 2, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("newest backup of %s, want %s (one a day from the start)", got, want)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("the operator's own file in the backup folder: %v", err)
	}
	newest := list[2].Path

	// The library is restored while still open: refused, unchanged.
	code, _, errs := runCLI(t, "", "restore", "--db", lib, newest)
	if code != 1 || !strings.Contains(errs, "open in another program") {
		t.Errorf("restore over an open library: exit %d, %q", code, errs)
	}
	store.Close()

	// It grows, then is damaged.
	if code, out, errs := runCLI(t, "", "import", "--db", lib, in[1]); code != 0 {
		t.Fatalf("import: %d %s%s", code, out, errs)
	}
	if err := damage.Table(lib, "puzzles"); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := runCLI(t, "", "check", "--db", lib); code == 0 {
		t.Fatal("check passes a damaged library")
	}
	// A damaged backup is refused and changes nothing.
	bad := filepath.Join(dir, "bad.db")
	b, _ := os.ReadFile(list[1].Path)
	os.WriteFile(bad, b, 0o644)
	if err := damage.Table(bad, "puzzles"); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(lib)
	code, _, errs = runCLI(t, "", "restore", "--db", lib, bad)
	if code != 1 || !strings.Contains(errs, "damaged") {
		t.Errorf("restore from a damaged backup: exit %d, %q", code, errs)
	}
	if after, _ := os.ReadFile(lib); string(after) != string(before) {
		t.Error("a refused restore changed the library")
	}

	// The newest good backup comes back; the damaged library is kept aside.
	code, out, errs := runCLI(t, "", "restore", "--db", lib, newest)
	if code != 0 || !strings.Contains(out, "(2 puzzles)") || !strings.Contains(out, "kept as "+lib+".before-restore-") {
		t.Fatalf("restore: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runCLI(t, "", "check", "--db", lib); code != 0 || !strings.Contains(out, "integrity: ok") {
		t.Errorf("check after restore: exit %d\n%s%s", code, out, errs)
	}
	aside, _ := filepath.Glob(lib + ".before-restore-*")
	if len(aside) != 1 {
		t.Fatalf("files kept aside: %v", aside)
	}
	if kept, _ := os.ReadFile(aside[0]); string(kept) != string(before) {
		t.Error("the file kept aside is not the old library as it was")
	}
}
