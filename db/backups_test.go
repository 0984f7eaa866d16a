package db_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/internal/damage"
)

func addPuzzles(t *testing.T, d *db.DB, from, n int) {
	t.Helper()
	var es []pencilbox.Entry
	for i := from; i < from+n; i++ {
		g := fmt.Sprintf("%081d", i)
		es = append(es, pencilbox.Entry{
			Puzzle: pencilbox.Puzzle{Kind: "sudoku", Givens: g, Canonical: g, Status: engine.Multiple, Clues: 1, Width: 9, Height: 9},
			Source: pencilbox.Source{Label: "bk", File: "bk.sdm", Line: i, Text: g},
		})
	}
	if _, err := d.AddBatch(context.Background(), es, nil); err != nil {
		t.Fatal(err)
	}
}

func names(paths []string) []string {
	var out []string
	for _, p := range paths {
		out = append(out, filepath.Base(p))
	}
	slices.Sort(out)
	return out
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// TestBackupIntoPrunes: scheduled backups, one an hour, keep 3: each is
// checked and holds the library as it was; the oldest are deleted, and
// nothing else in the folder is, however close its name.
func TestBackupIntoPrunes(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	dir := t.TempDir()
	others := []string{"notes.txt", "pencilbox-keep.db", "pencilbox-20200101T000000Z.db.old", "pencilbox-20200101T000000Z.dbx", "Pencilbox-20200101T000000Z.db"}
	for _, n := range others {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)
	var made []string
	for i := range 5 {
		addPuzzles(t, d, i*10, 10)
		p, pruned, err := d.BackupInto(ctx, dir, start.Add(time.Duration(i)*time.Hour), 3)
		if err != nil {
			t.Fatalf("backup %d: %v", i, err)
		}
		made = append(made, p)
		if n := countIn(t, p); n != (i+1)*10 {
			t.Errorf("backup %d holds %d puzzles, want %d", i, n, (i+1)*10)
		}
		if want := min(1, max(0, i+1-3)); len(pruned) != want { // one made, one pruned
			t.Errorf("backup %d pruned %v, want %d files", i, pruned, want)
		}
	}
	want := append(slices.Clone(others), names(made[2:])...)
	slices.Sort(want)
	if got := dirNames(t, dir); !slices.Equal(got, want) {
		t.Errorf("folder holds %v, want %v", got, want)
	}
	list, err := db.Backups(dir)
	if err != nil || len(list) != 3 || list[0].Path != made[2] || !list[2].Time.Equal(start.Add(4*time.Hour)) {
		t.Errorf("Backups: %v %v", list, err)
	}
	// the same time again: refused, the backup there kept
	if _, _, err := d.BackupInto(ctx, dir, start.Add(4*time.Hour), 3); !errors.Is(err, db.ErrExists) {
		t.Errorf("a second backup of the same second: %v, want ErrExists", err)
	}
	if err := db.VerifyBackup(ctx, made[4]); err != nil {
		t.Error(err)
	}
}

func countIn(t *testing.T, path string) int {
	t.Helper()
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	return countOpen(t, d)
}

// TestVerifyAndRestore: a damaged backup, a text file and a missing one are
// refused and the library is left alone; a library open elsewhere is not
// replaced; a good backup replaces it with the old file kept aside, whole.
func TestVerifyAndRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.db")
	d := mustOpenAt(t, lib)
	addPuzzles(t, d, 0, 30)
	good := filepath.Join(dir, "good.db")
	if err := d.Backup(ctx, good, false); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.db")
	if err := d.Backup(ctx, bad, false); err != nil {
		t.Fatal(err)
	}
	if err := damage.Table(bad, "puzzles"); err != nil {
		t.Fatal(err)
	}
	text := filepath.Join(dir, "text.db")
	os.WriteFile(text, []byte("not a database\n"), 0o644)
	addPuzzles(t, d, 100, 5) // the library moves on after the backup

	for _, p := range []string{bad, text} {
		if err := db.VerifyBackup(ctx, p); !errors.Is(err, db.ErrDamaged) {
			t.Errorf("VerifyBackup(%s): %v, want ErrDamaged", filepath.Base(p), err)
		}
		if _, err := db.Restore(ctx, lib, p, time.Now()); !errors.Is(err, db.ErrDamaged) {
			t.Errorf("Restore from %s: %v, want ErrDamaged", filepath.Base(p), err)
		}
	}
	if _, err := db.Restore(ctx, lib, filepath.Join(dir, "none.db"), time.Now()); err == nil {
		t.Error("Restore from a missing file succeeded")
	}
	for _, n := range dirNames(t, dir) {
		if filepath.Ext(n) != ".db" && n != "lib.db-wal" && n != "lib.db-shm" {
			t.Errorf("checking backups left %s", n)
		}
	}
	// open here: refused
	if _, err := db.Restore(ctx, lib, good, time.Now()); !errors.Is(err, db.ErrInUse) {
		t.Errorf("Restore over an open library: %v, want ErrInUse", err)
	}
	if n := countOpen(t, d); n != 35 {
		t.Errorf("the refused restores changed the library: %d puzzles, want 35", n)
	}
	d.Close()

	now := time.Date(2026, 11, 23, 14, 0, 0, 0, time.UTC)
	aside, err := db.Restore(ctx, lib, good, now)
	if err != nil {
		t.Fatal(err)
	}
	if want := lib + ".before-restore-20261123T140000Z"; aside != want {
		t.Errorf("old library kept as %s, want %s", aside, want)
	}
	if n := countIn(t, lib); n != 30 {
		t.Errorf("restored library holds %d puzzles, want the backup's 30", n)
	}
	if n := countIn(t, aside); n != 35 {
		t.Errorf("the old library kept aside holds %d puzzles, want 35", n)
	}
}

func countOpen(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.R.QueryRow(`SELECT count(*) FROM puzzles`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
