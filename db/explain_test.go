package db_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/internal/damage"
)

// TestQuickCheck: a sound library passes, also between writes of this
// process to its text-search index (library's tests of two imports in a
// row catch the false FTS5 mismatch a check on a reader found); one with
// a damaged table fails with ErrDamaged.
func TestQuickCheck(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "lib.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := d.QuickCheck(ctx); err != nil {
			t.Fatalf("round %d: %v", i, err)
		}
		p := pencilbox.Puzzle{Kind: "sudoku", Givens: "g" + string(rune('a'+i)), Canonical: "c" + string(rune('a'+i)), Note: "note words"}
		if _, err := d.AddBatch(ctx, []pencilbox.Entry{{Puzzle: p, Source: pencilbox.Source{Label: "x", File: "f", Line: i + 1}, Tags: []string{"t"}}}, nil); err != nil {
			t.Fatal(err)
		}
		// a reader reads the index between the writes
		if _, err := d.Puzzles(ctx, pencilbox.Filter{Q: "note"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.QuickCheck(ctx); err != nil {
		t.Fatalf("after the writes: %v", err)
	}
	d.Close()
	if err := damage.Table(path, "puzzles"); err != nil {
		t.Fatal(err)
	}
	if d, err = db.Open(path); err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.QuickCheck(ctx); !errors.Is(err, db.ErrDamaged) {
		t.Errorf("damaged: %v, want ErrDamaged", err)
	}
}
