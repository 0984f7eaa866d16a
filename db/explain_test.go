package db_test

import (
	"context"
	"errors"
	"fmt"
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

// TestQuickCheckRemembers: the writer reads the whole file once; its own
// writes since do not make the next import check it again, a commit by
// another connection (another process's import) does, and so does a new
// connection (the next process, or a reopened library).
func TestQuickCheckRemembers(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "lib.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	add := func(d *db.DB, i int) {
		t.Helper()
		p := pencilbox.Puzzle{Kind: "sudoku", Givens: fmt.Sprintf("g%d", i), Canonical: fmt.Sprintf("c%d", i)}
		if _, err := d.AddBatch(ctx, []pencilbox.Entry{{Puzzle: p, Source: pencilbox.Source{Label: "x", File: "f", Line: i}}}, nil); err != nil {
			t.Fatal(err)
		}
	}
	check := func(d *db.DB, want int64, when string) {
		t.Helper()
		if err := d.QuickCheck(ctx); err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if got := d.ChecksRun(); got != want {
			t.Errorf("%s: %d checks read the file, want %d", when, got, want)
		}
	}
	check(d, 1, "first import")
	add(d, 1)
	check(d, 1, "after this writer's own import")
	check(d, 1, "again")

	other, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	add(other, 2)
	other.Close()
	check(d, 2, "after another connection's import")
	add(d, 3)
	check(d, 2, "after this writer's import again")
	d.Close()

	if d, err = db.Open(path); err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	check(d, 1, "reopened")
}
