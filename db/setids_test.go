package db_test

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/db"
)

// TestSetIDsNeverReused: a deleted set's id is never given to a new set,
// so the audit rows, publications and undo steps that name it keep
// naming that set: on a new library, and on one upgraded from before
// migration 00121 whose newest set was deleted before the upgrade (its
// id is known from the audit log alone). The upgrade keeps every set,
// item, undo step and publication with its id, and the foreign keys still
// hold and cascade.
func TestSetIDsNeverReused(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	addPuzzles(t, d, 0, 5)
	sets := d.Sets()
	a, _ := sets.Create(ctx, "a", "")
	b, err := sets.Create(ctx, "b", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := sets.Delete(ctx, b); err != nil {
		t.Fatal(err)
	}
	c, err := sets.Create(ctx, "c", "")
	if err != nil {
		t.Fatal(err)
	}
	if c == b || c <= a {
		t.Errorf("set ids %d, %d (deleted), then %d: the deleted set's id was given again", a, b, c)
	}

	// A library from before the migration.
	path := filepath.Join(t.TempDir(), "old.db")
	w, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.MigrateTo(ctx, w, 120); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO sets(id, name, notes, created, updated) VALUES(1, 'mon', 'n1', 1, 1), (2, 'tue', '', 2, 2), (3, 'wed', '', 3, 3), (4, 'thu', '', 4, 4)`,
		`INSERT INTO set_items(set_id, puzzle_id, pos) VALUES(1, 10, 1), (1, 11, 2), (2, 12, 1), (3, 13, 1)`,
		`INSERT INTO set_undo(set_id, ids, detail) VALUES(1, '[11,10]', 'moved'), (2, '[]', 'added')`,
		`INSERT INTO publications(id, set_id, set_name, outlet, date, at) VALUES(1, 3, 'wed', 'Times', '2026-01-07', 5)`,
		`INSERT INTO puzzle_publications(puzzle_id, publication_id, pos) VALUES(13, 1, 1)`,
		`INSERT INTO audit(at, actor, action, set_id, detail) VALUES(1, 'ann', 'set.create', 4, ''), (2, 'ann', 'set.create', 5, ''), (3, 'ann', 'set.delete', 5, '')`,
		`DELETE FROM sets WHERE id = 4`, // deleted, as set 5 was before it
	} {
		if _, err := w.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	w.Close()
	old := mustOpenAt(t, path)
	dump := func(q string) string {
		var s string
		if err := old.R.QueryRowContext(ctx, q).Scan(&s); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return s
	}
	for q, want := range map[string]string{
		`SELECT group_concat(id || ':' || name || ':' || notes, ' ') FROM (SELECT * FROM sets ORDER BY id)`:                      "1:mon:n1 2:tue: 3:wed:",
		`SELECT group_concat(set_id || ':' || puzzle_id || ':' || pos, ' ') FROM (SELECT * FROM set_items ORDER BY set_id, pos)`: "1:10:1 1:11:2 2:12:1 3:13:1",
		`SELECT group_concat(set_id || ':' || ids, ' ') FROM (SELECT * FROM set_undo ORDER BY set_id)`:                           "1:[11,10] 2:[]",
		`SELECT group_concat(set_id || ':' || set_name, ' ') FROM publications`:                                                  "3:wed",
		`SELECT count(*) FROM pragma_foreign_key_check`:                                                                          "0",
		`SELECT sql LIKE '%AUTOINCREMENT%' FROM sqlite_schema WHERE name = 'sets'`:                                               "1",
	} {
		if got := dump(q); got != want {
			t.Errorf("after the upgrade %s\n got %q\nwant %q", q, got, want)
		}
	}
	// a second program that found 00121 pending runs it again: refused
	// at its first statement, nothing changed
	mig, err := fs.ReadFile(db.Migrations(), "00121_sets_autoincrement.sql")
	if err != nil {
		t.Fatal(err)
	}
	_, up, _ := strings.Cut(string(mig), "-- +goose Up")
	up, _, _ = strings.Cut(up, "-- +goose Down")
	if _, err := old.W.ExecContext(ctx, up); err == nil || !strings.Contains(err.Error(), "malformed JSON") {
		t.Errorf("00121 run again: %v, want refused", err)
	}
	if got := dump(`SELECT (SELECT count(*) FROM sets) || ' ' || (SELECT count(*) FROM set_items) || ' ' || (SELECT count(*) FROM set_undo) || ' ' || (SELECT seq FROM sqlite_sequence WHERE name = 'sets')`); got != "3 4 2 5" {
		t.Errorf("after 00121 run again: sets, items, undo steps, sequence %s, want 3 4 2 5", got)
	}
	osets := old.Sets()
	id, err := osets.Create(ctx, "fri", "")
	if err != nil {
		t.Fatal(err)
	}
	if id != 6 {
		t.Errorf("the first set after the upgrade has id %d, want 6 (4 and 5 were sets once)", id)
	}
	// the keys still cascade
	if err := osets.Delete(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if got := dump(`SELECT (SELECT count(*) FROM set_items WHERE set_id = 1) || ' ' || (SELECT count(*) FROM set_undo WHERE set_id = 1)`); got != "0 0" {
		t.Errorf("deleting set 1 left items and undo steps: %s", got)
	}
	if _, err := old.W.ExecContext(ctx, `INSERT INTO set_items(set_id, puzzle_id, pos) VALUES(99, 1, 1)`); err == nil {
		t.Error("an item of no set was stored: foreign keys are off")
	}
}
