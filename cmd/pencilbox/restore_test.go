package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"pencilbox/db"
	"pencilbox/internal/damage"
	"pencilbox/web"
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

// TestBackupsFromTheClock: a backup named a year ahead (a clock that was
// once ahead) does not put the schedule off nor make pruning delete the
// new backups: the first is written at once, one a day after it, keep 2
// of them by the clock; the future file stays, named once in the log and
// on the admin's dashboard.
func TestBackupsFromTheClock(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.db")
	bdir := filepath.Join(dir, "backups")
	plan := backupPlan{dir: bdir, every: 24 * time.Hour, keep: 2}
	if err := plan.check(); err != nil {
		t.Fatal(err)
	}
	store, err := db.Open(lib)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	start := time.Date(2026, 11, 1, 2, 0, 0, 0, time.UTC)
	ahead := filepath.Join(bdir, db.BackupName(start.AddDate(1, 0, 0)))
	if err := store.Backup(context.Background(), ahead, false); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	clk := &steppedClock{now: start}
	var logs []string
	rec := &web.BackupLog{}
	runBackups(ctx, store, plan, clk, func(f string, a ...any) {
		logs = append(logs, fmt.Sprintf(f, a...))
		if strings.Count(strings.Join(logs, "\n"), "written and checked") == 4 {
			cancel()
		}
	}, rec)
	list, err := db.Backups(bdir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range list {
		got = append(got, filepath.Base(b.Path))
	}
	want := []string{db.BackupName(start.AddDate(0, 0, 2)), db.BackupName(start.AddDate(0, 0, 3)), filepath.Base(ahead)}
	if !slices.Equal(got, want) {
		t.Errorf("backup folder holds %v, want %v\nlog:\n%s", got, want, strings.Join(logs, "\n"))
	}
	if n := strings.Count(strings.Join(logs, "\n"), filepath.Base(ahead)); n != 1 {
		t.Errorf("the future file is named %d times in the log, want once:\n%s", n, strings.Join(logs, "\n"))
	}
	if note := rec.FutureNote(); !strings.Contains(note, filepath.Base(ahead)) || !strings.Contains(note, "later time") {
		t.Errorf("dashboard note: %q", note)
	}
}

// TestKillBackupLeavesNoPartial kills (SIGKILL) scheduled backups while a
// copy is being written, until one leaves its partial file; the next
// start of the backup loop removes it and leaves the whole backups.
func TestKillBackupLeavesNoPartial(t *testing.T) {
	if os.Getenv(killChildEnv) != "" {
		t.Skip("in the child")
	}
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.db")
	bdir := filepath.Join(dir, "backups")
	os.Mkdir(bdir, 0o755)
	in := filepath.Join(dir, "in.txt")
	writeSynth(t, in, 3000)
	if code, _, errs := runCLI(t, "", "import", "--db", lib, in); code != 0 {
		t.Fatalf("import: %s", errs)
	}
	partials := func() []string {
		var out []string
		ents, _ := os.ReadDir(bdir)
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".part") {
				out = append(out, e.Name())
			}
		}
		return out
	}
	for try := 0; try < 20 && len(partials()) == 0; try++ {
		cmd, _ := startKillChild(t, "backups", lib, bdir)
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
			if len(partials()) > 0 {
				break
			}
			time.Sleep(200 * time.Microsecond)
		}
		kill(t, cmd)
	}
	left := partials()
	if len(left) == 0 {
		t.Fatal("no kill caught a backup being written")
	}
	t.Logf("the kill left %v", left)
	store, err := db.Open(lib)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the loop's start alone
	var logs []string
	runBackups(ctx, store, backupPlan{dir: bdir, every: time.Hour, keep: 100}, realClock{}, func(f string, a ...any) {
		logs = append(logs, fmt.Sprintf(f, a...))
	}, nil)
	if p := partials(); len(p) != 0 {
		t.Errorf("partial files left after the start: %v (log %q)", p, logs)
	}
	list, _ := db.Backups(bdir)
	for _, b := range list {
		if err := db.VerifyBackup(context.Background(), b.Path); err != nil {
			t.Errorf("a backup under its name is not whole: %v", err)
		}
	}
}

// TestRestoreForeignSchemaCLI: a trigger that deletes every new audit row,
// added to a library, is found by `check` (exit 1, named); a backup with
// it is refused by `restore` (exit 1, the library unchanged); the good
// backup is restored, and the restore is the library's newest audit row,
// under "cli:" and the OS user.
func TestRestoreForeignSchemaCLI(t *testing.T) {
	t.Setenv("USER", "ann")
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.db")
	in := writeFiles(t, dir, map[string]string{"a.sdm": hard + "\n"}, "a.sdm")
	if code, out, errs := runCLI(t, "", "import", "--db", lib, in[0]); code != 0 {
		t.Fatalf("import: %d %s%s", code, out, errs)
	}
	good, bad := filepath.Join(dir, "good.db"), filepath.Join(dir, "bad.db")
	for _, p := range []string{good, bad} {
		if code, _, errs := runCLI(t, "", "backup", "--db", lib, p); code != 0 {
			t.Fatalf("backup: %s", errs)
		}
	}
	raw, err := sql.Open("sqlite", "file:"+bad)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`CREATE TRIGGER wipe AFTER INSERT ON audit BEGIN DELETE FROM audit; END`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	code, out, _ := runCLI(t, "", "check", "--db", bad)
	if code != 1 || !strings.Contains(out, "schema: an extra trigger wipe (on audit)") {
		t.Errorf("check of a library with a foreign trigger: exit %d\n%s", code, out)
	}
	before, _ := os.ReadFile(lib)
	code, _, errs := runCLI(t, "", "restore", "--db", lib, bad)
	if code != 1 || !strings.Contains(errs, "trigger wipe (on audit)") || !strings.Contains(errs, lib+" was not changed") {
		t.Errorf("restore from a backup with a foreign trigger: exit %d, %q", code, errs)
	}
	if after, _ := os.ReadFile(lib); string(after) != string(before) {
		t.Error("the refused restore changed the library")
	}
	if code, out, errs := runCLI(t, "", "restore", "--db", lib, good); code != 0 {
		t.Fatalf("restore: exit %d %s%s", code, out, errs)
	}
	d, err := sql.Open("sqlite", "file:"+lib)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var who, what, detail string
	if err := d.QueryRow(`SELECT actor, action, detail FROM audit ORDER BY id DESC LIMIT 1`).Scan(&who, &what, &detail); err != nil {
		t.Fatal(err)
	}
	if who != "cli:ann" || what != "restore" || !strings.Contains(detail, good) {
		t.Errorf("the last audit row: %s %s %q, want the restore by cli:ann", who, what, detail)
	}
	if code, out, errs := runCLI(t, "", "check", "--db", lib); code != 0 || strings.Contains(out, "schema:") {
		t.Errorf("check after the restore: exit %d\n%s%s", code, out, errs)
	}
}
