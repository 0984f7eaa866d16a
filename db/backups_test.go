package db_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// TestBackupFutureNames: a backup named for a later time (a clock once
// ahead) is not the newest: a new backup beside it is kept, whatever keep
// says, pruning goes by the clock and never deletes the future file, and
// BackupsAt tells the two apart.
func TestBackupFutureNames(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	addPuzzles(t, d, 0, 5)
	dir := t.TempDir()
	now := time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)
	ahead := filepath.Join(dir, db.BackupName(now.Add(400*24*time.Hour)))
	if err := d.Backup(ctx, ahead, false); err != nil {
		t.Fatal(err)
	}
	var made []string
	for i := range 3 {
		p, pruned, err := d.BackupInto(ctx, dir, now.Add(time.Duration(i)*time.Hour), 1)
		if err != nil {
			t.Fatalf("backup %d: %v", i, err)
		}
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("backup %d deleted itself: %v", i, err)
		}
		if i > 0 && (len(pruned) != 1 || pruned[0] != made[i-1]) {
			t.Errorf("backup %d pruned %v, want the one before it", i, names(pruned))
		}
		made = append(made, p)
	}
	want := names([]string{ahead, made[2]})
	if got := dirNames(t, dir); !slices.Equal(got, want) {
		t.Errorf("folder holds %v, want %v", got, want)
	}
	past, future, err := db.BackupsAt(dir, now.Add(2*time.Hour))
	if err != nil || len(past) != 1 || past[0].Path != made[2] || len(future) != 1 || future[0].Path != ahead {
		t.Errorf("BackupsAt: past %v, future %v, %v", past, future, err)
	}
	// named for this very second: past
	if past, future, _ := db.BackupsAt(dir, now.Add(2*time.Hour+500*time.Millisecond)); len(past) != 1 || len(future) != 1 {
		t.Errorf("BackupsAt a moment later: past %v, future %v", past, future)
	}
}

// TestBackupPartials: a backup is written under a partial name and
// renamed whole; CleanPartials removes the partial copies whose process is
// gone or that are an hour old (the old ".NAME.PID.part" names too), and
// nothing else: a live process's recent partial, other names, backups.
func TestBackupPartials(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	addPuzzles(t, d, 0, 5)
	dir := t.TempDir()
	now := time.Now()
	name := db.BackupName(now.Add(-time.Hour))
	files := map[string]time.Duration{ // name: age
		"." + name + ".999999999-1.part":                    time.Minute,   // its process is gone
		"." + name + fmt.Sprintf(".%d-2.part", os.Getpid()): time.Minute,   // ours, running
		"." + name + ".12345.part":                          2 * time.Hour, // the old naming, old
		"." + name + ".12346.part":                          time.Minute,   // the old naming, recent
		".notes.db.999999999-1.part":                        3 * time.Hour, // not a backup's
		".pencilbox-monday.db.999999999-1.part":             3 * time.Hour, // not a backup's
		"pencilbox-20200101T000000Z.db.999999999-1.part":    3 * time.Hour, // no dot: not ours
	}
	for n, age := range files {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, now.Add(-age), now.Add(-age))
	}
	removed, err := db.CleanPartials(dir, now)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(removed), []string{"." + name + ".12345.part", "." + name + ".999999999-1.part"}; !slices.Equal(got, want) {
		t.Errorf("removed %v, want %v", got, want)
	}
	// a backup leaves no partial file beside it, and takes the name whole
	p, _, err := d.BackupInto(ctx, dir, now, 3)
	if err != nil {
		t.Fatal(err)
	}
	if n := countIn(t, p); n != 5 {
		t.Errorf("backup holds %d puzzles", n)
	}
	for _, n := range dirNames(t, dir) {
		if _, ok := files[n]; !ok && n != filepath.Base(p) {
			t.Errorf("the backup left %s", n)
		}
	}
	if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("backup file mode: %v %v", st.Mode(), err)
	}
}

