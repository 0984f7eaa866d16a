// Package engine defines what every puzzle kind provides: parsing one
// puzzle's description, solving it with a uniqueness check, rating it on the
// kind's technique ladder and producing a replayable step log.
//
// Shared code (the CLI, importers, the database, the web admin) talks to a
// kind only through Kind and Puzzle, so adding a kind never touches it.
package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Status says how many solutions a puzzle has.
type Status int

const (
	Unknown  Status = iota // not decided (only when a work limit was hit)
	Unique                 // exactly one solution
	Multiple               // two or more solutions
	None                   // no solution
)

var statusNames = [...]string{"unknown", "unique", "multiple", "none"}

func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return fmt.Sprintf("status(%d)", int(s))
	}
	return statusNames[s]
}

// ParseStatus is the inverse of Status.String.
func ParseStatus(s string) (Status, error) {
	for i, n := range statusNames {
		if n == s {
			return Status(i), nil
		}
	}
	return Unknown, fmt.Errorf("unknown status %q", s)
}

// ErrWorkLimit reports that a solver or rater stopped at its explicit work
// limit before deciding. Callers store such a puzzle as Unknown.
var ErrWorkLimit = errors.New("work limit reached")

// GaveUp is what to tell people about a Result or Rating whose Err is set:
// the search gave up, so its status is not a verdict.
func GaveUp(err error) string {
	if errors.Is(err, ErrWorkLimit) {
		return "gave up: solver work limit reached"
	}
	return "gave up: " + err.Error()
}

// Kind is one puzzle kind. Implementations are stateless values.
type Kind interface {
	// Name is the stable identifier stored in databases and URLs ("sudoku").
	Name() string
	// Title is the human name ("Sudoku").
	Title() string
	// Ladder lists the techniques in ladder order; Technique.Level is the
	// rank a puzzle gets when that technique is the hardest it needs.
	Ladder() []Technique
	// Sniff reports whether text looks like a single-record notation of this
	// kind. It is cheap and never allocates much; Parse gives the errors.
	Sniff(text string) bool
	// Parse reads one puzzle in any single-record notation of the kind. The
	// error says precisely what is wrong (position and reason).
	Parse(text string) (Puzzle, error)
}

// Technique is one rung of a kind's ladder.
type Technique struct {
	ID    string // short id used in profiles and filters: "e2"
	Name  string // both names where the method has its own: "E(2) Enclosure / naked pair"
	Level int    // 1-based rank level
}

// Puzzle is one parsed puzzle of some kind.
type Puzzle interface {
	Kind() Kind
	// Givens is the normalized notation (Sudoku: 81 characters, '.' empty;
	// Akari: the Tatham game ID). Parse(Givens()) gives the same puzzle.
	Givens() string
	// Canonical is equal for all puzzles that are images of each other
	// under the kind's symmetries; it is what duplicates are detected on.
	Canonical() string
	Width() int
	Height() int
	// Clues is the number of given clues (Sudoku givens, Akari numbered
	// black cells).
	Clues() int
	// Solve decides the status, counting solutions up to two, and returns
	// the solution text when unique.
	Solve() Result
	// Rate solves, checks uniqueness and rates. Steps are recorded only when
	// withSteps is true (they cost time and memory).
	Rate(withSteps bool) Rating
}

// Warner is a Puzzle whose parser ignored something in the text worth
// telling the person who imports it (an optional capability: importers
// check for it with a type assertion).
type Warner interface {
	Puzzle
	// Warnings are the parser's notes, one sentence each.
	Warnings() []string
}

// Verdicter is the optional capability of a Kind whose rating adds a
// yes/no verdict of its own (Rating.Verdict; Sudoku: whether Enclosure +
// Negation alone solves the puzzle). The library stores the verdict and
// filters on it; the pages show it, and offer the filter, only for the
// kinds that declare one, with the names and words it declares.
type Verdicter interface {
	Kind
	// Verdict declares the verdict: its key, name and words.
	Verdict() Verdict
}

// VerdictOf is k's verdict declaration; ok is false when k has none.
func VerdictOf(k Kind) (v Verdict, ok bool) {
	if d, ok := k.(Verdicter); ok {
		return d.Verdict(), true
	}
	return Verdict{}, false
}

// VerdictName is the name of k's verdict, or "" when k has none.
func VerdictName(k Kind) string {
	v, _ := VerdictOf(k)
	return v.Name
}

// Result is the outcome of Solve.
type Result struct {
	Status   Status
	Solution string // the kind's solution notation; empty unless Unique
	// Err says why Status is Unknown (it wraps ErrWorkLimit when a work
	// limit stopped the search), so callers can tell people the puzzle was
	// given up on rather than decided; nil otherwise.
	Err error
}

