package db

// Sets of the web admin (migration 00100): named, ordered collections of
// puzzle ids for a book or a column. Positions are 1..n without gaps.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"pencilbox"
)

// ErrNoSet reports a set id that does not exist (declared with the
// store's interfaces).
var ErrNoSet = pencilbox.ErrNoSet

// SetStore keeps the sets in the database.
// DB is the writer; R, when set, serves the reads. OnChange, when set, is
// called after each committed change: the library's filters on sets and
// publications (in_set, published, outlet) are planned with counts the
// DB caches (DB.Sets wires its ForgetPlans).
type SetStore struct {
	DB       *sql.DB
	R        Querier
	OnChange func()
}

// Sets is the set store of d: written through its writer, read through
// its reader pool, its cached plans forgotten at every change.
func (d *DB) Sets() SetStore { return SetStore{DB: d.W, R: d.Reader(), OnChange: d.ForgetPlans} }

func (s SetStore) changed() {
	if s.OnChange != nil {
		s.OnChange()
	}
}

func (s SetStore) reader() Querier {
	if s.R != nil {
		return s.R
	}
	return s.DB
}

// SetInfo is one set without its items (the domain type pencilbox.Set).
type SetInfo = pencilbox.Set

// SetStore is web's set store.
var _ pencilbox.SetStore = SetStore{}

// List returns every set by name, with the start of its notes only.
func (s SetStore) List(ctx context.Context) ([]SetInfo, error) {
	// The kinds and the latest publication are read per set: a set's
	// items through set_items' primary key, its publications through
	// publications_set.
	rows, err := s.reader().QueryContext(ctx, `SELECT s.id, s.name, substr(s.notes, 1, ?), length(s.notes) > ?, s.updated,
		(SELECT count(*) FROM set_items i WHERE i.set_id = s.id),
		coalesce((SELECT group_concat(k, ' ') FROM (SELECT DISTINCT p.kind AS k FROM set_items i JOIN puzzles p ON p.id = i.puzzle_id
			WHERE i.set_id = s.id ORDER BY 1)), ''),
		(SELECT count(*) FROM publications b WHERE b.set_id = s.id),
		coalesce((SELECT b.outlet || char(9) || b.date FROM publications b WHERE b.set_id = s.id ORDER BY b.date DESC, b.id DESC LIMIT 1), '')
		FROM sets s ORDER BY s.name`,
		pencilbox.SetNotesPreview, pencilbox.SetNotesPreview)
	if err != nil {
		return nil, fmt.Errorf("list sets: %w", err)
	}
	defer rows.Close()
	var out []SetInfo
	for rows.Next() {
		var si SetInfo
		var upd int64
		var kinds, last string
		if err := rows.Scan(&si.ID, &si.Name, &si.Notes, &si.NotesCut, &upd, &si.Count, &kinds, &si.Published, &last); err != nil {
			return nil, fmt.Errorf("list sets: %w", err)
		}
		si.Updated = time.Unix(upd, 0)
		si.Kinds = strings.Fields(kinds)
		slices.Sort(si.Kinds)
		si.Last.Outlet, si.Last.Date, _ = strings.Cut(last, "\t")
		out = append(out, si)
	}
	return out, rows.Err()
}

// Get returns a set and its puzzle ids in order.
func (s SetStore) Get(ctx context.Context, id int64) (SetInfo, []int64, error) {
	var si SetInfo
	var upd int64
	err := s.reader().QueryRowContext(ctx, `SELECT id, name, notes, updated FROM sets WHERE id = ?`, id).Scan(&si.ID, &si.Name, &si.Notes, &upd)
	if errors.Is(err, sql.ErrNoRows) {
		return si, nil, ErrNoSet
	}
	if err != nil {
		return si, nil, err
	}
	si.Updated = time.Unix(upd, 0)
	ids, err := s.items(ctx, s.reader(), id)
	si.Count = len(ids)
	return si, ids, err
}

