package db

// A set's order as a whole (sort by difficulty, a drag and drop's new
// order) and the undo of its last change (migration 00110): every change
// a rewrite makes keeps the order before it in set_undo, in the change's
// own transaction, so Undo puts back exactly what the last change
// replaced.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"pencilbox"
)

// ErrNothingToUndo reports a set with no change to undo (declared at the
// root with the store's interfaces).
var ErrNothingToUndo = pencilbox.ErrNothingToUndo

// Order gives the set the order ids, which must hold exactly the set's
// puzzles (a page loaded before another change would otherwise drop or
// revive puzzles); what says why, for the audit log ("sorted by
// difficulty").
func (s SetStore) Order(ctx context.Context, id int64, ids []int64, what string) error {
	var bad error
	_, err := s.rewrite(ctx, id, func(old []int64) ([]int64, int, change) {
		if !samePuzzles(old, ids) {
			bad = fmt.Errorf("the new order holds other puzzles than the set (%d puzzles, %d in the order): the set changed meanwhile, reload it", len(old), len(ids))
			return old, 0, change{}
		}
		if equalIDs(old, ids) {
			return old, 0, change{}
		}
		return append([]int64(nil), ids...), 0, change{ActionSetOrder, nil, what}
	})
	if err != nil {
		return err
	}
	return bad
}

// LastChange says what Undo would undo ("puzzle 4 moved from position 1
// to 3"), "" when nothing.
func (s SetStore) LastChange(ctx context.Context, id int64) (string, error) {
	var detail string
	err := s.reader().QueryRowContext(ctx, `SELECT detail FROM set_undo WHERE set_id = ?`, id).Scan(&detail)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("last change of set %d: %w", id, err)
	}
	return detail, nil
}

// Undo puts the set back in the order before its last change and returns
// what that change was; ErrNothingToUndo when there is none. An undo is
// not itself undone (one step back, as a curator expects of "Undo").
func (s SetStore) Undo(ctx context.Context, id int64) (string, error) {
	var undone string
	_, err := s.rewriteTx(ctx, id, func(ctx context.Context, tx *sql.Tx, cur []int64) ([]int64, int, change, error) {
		var list, detail string
		err := tx.QueryRowContext(ctx, `SELECT ids, detail FROM set_undo WHERE set_id = ?`, id).Scan(&list, &detail)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, 0, change{}, ErrNothingToUndo
		}
		if err != nil {
			return nil, 0, change{}, fmt.Errorf("set %d's undo: %w", id, err)
		}
		var ids []int64
		if err := json.Unmarshal([]byte(list), &ids); err != nil {
			return nil, 0, change{}, fmt.Errorf("set %d's undo: %w", id, err)
		}
		undone = detail
		// the puzzles the undo takes out or puts back, for the audit log
		var touched []int64
		for _, p := range cur {
			if !containsID(ids, p) {
				touched = append(touched, p)
			}
		}
		for _, p := range ids {
			if !containsID(cur, p) {
				touched = append(touched, p)
			}
		}
		return ids, 0, change{ActionSetUndo, touched, "undone: " + detail}, nil
	})
	return undone, err
}

// saveUndo keeps a set's order before a change.
func saveUndo(ctx context.Context, tx *sql.Tx, id int64, old []int64, detail string) error {
	if old == nil {
		old = []int64{}
	}
	list, _ := json.Marshal(old)
	if _, err := tx.ExecContext(ctx, `INSERT INTO set_undo(set_id, ids, detail) VALUES(?, ?, ?)
		ON CONFLICT(set_id) DO UPDATE SET ids = excluded.ids, detail = excluded.detail`, id, string(list), detail); err != nil {
		return fmt.Errorf("set %d's undo: %w", id, err)
	}
	return nil
}

func samePuzzles(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	in := make(map[int64]bool, len(a))
	for _, p := range a {
		in[p] = true
	}
	for _, p := range b {
		if !in[p] {
			return false
		}
		delete(in, p)
	}
	return len(in) == 0
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func containsID(ids []int64, p int64) bool {
	for _, q := range ids {
		if q == p {
			return true
		}
	}
	return false
}
