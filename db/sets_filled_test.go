package db_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"pencilbox"
	"pencilbox/db"
)

// TestCreateFilled (issue 28): a set made with its puzzles is one
// transaction: it holds them in order with the audit rows of a create and
// an add; when one of them is used (another editor took it meanwhile) the
// whole is refused and no set is left, where Create then Add left an
// empty set.
func TestCreateFilled(t *testing.T) {
	lib := newPubLibrary(t)
	ctx := db.WithActor(context.Background(), "alice")
	id, n, err := lib.sets.CreateFilled(ctx, "Week 50", "from recipe", []int64{42, 43, 44}, false)
	if err != nil || n != 3 {
		t.Fatalf("CreateFilled: %d %d %v", id, n, err)
	}
	si, ids, err := lib.sets.Get(ctx, id)
	if err != nil || si.Name != "Week 50" || si.Notes != "from recipe" || !slices.Equal(ids, []int64{42, 43, 44}) {
		t.Errorf("the set: %+v %v %v", si, ids, err)
	}
	var actions []string
	rows, err := lib.d.R.Query(`SELECT action FROM audit WHERE set_id = ? ORDER BY id`, id)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var a string
		rows.Scan(&a)
		actions = append(actions, a)
	}
	rows.Close()
	if !slices.Equal(actions, []string{db.ActionSetCreate, db.ActionSetAdd}) {
		t.Errorf("audit rows %q, want a create and an add", actions)
	}

	// puzzle 1 is in January, published: refused whole, no set left
	before, _ := lib.sets.List(ctx)
	_, _, err = lib.sets.CreateFilled(ctx, "Week 51", "", []int64{45, 1}, false)
	var re *pencilbox.ReuseError
	if !errors.As(err, &re) {
		t.Fatalf("a used puzzle: %v, want a ReuseError", err)
	}
	if _, _, err := lib.sets.ByName(ctx, "Week 51"); !errors.Is(err, db.ErrNoSet) {
		t.Errorf("a refused CreateFilled left the set: %v", err)
	}
	if after, _ := lib.sets.List(ctx); len(after) != len(before) {
		t.Errorf("%d sets before, %d after a refused CreateFilled", len(before), len(after))
	}
	// a taken name is refused as Create refuses it
	if _, _, err := lib.sets.CreateFilled(ctx, "Week 50", "", []int64{46}, false); err == nil {
		t.Error("a second set named Week 50 was made")
	}
}