// Kinds returns the kinds of a set's puzzles, each once, sorted: what an
// export of the set must be able to hold.
func (s SetStore) Kinds(ctx context.Context, id int64) ([]string, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT DISTINCT p.kind FROM set_items i JOIN puzzles p ON p.id = i.puzzle_id
		WHERE i.set_id = ? ORDER BY p.kind`, id)
	if err != nil {
		return nil, fmt.Errorf("kinds of set %d: %w", id, err)
	}
	defer rows.Close()
	var kinds []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, fmt.Errorf("kinds of set %d: %w", id, err)
		}
		kinds = append(kinds, k)
	}
	return kinds, rows.Err()
}

func (s SetStore) items(ctx context.Context, q Querier, id int64) ([]int64, error) {
	rows, err := q.QueryContext(ctx, `SELECT puzzle_id FROM set_items WHERE set_id = ? ORDER BY pos`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var p int64
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		ids = append(ids, p)
	}
	return ids, rows.Err()
}

// checkSetText refuses a name or notes a set cannot have: empty, over
// their limits (pencilbox.CheckSetText), or the names "yes" or "no",
// which the in_set filter reads as any set or none.
func checkSetText(name, notes string) error {
	if err := pencilbox.CheckSetText(name, notes); err != nil {
		return err
	}
	switch {
	case strings.EqualFold(name, "yes") || strings.EqualFold(name, "no"):
		return fmt.Errorf("a set cannot be named %q: the in_set filter reads yes and no as in any set and in none", name)
	}
	return nil
}

// Create makes an empty set and returns its id.
func (s SetStore) Create(ctx context.Context, name, notes string) (int64, error) {
	id, _, err := s.CreateFilled(ctx, name, notes, nil, false)
	return id, err
}

// CreateFilled makes a set holding puzzles, in order, in one transaction
// (with the audit rows of a create and an add), and returns its id and
// how many it holds: a process killed midway leaves no set, or the set
// with its puzzles, never the empty set two transactions left (a recipe
// build, generate --set). Unless reuse, used puzzles are refused as Add
// refuses them, and no set is made.
func (s SetStore) CreateFilled(ctx context.Context, name, notes string, puzzles []int64, reuse bool) (int64, int, error) {
	name = strings.TrimSpace(name)
	if err := checkSetText(name, notes); err != nil {
		return 0, 0, err
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return 0, 0, err
	}
	defer tx.Rollback()
	now := time.Now().Unix()
	res, err := tx.ExecContext(ctx, `INSERT INTO sets(name, notes, created, updated) VALUES(?, ?, ?, ?)`, name, notes, now, now)
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return 0, 0, fmt.Errorf("a set named %q already exists", name)
		}
		return 0, 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, 0, err
	}
	if err := record(ctx, tx, ActionSetCreate, id, 0, nil, fmt.Sprintf("set %q created", name)); err != nil {
		return 0, 0, err
	}
	n := 0
	if len(puzzles) > 0 {
		if n, err = s.rewriteIn(ctx, tx, id, addTo(id, puzzles, reuse)); err != nil {
			return 0, 0, err
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, 0, err
	}
	s.changed()
	return id, n, nil
}

// Update changes a set's name and notes.
func (s SetStore) Update(ctx context.Context, id int64, name, notes string) error {
	name = strings.TrimSpace(name)
	if err := checkSetText(name, notes); err != nil {
		return err
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var old string
	if err := tx.QueryRowContext(ctx, `SELECT name FROM sets WHERE id = ?`, id).Scan(&old); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNoSet
		}
		return err
	}
	// A published set keeps its name (a booklet's title, what its
	// publications are found by) until reopened; its notes, the editor's
	// own, stay open.
	if old != name {
		if err := refuseLocked(ctx, tx, id, old); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE sets SET name = ?, notes = ?, updated = ? WHERE id = ?`, name, notes, time.Now().Unix(), id); err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return fmt.Errorf("a set named %q already exists", name)
		}
		return err
	}
	detail := fmt.Sprintf("set %q: name and notes saved", name)
	if old != name {
		detail = fmt.Sprintf("set %q renamed %q; notes saved", old, name)
	}
	if err := record(ctx, tx, ActionSetEdit, id, 0, nil, detail); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	s.changed()
	return nil
}

