package pencilbox

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"
)

// ErrNoSet reports a set id (or name) that does not exist.
var ErrNoSet = errors.New("no such set")

// ErrNothingToUndo reports a set with no change to undo.
var ErrNothingToUndo = errors.New("nothing to undo")

// ErrNotLocked reports a Reopen of a set that no publication locks.
var ErrNotLocked = errors.New("the set is not locked: it has no publication since it was last reopened")

// Set is one set of the web admin, a named and ordered collection of
// puzzle ids for a book or a column, without its items.
type Set struct {
	ID    int64
	Name  string
	Notes string
	// NotesCut: Notes are the start of longer notes (SetStore.List).
	NotesCut bool
	Count    int
	Updated  time.Time
	// Kinds are the kinds of its puzzles, each once, sorted; Published
	// counts its publications and Last is the latest (by date): SetStore.List
	// fills them, so the list of sets says what each holds and where it
	// appeared.
	Kinds     []string
	Published int
	Last      Publication
}

// SetStore keeps the sets: declared here, beside Set, so that web takes an
// interface rather than the db package's store over raw SQL pools.
// Positions in a set are 1..n without gaps; a missing set is ErrNoSet.
type SetStore interface {
	// List returns every set by name, its Notes cut to their first
	// SetNotesPreview characters (NotesCut says so): a list shows no
	// more, and reads no more however long the notes are.
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
	// CreateFilled makes a set holding puzzles (Create and Add in one
	// transaction: a crash leaves no set or the whole set, never an empty
	// one) and returns its id and how many it holds.
	CreateFilled(ctx context.Context, name, notes string, puzzles []int64, reuse bool) (int64, int, error)
	Update(ctx context.Context, id int64, name, notes string) error
	Delete(ctx context.Context, id int64) error
	// Add appends puzzles to the end of a set, skipping those already in
	// it, and returns how many were added. Unless reuse, puzzles already
	// used (published, or in another set) are refused with a *ReuseError
	// naming them and saying why, and nothing is added.
	Add(ctx context.Context, id int64, puzzles []int64, reuse bool) (int, error)
	// Reused returns those of puzzles already used: published, or in a
	// set other than id (0: any set), in the order given: what Add would
	// refuse, for a page to list before asking.
	Reused(ctx context.Context, id int64, puzzles []int64) ([]Reuse, error)
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

	// Publish records the set as published in outlet on date
	// (YYYY-MM-DD; "" = today), with each of its puzzles at its position,
	// and returns the record. An empty set, or the same set, outlet and
	// date again, is refused. A published set is locked: every change of
	// its puzzles or their order (Add, Remove, Move, Order, Undo) and of
	// its name is refused with a *LockedError naming the publications,
	// until Reopen. A nonzero image prints the puzzles as the random
	// images it chooses (Publication.Image; NewImageSeed draws one).
	Publish(ctx context.Context, id int64, outlet, date string, image uint64) (Publication, error)
	// Reopen unlocks a published set for changes and returns the
	// publications it reopened. Each keeps its record (its puzzles stay
	// published, at their positions then) and is stamped with when and
	// by whom the set was reopened; the audit log records it. The next
	// Publish locks the set again. A set that is not locked is refused
	// with ErrNotLocked.
	Reopen(ctx context.Context, id int64) ([]Publication, error)
	// Publications returns a set's publications, by date.
	Publications(ctx context.Context, id int64) ([]Publication, error)
	// PuzzleSets returns the sets holding a puzzle, by name, with its
	// position in each; PuzzlePublications its publications, by date
	// (kept when the set was since edited or deleted).
	PuzzleSets(ctx context.Context, puzzle int64) ([]Membership, error)
	PuzzlePublications(ctx context.Context, puzzle int64) ([]Publication, error)
	// Outlets lists the outlets published in, by name.
	Outlets(ctx context.Context) ([]string, error)
}

// Limits on a set's text, in characters. Every list page (the sets, the
// puzzles with their "Add to set" choice, a puzzle's page) reads every
// set; a set's notes had no limit, and five of 50 MiB took /puzzles from
// 20 to 756 ms and four list pages at once to 2 GB.
const (
	// MaxSetName is the longest name a set takes: a heading, a booklet's
	// title, a download's file name.
	MaxSetName = 200
	// MaxSetNotes is the longest notes a set takes: a page of text.
	MaxSetNotes = 10_000
	// SetNotesPreview is how much of a set's notes a list of sets
	// (SetStore.List) carries; Get returns them whole.
	SetNotesPreview = 120
)

// CheckSetText refuses a set name or notes over their limits, with a
// sentence naming the limit and the length sent (never the text itself,
// which a page would otherwise echo whole). A name must not be empty.
func CheckSetText(name, notes string) error {
	if name == "" {
		return errors.New("a set needs a name")
	}
	if n := utf8.RuneCountInString(name); n > MaxSetName {
		return fmt.Errorf("the set's name has %d characters: a name takes at most %d", n, MaxSetName)
	}
	if n := utf8.RuneCountInString(notes); n > MaxSetNotes {
		return fmt.Errorf("the set's notes have %d characters: notes take at most %d (shorten them by %d)", n, MaxSetNotes, n-MaxSetNotes)
	}
	return nil
}
