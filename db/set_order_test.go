package db_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"pencilbox/db"
)

// TestSetOrderUndo: every change of a set can be undone once, back to
// exactly the order before it; an order that holds other puzzles than the
// set is refused and changes nothing.
func TestSetOrderUndo(t *testing.T) {
	ctx := context.Background()
	d := mustOpenAt(t, filepath.Join(t.TempDir(), "sets.db"))
	sets := db.SetStore{DB: d.W}
	id, err := sets.Create(ctx, "week", "")
	if err != nil {
		t.Fatal(err)
	}
	order := func() string {
		_, ids, err := sets.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(ids)
	}
	if _, err := sets.Undo(ctx, id); !errors.Is(err, db.ErrNothingToUndo) {
		t.Errorf("undo of a new set: %v, want nothing to undo", err)
	}
	steps := []struct {
		what   string
		change func() error
		after  string
		last   string // LastChange after it
	}{
		{"add", func() error { _, err := sets.Add(ctx, id, []int64{1, 2, 3, 4}, false); return err }, "[1 2 3 4]", "4 puzzles added"},
		{"move", func() error { return sets.Move(ctx, id, 4, 1) }, "[4 1 2 3]", "puzzle 4 moved from position 4 to 1"},
		{"order", func() error { return sets.Order(ctx, id, []int64{3, 2, 1, 4}, "sorted") }, "[3 2 1 4]", "sorted"},
		{"remove", func() error { return sets.Remove(ctx, id, 2) }, "[3 1 4]", "puzzle 2 removed"},
	}
	for _, s := range steps {
		before := order()
		if err := s.change(); err != nil {
			t.Fatalf("%s: %v", s.what, err)
		}
		if got := order(); got != s.after {
			t.Errorf("%s: %s, want %s", s.what, got, s.after)
		}
		if last, err := sets.LastChange(ctx, id); err != nil || last != s.last {
			t.Errorf("%s: last change %q %v, want %q", s.what, last, err, s.last)
		}
		if undone, err := sets.Undo(ctx, id); err != nil || undone != s.last {
			t.Errorf("%s: undo said %q %v", s.what, undone, err)
		}
		if got := order(); got != before {
			t.Errorf("%s undone: %s, want %s", s.what, got, before)
		}
		if _, err := sets.Undo(ctx, id); !errors.Is(err, db.ErrNothingToUndo) {
			t.Errorf("%s: a second undo: %v, want nothing to undo", s.what, err)
		}
		if err := s.change(); err != nil { // again, for the next step
			t.Fatal(err)
		}
	}
	for _, bad := range [][]int64{{3, 1}, {3, 1, 4, 9}, {3, 1, 9}, {3, 3, 1}} {
		if err := sets.Order(ctx, id, bad, "x"); err == nil {
			t.Errorf("order %v of the set [3 1 4] was taken", bad)
		}
		if got := order(); got != "[3 1 4]" {
			t.Errorf("a refused order changed the set: %s", got)
		}
	}
}
