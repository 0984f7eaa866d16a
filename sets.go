package pencilbox

import (
	"context"
	"errors"
	"time"
)

// ErrNoSet reports a set id (or name) that does not exist.
var ErrNoSet = errors.New("no such set")

// ErrNothingToUndo reports a set with no change to undo.
var ErrNothingToUndo = errors.New("nothing to undo")

// Set is one set of the web admin, a named and ordered collection of
// puzzle ids for a book or a column, without its items.
type Set struct {
	ID      int64
	Name    string
	Notes   string
	Count   int
	Updated time.Time
}

// SetStore keeps the sets: declared here, beside Set, so that web takes an
// interface rather than the db package's store over raw SQL pools.
// Positions in a set are 1..n without gaps; a missing set is ErrNoSet.
type SetStore interface {
	// List returns every set by name.
	List(ctx context.Context) ([]Set, error)
	// Get returns a set and its puzzle ids in order; ByName the same by
	// the set's name.
	Get(ctx context.Context, id int64) (Set, []int64, error)
	ByName(ctx context.Context, name string) (Set, []int64, error)
	// Kinds returns the kinds of a set's puzzles, each once, sorted.
	Kinds(ctx context.Context, id int64) ([]string, error)
	// Create makes an empty set and returns its id; Update changes a
	// set's name and notes; Delete removes it.
	Create(ctx context.Context, name, notes string) (int64, error)
	Update(ctx context.Context, id int64, name, notes string) error
	Delete(ctx context.Context, id int64) error
	// Add appends puzzles to the end of a set, skipping those already in
	// it, and returns how many were added.
	Add(ctx context.Context, id int64, puzzles []int64) (int, error)
	// Remove takes a puzzle out of a set; Move puts it at 1-based
	// position pos (clamped to the set's size).
	Remove(ctx context.Context, id, puzzle int64) error
	Move(ctx context.Context, id, puzzle int64, pos int) error
	// Order gives the set the order ids, which must hold exactly its
	// puzzles; what says why, for the audit log.
	Order(ctx context.Context, id int64, ids []int64, what string) error
	// LastChange says what Undo would undo ("" when nothing); Undo puts
	// the set back as it was before its last change (add, remove, move,
	// order) and returns what that change was, or ErrNothingToUndo.
	LastChange(ctx context.Context, id int64) (string, error)
	Undo(ctx context.Context, id int64) (string, error)
}
