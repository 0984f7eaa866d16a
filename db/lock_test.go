package db_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
)

// TestPublishedSetLocked: every change of a published set's puzzles,
// order or name is refused with its publications named, and nothing
// changes, until Reopen, which stamps the publications (kept whole, the
// puzzles' records too) and is in the audit log; the next Publish locks
// the set again. Notes stay open (issue 33, item 3).
func TestPublishedSetLocked(t *testing.T) {
	ctx := db.WithActor(context.Background(), "editor1")
	lib := newPubLibrary(t)
	s := lib.sets
	jan, before, err := s.ByName(ctx, "January")
	if err != nil {
		t.Fatal(err)
	}
	changes := []struct {
		what string
		do   func() error
	}{
		{"add", func() error { _, err := s.Add(ctx, jan.ID, []int64{60}, true); return err }},
		{"remove", func() error { return s.Remove(ctx, jan.ID, 3) }},
		{"move", func() error { return s.Move(ctx, jan.ID, 3, 1) }},
		{"order", func() error {
			_, ids, err := s.Get(ctx, jan.ID)
			if err != nil {
				return err
			}
			slices.Reverse(ids)
			return s.Order(ctx, jan.ID, ids, "reversed")
		}},
		{"undo", func() error { _, err := s.Undo(ctx, jan.ID); return err }},
		{"rename", func() error { return s.Update(ctx, jan.ID, "January 2027", "") }},
		{"add to the named set", func() error { return lib.d.AddToNamedSet(ctx, "January", "", []int64{61}) }},
	}
	for _, c := range changes {
		err := c.do()
		var le *pencilbox.LockedError
		if !errors.As(err, &le) || !errors.Is(err, pencilbox.ErrSetLocked) {
			t.Errorf("%s on a published set: %v, want a LockedError", c.what, err)
			continue
		}
		for _, says := range []string{`set "January" is published`, "in Times on 2026-01-05; in Web on 2026-01-05", "reopen it"} {
			if !strings.Contains(err.Error(), says) {
				t.Errorf("%s: %q does not say %q", c.what, err, says)
			}
		}
	}
	if si, ids, err := s.Get(ctx, jan.ID); err != nil || si.Name != "January" || !slices.Equal(ids, before) {
		t.Fatalf("after the refused changes: %q %v %v, want January %v", si.Name, ids, err, before)
	}
	// The notes are the editor's own: they stay open.
	if err := s.Update(ctx, jan.ID, "January", "printed on page 12"); err != nil {
		t.Errorf("notes of a published set: %v", err)
	}
	// An unpublished set is not locked, and not reopened.
	mar, _, _ := s.ByName(ctx, "March")
	if err := s.Move(ctx, mar.ID, 41, 1); err != nil {
		t.Errorf("move in an unpublished set: %v", err)
	}
	if _, err := s.Reopen(ctx, mar.ID); !errors.Is(err, pencilbox.ErrNotLocked) {
		t.Errorf("reopening an unpublished set: %v, want ErrNotLocked", err)
	}

	pubs, err := s.Reopen(db.WithActor(ctx, "chief"), jan.ID)
	if err != nil || len(pubs) != 2 || pubs[0].ReopenedBy != "chief" || pubs[0].Locks() {
		t.Fatalf("Reopen: %+v, %v", pubs, err)
	}
	if _, err := s.Reopen(ctx, jan.ID); !errors.Is(err, pencilbox.ErrNotLocked) {
		t.Errorf("reopening twice: %v, want ErrNotLocked", err)
	}
	log, err := db.AuditStore{R: lib.d.R}.List(ctx, pencilbox.AuditFilter{})
	if err != nil || len(log) == 0 || log[0].Action != db.ActionSetReopen || log[0].Actor != "chief" ||
		!strings.Contains(log[0].Detail, `set "January" reopened`) || !strings.Contains(log[0].Detail, "Times on 2026-01-05") {
		t.Fatalf("audit log after Reopen: %+v, %v", log[:min(1, len(log))], err)
	}
	// Reopened, every change goes through; the publications and their
	// puzzles' records stay as published.
	for _, c := range changes {
		if err := c.do(); err != nil && !errors.Is(err, pencilbox.ErrNothingToUndo) {
			t.Errorf("%s on the reopened set: %v", c.what, err)
		}
	}
	pubs, err = s.Publications(ctx, jan.ID)
	if err != nil || len(pubs) != 2 || pubs[0].Count != 10 || pubs[0].SetName != "January" || pubs[1].Reopened.IsZero() {
		t.Fatalf("publications after Reopen and changes: %+v, %v", pubs, err)
	}
	if pp, err := s.PuzzlePublications(ctx, 3); err != nil || len(pp) != 2 || pp[0].Pos != 3 {
		t.Errorf("puzzle 3's publications after it was moved: %+v, %v", pp, err)
	}
	// Published again, it is locked again, by the new publication only.
	if _, err := s.Publish(ctx, jan.ID, "Gazette", "2026-02-01", 0); err != nil {
		t.Fatal(err)
	}
	err = s.Remove(ctx, jan.ID, 1)
	var le *pencilbox.LockedError
	if !errors.As(err, &le) || len(le.Publications) != 1 || le.Publications[0].Outlet != "Gazette" {
		t.Errorf("remove after publishing again: %v, want locked by Gazette alone", err)
	}
}