// TestRestoreIgnoresPlantedLink: a symbolic link planted at the restore's
// old predictable temporary name (".lib.db.restore.PID.part", pointing at
// another file of the user's) is neither followed nor truncated: the
// restore writes into a fresh name of its own, the other file is as it
// was. A partial copy a killed restore left is removed.
func TestRestoreIgnoresPlantedLink(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.db")
	d := mustOpenAt(t, lib)
	addPuzzles(t, d, 0, 7)
	good := filepath.Join(dir, "good.db")
	if err := d.Backup(ctx, good, false); err != nil {
		t.Fatal(err)
	}
	d.Close()
	victim := filepath.Join(t.TempDir(), "precious.txt")
	os.WriteFile(victim, []byte("the user's own file\n"), 0o644)
	planted := filepath.Join(dir, fmt.Sprintf(".lib.db.restore.%d.part", os.Getpid()))
	if err := os.Symlink(victim, planted); err != nil {
		t.Fatal(err)
	}
	killed := filepath.Join(dir, ".lib.db.restore.999999999-1.part")
	for _, p := range []string{killed, killed + "-wal", killed + "-shm"} {
		os.WriteFile(p, []byte("half a copy"), 0o644)
	}
	if _, err := db.Restore(ctx, lib, good, time.Now()); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "the user's own file\n" {
		t.Errorf("the restore wrote through the planted link: the other file now holds %d bytes", len(b))
	}
	if st, err := os.Lstat(lib); err != nil || !st.Mode().IsRegular() {
		t.Errorf("the library is not a plain file: %v %v", st.Mode(), err)
	}
	if n := countIn(t, lib); n != 7 {
		t.Errorf("restored library holds %d puzzles, want 7", n)
	}
	for _, p := range []string{killed, killed + "-wal", killed + "-shm"} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s, which a killed restore left: %v", filepath.Base(p), err)
		}
	}
}

// TestRestoreRefusesForeignSchema: a backup whose schema is not the one
// pencilbox's migrations make (a trigger that deletes every new audit row,
// a view, a table, an index, a column more) is refused with ErrSchema
// naming what is extra, the library left as it was and no copy left
// beside it; a backup of an older release is upgraded and restored, and
// the restore is the restored library's newest audit row, with its actor.
func TestRestoreRefusesForeignSchema(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.db")
	d := mustOpenAt(t, lib)
	addPuzzles(t, d, 0, 4)
	d.Close()
	for _, tc := range []struct{ sql, says string }{
		{`CREATE TRIGGER wipe AFTER INSERT ON audit BEGIN DELETE FROM audit; END`, "an extra trigger wipe (on audit)"},
		{`CREATE VIEW v AS SELECT 1`, "an extra view v"},
		{`CREATE TABLE mine(x)`, "an extra table mine"},
		{`CREATE INDEX puzzles_note ON puzzles(note)`, "an extra index puzzles_note (on puzzles)"},
		{`ALTER TABLE audit ADD COLUMN extra TEXT`, "a different table audit"},
		{`DROP INDEX audit_actor`, "no index audit_actor (on audit)"},
	} {
		bad := filepath.Join(t.TempDir(), "bad.db")
		b, err := os.ReadFile(lib)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(bad, b, 0o644)
		raw, err := sql.Open("sqlite", "file:"+bad)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.Exec(tc.sql); err != nil {
			t.Fatal(err)
		}
		raw.Close()
		before, _ := os.ReadFile(lib)
		_, err = db.Restore(ctx, lib, bad, time.Now())
		if !errors.Is(err, db.ErrSchema) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: restore said %v, want ErrSchema naming %q", tc.sql, err, tc.says)
		}
		if after, _ := os.ReadFile(lib); !bytes.Equal(after, before) {
			t.Errorf("%s: the refused restore changed the library", tc.sql)
		}
		if got := dirNames(t, dir); !slices.Equal(got, []string{"lib.db"}) {
			t.Errorf("%s: the refused restore left %v", tc.sql, got)
		}
	}

	// an older release's backup: upgraded, restored, its restore recorded
	old := oldLibrary(t, 1)
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	aside, err := db.Restore(db.WithActor(ctx, "cli:ann"), lib, old, now)
	if err != nil {
		t.Fatalf("restore of an older release's library: %v", err)
	}
	r := mustOpenAt(t, lib)
	if diff, err := db.SchemaDiff(ctx, r.W); err != nil || len(diff) != 0 {
		t.Errorf("the upgraded library differs from the release's schema: %v %v", diff, err)
	}
	var actor, action, detail string
	if err := r.R.QueryRow(`SELECT actor, action, detail FROM audit ORDER BY id DESC LIMIT 1`).Scan(&actor, &action, &detail); err != nil {
		t.Fatal(err)
	}
	if actor != "cli:ann" || action != db.ActionRestore || !strings.Contains(detail, old) || !strings.Contains(detail, aside) {
		t.Errorf("the restored library's last audit row: %s %s %q", actor, action, detail)
	}
}
