package db_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"pencilbox/db"
)

// TestUpgradeMarksPendingExplicit: a library left before migration 00160
// (puzzles of a kind with a second rater not yet rated, some of them
// without a unique solution) opens with the rows that have nothing to
// rate marked rated, and only the unique ones pending: the queue's work
// and every count of it.
func TestUpgradeMarksPendingExplicit(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	w, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.MigrateAllBut(ctx, w, 160); err != nil {
		t.Fatal(err)
	}
	// status: 1 unique, 2 multiple, 3 none, 0 unknown
	for id, status := range []int{1, 2, 3, 0, 1} {
		if _, err := w.ExecContext(ctx, `INSERT INTO puzzles(id, kind, givens, canonical, status, solution, rank, score, verdict1,
			clues, width, height, note, meta, profile, created, scale_rated) VALUES(?, 'sudoku', 'g', ?, ?, '', 0, 0, 0, 20, 9, 9, '', '{}', '', 1600000000, 0)`,
			id+1, string(rune('a'+id)), status); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	d := mustOpenAt(t, path)
	n, err := d.SecondPending(ctx, []string{"sudoku"})
	if err != nil || n != 2 {
		t.Errorf("pending after 00160: %d (%v), want the 2 unique puzzles", n, err)
	}
	todo, err := d.Unrated(ctx, []string{"sudoku"}, 0, 10)
	if err != nil || len(todo) != 2 || todo[0].ID != 1 || todo[1].ID != 5 {
		t.Errorf("the queue's work after 00160: %v (%v), want puzzles 1 and 5", todo, err)
	}
}
