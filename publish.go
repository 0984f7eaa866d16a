package pencilbox

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
	"unicode"
)

// Publication is one publishing of a set: in an outlet (a paper, a web
// site) on a date. A set may be published several times (the paper on
// Monday, the web site a week later). Each of its puzzles keeps the
// record, with its position then, in a table keyed by puzzle id: the
// record outlives later edits of the set and its deletion, so "never
// print a puzzle twice" holds whatever happens to the sets.
type Publication struct {
	ID      int64
	SetID   int64  // 0 once the set is deleted
	SetName string // the set's name when it was published
	Outlet  string
	Date    string    // YYYY-MM-DD, the day it appears
	At      time.Time // when it was recorded
	Actor   string    // who recorded it
	Count   int       // puzzles published (a set's publications)
	Pos     int       // the puzzle's position in the set then (a puzzle's publications)
	// Reopened is when the set was reopened after this publication
	// (SetStore.Reopen), by ReopenedBy; zero while the publication
	// locks the set.
	Reopened   time.Time
	ReopenedBy string
	// Image, when not 0, is the number that chose the random image each
	// puzzle was printed as (engine.ImageChoice of it and the puzzle's
	// id, for the kinds that are engine.Imagers): kept so that a reprint
	// and the solutions show the very images printed. 0: as stored.
	Image uint64
}

// NewImageSeed draws the number a publication printed as random images
// keeps (never 0, which means "as stored").
func NewImageSeed() uint64 {
	for {
		if s := rand.Uint64(); s != 0 {
			return s
		}
	}
}

// Locks reports whether the publication locks its set: it was not
// reopened since.
func (p Publication) Locks() bool { return p.Reopened.IsZero() }

// ErrSetLocked is what a change to a published set is refused with
// (errors.Is on a *LockedError).
var ErrSetLocked = errors.New("the set is published")

// LockedError refuses a change to a published set (add, remove, move,
// sort, recipe fill, undo, rename): what was printed must not change
// silently under its publication's record. The set stays locked until
// it is reopened (SetStore.Reopen: the CLI's `set reopen`, the set
// page's Reopen button), which the audit log records. Nothing was
// changed.
type LockedError struct {
	Set          string
	Publications []Publication // those locking it, by date
}

func (e *LockedError) Error() string {
	var pubs []string
	for _, p := range e.Publications {
		pubs = append(pubs, fmt.Sprintf("in %s on %s", p.Outlet, p.Date))
	}
	return fmt.Sprintf("set %q is published (%s) and locked: nothing was changed; reopen it first to change it", e.Set, strings.Join(pubs, "; "))
}

// Is makes errors.Is(err, ErrSetLocked) hold.
func (e *LockedError) Is(target error) bool { return target == ErrSetLocked }

// Membership is one set holding a puzzle, and where.
type Membership struct {
	SetID int64
	Name  string
	Pos   int // 1-based position in the set
}

// MaxOutlet bounds an outlet's name, in bytes.
const MaxOutlet = 200

// CheckOutlet reports an outlet name that cannot be stored: empty, over
// MaxOutlet bytes, or holding control characters.
func CheckOutlet(outlet string) error {
	switch {
	case strings.TrimSpace(outlet) == "":
		return fmt.Errorf("an outlet needs a name (the paper or site it appears in)")
	case len(outlet) > MaxOutlet:
		return fmt.Errorf("outlet %q...: at most %d bytes", clipTag(outlet), MaxOutlet)
	}
	for _, r := range outlet {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("outlet %q: no control characters or line breaks", clipTag(outlet))
		}
	}
	return nil
}

// ParseDate reads a publication date as YYYY-MM-DD ("" = today, in
// now's location) and returns it in that form.
func ParseDate(s string, now time.Time) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return now.Format(time.DateOnly), nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return "", fmt.Errorf("date %q: write it as YYYY-MM-DD, e.g. %s", s, now.Format(time.DateOnly))
	}
	return t.Format(time.DateOnly), nil
}

// Reuse is a puzzle that is already used: published, or held by another
// set. Adding it to a set asks first.
type Reuse struct {
	Puzzle       int64
	Sets         []Membership  // the other sets holding it
	Publications []Publication // its publications
}

// Why says in words why the puzzle counts as used: `in set "January"
// (position 3); published in Times on 2026-01-05`.
func (r Reuse) Why() string {
	var parts []string
	for _, m := range r.Sets {
		parts = append(parts, fmt.Sprintf("in set %q (position %d)", m.Name, m.Pos))
	}
	for _, p := range r.Publications {
		parts = append(parts, fmt.Sprintf("published in %s on %s (set %q)", p.Outlet, p.Date, p.SetName))
	}
	return strings.Join(parts, "; ")
}

// ReuseError refuses adding used puzzles to a set without confirmation;
// Reused names them and says why (the web lists them with a confirm, the
// CLI asks for --allow-reuse). Nothing was added.
type ReuseError struct {
	Set    string
	Reused []Reuse
}

// maxReuseNamed bounds the puzzles a ReuseError's message names.
const maxReuseNamed = 10

func (e *ReuseError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of the puzzles %s already used, nothing was added to set %q:", len(e.Reused),
		map[bool]string{true: "is", false: "are"}[len(e.Reused) == 1], e.Set)
	for i, r := range e.Reused {
		if i == maxReuseNamed {
			fmt.Fprintf(&b, "; and %d more", len(e.Reused)-i)
			break
		}
		sep := ";"
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s puzzle %d %s", sep, r.Puzzle, r.Why())
	}
	return b.String()
}
