package db_test

import (
	"context"
	"testing"

	"pencilbox"
	"pencilbox/db"
)

// TestStatementCache: a filter asked again reuses its statements, and
// past the cache's bound (id lists of every length) queries still answer,
// unprepared, while the cache stays bounded.
func TestStatementCache(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	d := lib.d
	f := pencilbox.Filter{Kind: "sudoku", RankMin: 2, Sort: pencilbox.SortScore, Limit: 5}
	if _, err := d.Puzzles(ctx, f); err != nil {
		t.Fatal(err)
	}
	n := d.CachedStatements()
	if n == 0 {
		t.Fatal("nothing cached")
	}
	for range 3 {
		d.ForgetPlans()
		if _, err := d.Puzzles(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	if d.CachedStatements() != n {
		t.Errorf("the same filter again: %d statements cached, was %d", d.CachedStatements(), n)
	}
	// Id lists of 1..MaxStmts+50 puzzles: each a new text.
	var ids []int64
	for i := int64(1); i <= int64(db.MaxStmts+50); i++ {
		ids = append(ids, i)
		pg, err := d.Puzzles(ctx, pencilbox.Filter{IDs: ids, Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if want := lib.want(pencilbox.Filter{IDs: ids}); len(pg.Rows) != len(want) {
			t.Fatalf("%d ids: %d rows, want %d", len(ids), len(pg.Rows), len(want))
		}
	}
	if c := d.CachedStatements(); c > db.MaxStmts {
		t.Errorf("%d statements cached, bound %d", c, db.MaxStmts)
	}
}