// Rating is the outcome of Rate. Only unique puzzles get a rank.
type Rating struct {
	Status   Status
	Solution string
	Rank     int     // 1..len(levels); 0 when not unique
	Score    float64 // orders puzzles inside one rank; harder is larger
	// Profile counts how often each technique made progress, in ladder
	// order, omitting techniques never used.
	Profile []Count
	// Verdict is the kind's own yes/no verdict on the puzzle, for a kind
	// that declares one (Verdicter); NA for the others.
	Verdict Tri
	Steps   []Step
	// Err says why Status is Unknown, as in Result; nil otherwise.
	Err error
}

// Count is one entry of a technique profile. The json tags are the web
// API's keys.
type Count struct {
	ID string `json:"technique"`
	N  int    `json:"count"`
}

// Tri is a yes/no answer that may not apply.
type Tri int8

const (
	NA Tri = iota // does not apply
	Yes
	No
)

func (t Tri) String() string {
	switch t {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "-"
}

// Step is one entry of a step log. Cells are row-major indices
// (r*Width + c). A Mark's Value is the kind's own (a digit, a light): the
// kind's package names its values. The json tags are the web API's keys.
// A step names what it touches (cells, candidates, edges, regions by
// name, a chain's links) and shared code draws it (DrawStep, with the
// kind's StepDrawing); its Sentence says the rest.
type Step struct {
	Level     int      `json:"level"`
	Technique string   `json:"technique"` // Technique.ID
	Sentence  string   `json:"sentence"`  // one sentence a person can follow, cells named r1c1
	Pattern   []int    `json:"pattern"`   // cells that form the pattern
	Houses    []string `json:"houses,omitempty"`
	Digits    []int    `json:"digits,omitempty"`
	Place     []Mark   `json:"placements"`   // placements (Mark values are the kind's own)
	Eliminate []Mark   `json:"eliminations"` // candidates removed
	// Negation / contradiction steps: the assumption made and where the
	// contradiction showed.
	Assumption    string `json:"assumption,omitempty"`
	Contradiction string `json:"contradiction,omitempty"`
	// The parts of a pattern a viewer draws (empty where a technique has
	// none), each in a role of its own (DrawStep): the regions a step
	// reasons from and clears (a fish's base and cover houses), its hinge
	// and ends (a wing's pivot and pincers), a rectangle's corners, and a
	// chain's links in order.
	Base    []string `json:"base,omitempty"`
	Cover   []string `json:"cover,omitempty"`
	Pivots  []int    `json:"pivots,omitempty"`
	Pincers []int    `json:"pincers,omitempty"`
	Corners []int    `json:"corners,omitempty"`
	Links   []Link   `json:"links,omitempty"`
	// Edges are the sides of cells the step draws in or rules out (the
	// kinds played on edges).
	Edges []EdgeMark `json:"edges,omitempty"`
}

// Link is one link of a chain: from one candidate (cell and value, true or
// false) to the next. Chain numbers the chains of one step (a multiple
// forcing chain has one per branch); an inner chain of a nested forcing
// chain has Parent set to 1 + the index of the link it supports.
type Link struct {
	From   Mark `json:"from"`
	FromOn bool `json:"from_on"`
	To     Mark `json:"to"`
	ToOn   bool `json:"to_on"`
	Strong bool `json:"strong"`
	Chain  int  `json:"chain"`
	Parent int  `json:"parent,omitempty"`
}

// Mark is a value placed in, or removed from, a cell.
type Mark struct {
	Cell  int `json:"cell"`
	Value int `json:"value"`
}

// CellName names a cell r1c1-style.
func CellName(cell, width int) string {
	return fmt.Sprintf("r%dc%d", cell/width+1, cell%width+1)
}

// ProfileString formats a profile as "id=count,..." in ladder order.
func ProfileString(p []Count) string {
	if len(p) == 0 {
		return ""
	}
	// Written by hand: every row of a csv export of 10^6 puzzles has one.
	b := make([]byte, 0, 12*len(p))
	for i, c := range p {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, c.ID...)
		b = append(b, '=')
		b = strconv.AppendInt(b, int64(c.N), 10)
	}
	return string(b)
}

// Registry is an ordered list of kinds. The first kind is the default for
// text no kind claims, so its parser reports why the text is wrong.
type Registry []Kind

// Lookup finds a kind by name.
func (r Registry) Lookup(name string) (Kind, error) {
	for _, k := range r {
		if k.Name() == name {
			return k, nil
		}
	}
	names := make([]string, len(r))
	for i, k := range r {
		names[i] = k.Name()
	}
	return nil, fmt.Errorf("unknown puzzle kind %q (known: %s)", name, strings.Join(names, ", "))
}

// Detect returns the kind that claims text, or the first kind.
func (r Registry) Detect(text string) Kind {
	for _, k := range r {
		if k.Sniff(text) {
			return k
		}
	}
	return r[0]
}