// Delete removes a set.
func (s SetStore) Delete(ctx context.Context, id int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var name string
	if err := tx.QueryRowContext(ctx, `SELECT name FROM sets WHERE id = ?`, id).Scan(&name); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil // already gone
		}
		return err
	}
	ids, err := s.items(ctx, tx, id)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM set_items WHERE set_id = ?`, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM set_undo WHERE set_id = ?`, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sets WHERE id = ?`, id); err != nil {
		return err
	}
	// Its publications stay, with the puzzles' records, under the name
	// they were published with; the id may be given to a new set.
	if _, err := tx.ExecContext(ctx, `UPDATE publications SET set_id = NULL WHERE set_id = ?`, id); err != nil {
		return err
	}
	if err := record(ctx, tx, ActionSetDelete, id, 0, ids, fmt.Sprintf("set %q deleted (%d puzzles)", name, len(ids))); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	s.changed()
	return nil
}

// Add appends puzzles to the end of a set, skipping those already in it,
// and returns how many were added. Unless reuse, puzzles already used
// (published, or in another set) are refused: a *pencilbox.ReuseError
// names them and says why, and nothing is added. The check and the
// change are one transaction.
func (s SetStore) Add(ctx context.Context, id int64, puzzles []int64, reuse bool) (int, error) {
	return s.rewriteTx(ctx, id, addTo(id, puzzles, reuse))
}

// addTo is Add's change of a set's order, for rewriteTx and rewriteIn.
func addTo(id int64, puzzles []int64, reuse bool) func(context.Context, *sql.Tx, []int64) ([]int64, int, change, error) {
	return func(ctx context.Context, tx *sql.Tx, ids []int64) ([]int64, int, change, error) {
		in := make(map[int64]bool, len(ids))
		for _, p := range ids {
			in[p] = true
		}
		var added []int64
		for _, p := range puzzles {
			if !in[p] {
				in[p] = true
				ids = append(ids, p)
				added = append(added, p)
			}
		}
		// Those already in the set are skipped, not reused.
		if !reuse && len(added) > 0 {
			used, err := reused(ctx, tx, id, added)
			if err != nil {
				return nil, 0, change{}, err
			}
			if len(used) > 0 {
				var name string
				if err := tx.QueryRowContext(ctx, `SELECT name FROM sets WHERE id = ?`, id).Scan(&name); err != nil {
					return nil, 0, change{}, err
				}
				return nil, 0, change{}, &pencilbox.ReuseError{Set: name, Reused: used}
			}
		}
		return ids, len(added), change{ActionSetAdd, added, fmt.Sprintf("%d puzzles added", len(added))}, nil
	}
}

// Remove takes a puzzle out of a set.
func (s SetStore) Remove(ctx context.Context, id, puzzle int64) error {
	_, err := s.rewrite(ctx, id, func(ids []int64) ([]int64, int, change) {
		var out []int64
		for _, p := range ids {
			if p != puzzle {
				out = append(out, p)
			}
		}
		if len(out) == len(ids) {
			return ids, 0, change{} // not in the set
		}
		return out, 0, change{ActionSetRemove, []int64{puzzle}, fmt.Sprintf("puzzle %d removed", puzzle)}
	})
	return err
}

// Move puts a puzzle at 1-based position pos (clamped to the set's size).
func (s SetStore) Move(ctx context.Context, id, puzzle int64, pos int) error {
	_, err := s.rewrite(ctx, id, func(ids []int64) ([]int64, int, change) {
		at := -1
		for i, p := range ids {
			if p == puzzle {
				at = i
			}
		}
		if at < 0 {
			return ids, 0, change{}
		}
		rest := append(append([]int64(nil), ids[:at]...), ids[at+1:]...)
		pos = min(max(pos, 1), len(ids)) - 1
		out := append(append(append([]int64(nil), rest[:pos]...), puzzle), rest[pos:]...)
		return out, 0, change{ActionSetMove, []int64{puzzle}, fmt.Sprintf("puzzle %d moved from position %d to %d", puzzle, at+1, pos+1)}
	})
	return err
}

// change is what a rewrite did, for the audit log (no action: nothing).
type change struct {
	action  string
	puzzles []int64
	detail  string
}

// rewrite loads a set's order, lets f change it and writes it back, with
// its audit row and the order before it (Undo's), in one transaction.
func (s SetStore) rewrite(ctx context.Context, id int64, f func([]int64) ([]int64, int, change)) (int, error) {
	return s.rewriteTx(ctx, id, func(_ context.Context, _ *sql.Tx, ids []int64) ([]int64, int, change, error) {
		ids, n, ch := f(ids)
		return ids, n, ch, nil
	})
}

// rewriteTx is rewrite with f reading in the transaction (Undo's saved
// order); an undo does not save the order it replaces.
func (s SetStore) rewriteTx(ctx context.Context, id int64, f func(context.Context, *sql.Tx, []int64) ([]int64, int, change, error)) (int, error) {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	n, err := s.rewriteIn(ctx, tx, id, f)
	if err != nil {
		return 0, err
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	s.changed()
	return n, nil
}

// rewriteIn is rewriteTx's change inside the caller's transaction tx.
func (s SetStore) rewriteIn(ctx context.Context, tx *sql.Tx, id int64, f func(context.Context, *sql.Tx, []int64) ([]int64, int, change, error)) (int, error) {
	var name string
	if err := tx.QueryRowContext(ctx, `SELECT name FROM sets WHERE id = ?`, id).Scan(&name); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return 0, ErrNoSet
		}
		return 0, err
	}
	// A published set is locked (pencilbox.LockedError): checked in the
	// change's transaction, so no publication slips in between.
	if err := refuseLocked(ctx, tx, id, name); err != nil {
		return 0, err
	}
	old, err := s.items(ctx, tx, id)
	if err != nil {
		return 0, err
	}
	ids, n, ch, err := f(ctx, tx, old)
	if err != nil {
		return 0, err
	}
	if ch.action == "" || (ch.action == ActionSetAdd && n == 0) {
		return n, nil // nothing changed
	}
	if ch.action == ActionSetUndo {
		if _, err := tx.ExecContext(ctx, `DELETE FROM set_undo WHERE set_id = ?`, id); err != nil {
			return 0, err
		}
	} else if err := saveUndo(ctx, tx, id, old, ch.detail); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM set_items WHERE set_id = ?`, id); err != nil {
		return 0, err
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO set_items(set_id, puzzle_id, pos) VALUES(?, ?, ?)`)
	if err != nil {
		return 0, err
	}
	defer stmt.Close()
	for i, p := range ids {
		if _, err := stmt.ExecContext(ctx, id, p, i+1); err != nil {
			return 0, err
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE sets SET updated = ? WHERE id = ?`, time.Now().Unix(), id); err != nil {
		return 0, err
	}
	if err := record(ctx, tx, ch.action, id, 0, ch.puzzles, fmt.Sprintf("set %q: %s", name, ch.detail)); err != nil {
		return 0, err
	}
	return n, nil
}

// ByName returns the set named name and its puzzle ids in order.
func (s SetStore) ByName(ctx context.Context, name string) (SetInfo, []int64, error) {
	var id int64
	err := s.reader().QueryRowContext(ctx, `SELECT id FROM sets WHERE name = ?`, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return SetInfo{}, nil, fmt.Errorf("set %q: %w", name, ErrNoSet)
	}
	if err != nil {
		return SetInfo{}, nil, err
	}
	return s.Get(ctx, id)
}

// AddToNamedSet appends the puzzles ids to the set called name, making it
// (with notes) when there is none: where a generator puts what it stored.
func (d *DB) AddToNamedSet(ctx context.Context, name, notes string, ids []int64) error {
	sets := d.Sets()
	info, _, err := sets.ByName(ctx, name)
	if errors.Is(err, ErrNoSet) {
		// made with its puzzles in one transaction: a kill leaves no
		// empty set
		_, _, err = sets.CreateFilled(ctx, name, notes, ids, true)
	} else if err == nil {
		// The generator's puzzles are new to the library: none is used.
		_, err = sets.Add(ctx, info.ID, ids, true)
	}
	if err != nil {
		return fmt.Errorf("set %q: %w", name, err)
	}
	return nil
}
