// Package model holds the view data the web admin renders: plain values the
// handlers fill from the stores and the templates draw. It imports no store,
// so the templates and the handlers can both use it.
package model

import (
	"time"

	"pencilbox/engine"
)

// Puzzle is one stored puzzle as the pages show it.
type Puzzle struct {
	ID     int64   `json:"id"`
	Kind   string  `json:"kind"`
	Givens string  `json:"givens"`
	Width  int     `json:"width"`
	Height int     `json:"height"`
	Status string  `json:"status"`
	Rank   int     `json:"rank"`
	Score  float64 `json:"score"`
	Clues  int     `json:"clues"`
	// Verdict is the kind's own verdict, "yes", "no" or ""; the API
	// writes it under VerdictKey, its declared field (MarshalJSON).
	Verdict    string         `json:"-"`
	VerdictKey string         `json:"-"`
	Profile    []engine.Count `json:"profile,omitempty"`
	Sources    []Source       `json:"sources,omitempty"`
	Tags       []string       `json:"tags"`
	Note       string         `json:"note,omitempty"`
	Added      time.Time      `json:"added"`
	// Solution is filled only where asked for (the puzzle page, the API).
	Solution string `json:"solution,omitempty"`
	// Figures are the kind's second rating, one per scale it declares
	// (none where it has none); ScaleNote is what set the first, written
	// under NoteKey. The API writes each under its declared key
	// (MarshalJSON).
	Figures []Figure `json:"-"`
	// Pending are the kind's declared scales the rating queue has not
	// rated yet (nil when rated, or the kind has none): shown as
	// "pending", never as a number, and written by the API as the list
	// of their keys under "pending".
	Pending   []Figure `json:"-"`
	ScaleNote string   `json:"-"`
	NoteKey   string   `json:"-"`
	NoteName  string   `json:"-"`
}

// Membership is one set holding a puzzle, and where (the puzzle page, the
// API's puzzle).
type Membership struct {
	SetID int64  `json:"set_id"`
	Name  string `json:"name"`
	Pos   int    `json:"position"`
}

// Publication is one publishing of a set, as a set or a puzzle lists it.
type Publication struct {
	ID      int64     `json:"id"`
	SetID   int64     `json:"set_id,omitempty"` // absent once the set is deleted
	SetName string    `json:"set_name"`
	Outlet  string    `json:"outlet"`
	Date    string    `json:"date"` // YYYY-MM-DD
	At      time.Time `json:"recorded"`
	Actor   string    `json:"by,omitempty"`
	Count   int       `json:"count,omitempty"`    // a set's: puzzles published
	Pos     int       `json:"position,omitempty"` // a puzzle's: its position in the set then
	// Reopened is when the set was reopened for changes after it, by
	// ReopenedBy; absent while it locks the set.
	Reopened   *time.Time `json:"reopened,omitempty"`
	ReopenedBy string     `json:"reopened_by,omitempty"`
	// Image is the number that chose the random image each puzzle was
	// printed as (a string: it is 64 bits); absent when printed as
	// stored.
	Image uint64 `json:"image,omitempty,string"`
}

// Locks reports whether the publication locks its set.
func (p Publication) Locks() bool { return p.Reopened == nil }

// Source is one place a puzzle was imported from.
type Source struct {
	Name string `json:"name"` // the source label
	File string `json:"file,omitempty"`
	Line int    `json:"line"`
	Text string `json:"text,omitempty"` // the record as it was read
}

// Sorts the library list accepts beside the kinds' scales (whose keys
// sort by them: pencilbox.Vocabulary.SortKeys).
var Sorts = []string{"rank", "score", "clues", "date"}

// Filter is the library list's query; it lives in the URL.
type Filter struct {
	Kind      string
	Status    string
	Source    string
	Tag       string
	TagNot    []string // tags excluded (tag=-NAME)
	Published string   // "yes", "no" or "" (any)
	Outlet    string   // published in this outlet
	InSet     string   // "yes" (in some set), "no" (in none), or a set's name
	Technique string
	Verdict   string // "yes", "no" or ""
	Q         string // text search in source, note and tags
	RankMin   int
	RankMax   int
	CluesMin  int
	CluesMax  int
	// SizeMin and SizeMax bound the board's width and height
	// ([width, height], 0 = open end): size=10x10-15x15.
	SizeMin, SizeMax [2]int
	// ScaleMin and ScaleMax bound the first figure of the second rating
	// (0 = open end), for the kinds ScaleKinds says
	// (pencilbox.Vocabulary.ApplyScale); ScaleKey is the scale's key.
	ScaleMin   float64
	ScaleMax   float64
	ScaleKey   string
	ScaleKinds []string
	// ScalePending keeps the puzzles the rating queue has not rated on
	// ScaleKey yet (er=pending).
	ScalePending bool
	// SortKinds are, for a sort on a scale, the kinds declaring it
	// (pencilbox.Filter.SortKinds): their unrated puzzles sort as
	// pending, after the rated.
	SortKinds []string
	// VerdictKinds restricts Verdict as ScaleKinds the scale.
	VerdictKinds []string
	IDs          []int64 // only these puzzles (ticked rows); nil = any
	Sort         string  // one of Sorts; "" = id order
	Desc         bool
	After        string // opaque keyset cursor: the page starts after it
	Page         int    // the page's number (1 = first); with After, only its label
	Offset       int    // matches skipped before the page (numbered pages without After)
	Limit        int
	// CountAll asks for the exact count with the longer budget (the
	// "count them" link's count=all); CountBy is when the count must give
	// up (set by the server from its budgets).
	CountAll bool
	CountBy  time.Time
}

// Page is one page of the library list.
type Page struct {
	Rows  []Puzzle `json:"puzzles"`
	Next  string   `json:"next,omitempty"` // cursor of the next page, "" at the end
	Total int      `json:"total"`          // matching puzzles
	More  bool     `json:"more,omitempty"` // the count stopped first (its cap or time budget): more than Total match
	// CountURL, with More, is the request that counts them all with a
	// longer budget (the same filter with count=all).
	CountURL string `json:"count_url,omitempty"`
}

// Stats is the dashboard's summary.
type Stats struct {
	Kinds      []KindStats `json:"kinds"`
	Highlights []Highlight `json:"highlights"`
}

// Highlight is one of the dashboard's facts: puzzles a kind finds worth
// pointing at (its bundle's highlights), counted and linked by a library
// filter, so the count and the list the link opens always agree.
type Highlight struct {
	ID    string `json:"id"`    // the fact's element id on the dashboard
	Label string `json:"label"` // what the puzzles are, e.g. "8-star puzzles"
	// Help says in plain words what the count means to a curator and
	// what to do with the puzzles (the dashboard shows it under the count).
	Help  string `json:"help,omitempty"`
	Query string `json:"query"` // the library filter as the list's URL query, e.g. "kind=sudoku&rank=8"
	Count int    `json:"count"`
}

// KindStats counts one kind's puzzles.
type KindStats struct {
	Kind     string         `json:"kind"`
	Title    string         `json:"title"`
	Total    int            `json:"total"`
	ByStatus map[string]int `json:"by_status"`
	Ranks    []int          `json:"ranks"` // Ranks[r-1] puzzles of rank r
	// ScaleKey and ScaleShort name the kind's first scale when it has a
	// second rating (engine.Scale: "er", "ER"); ScalePending of its
	// puzzles still wait for it (the background fill).
	ScaleKey     string `json:"scale,omitempty"`
	ScaleShort   string `json:"-"`
	ScaleStep    string `json:"-"` // what a step adds to it (engine.Scale.Step)
	ScalePending int    `json:"scale_pending,omitempty"`
	// ScaleBins is the first figure's histogram: half-point bins from
	// the lowest to the highest with puzzles.
	ScaleBins []ScaleBin `json:"scale_bins,omitempty"`
}

// ScaleBin is one bin of the first figure's histogram: figures Lo to Hi
// (both included, in tenths).
type ScaleBin struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
	N  int     `json:"count"`
}

// Job is one import job.
type Job struct {
	ID         int64      `json:"id"`
	Source     string     `json:"source"`
	Format     string     `json:"format"`
	Files      []string   `json:"files,omitempty"` // its inputs (a generator run's: what was asked)
	Started    time.Time  `json:"started"`
	Finished   time.Time  `json:"finished"`
	Done       bool       `json:"done"`
	State      string     `json:"state"` // running, done, failed, interrupted, cancelled, stopped
	Owner      string     `json:"-"`     // who started it (the cancel button's rule)
	Read       int        `json:"read"`
	Imported   int        `json:"imported"`         // new puzzles with a unique solution
	Invalid    int        `json:"invalid"`          // new puzzles with none or several
	Duplicates int        `json:"duplicates"`       // records whose puzzle was already stored
	Rejected   int        `json:"rejected"`         // bad records: not stored
	Failed     string     `json:"failed,omitempty"` // the error or the reason that stopped the job
	Errors     []JobError `json:"errors,omitempty"`
}

// Rate is records read per second so far.
func (j Job) Rate() float64 {
	end := j.Finished
	if !j.Done || end.IsZero() {
		end = time.Now()
	}
	s := end.Sub(j.Started).Seconds()
	if s <= 0 {
		return 0
	}
	return float64(j.Read) / s
}

// JobError is one bad record of an import.
type JobError struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line"`
	Msg  string `json:"message"`
}

// Set is a named, ordered collection of puzzles.
type Set struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Notes string `json:"notes"`
	// NotesCut: Notes are the start of longer notes (a list of sets;
	// the set itself has them whole).
	NotesCut bool      `json:"notes_cut,omitempty"`
	Count    int       `json:"count"`
	Updated  time.Time `json:"updated"`
	Items    []Puzzle  `json:"puzzles,omitempty"`
	// Kinds are the kinds of its puzzles; Published counts its
	// publications, LastOutlet and LastDate name the latest (a list of
	// sets).
	Kinds      []string `json:"kinds,omitempty"`
	Published  int      `json:"published,omitempty"`
	LastOutlet string   `json:"last_outlet,omitempty"`
	LastDate   string   `json:"last_date,omitempty"`
}

// ImportOptions are the import form's fields.
type ImportOptions struct {
	Format string // "" = detect
	Source string // source label
	Tags   []string
	// File is the uploaded file's base name, recorded as each puzzle's
	// source file and shown in the rejected records' File column ("" =
	// pasted text).
	File string
}

// Queue is the rating queue (library.RateQueue) as the dashboard and its
// page show it: each kind's slower scale, named by its declared label.
type Queue struct {
	Running bool `json:"running"`
	Paused  bool `json:"paused"`
	// PausedBy and PausedAt say who paused it and when (UTC, minutes):
	// the pause lasts across restarts until resumed.
	PausedBy string `json:"paused_by,omitempty"`
	PausedAt string `json:"paused_at,omitempty"`
	// Started is when the pass under way started (UTC, minutes).
	Started string `json:"started,omitempty"`
	// WorkedBy names another process that works the queue now (its
	// lease: "pencilbox rate-queue (pid 1234 on host)"), since
	// WorkedSince (UTC, minutes): this server rates nothing meanwhile,
	// and Kinds are that process's pass.
	WorkedBy    string      `json:"worked_by,omitempty"`
	WorkedSince string      `json:"worked_since,omitempty"`
	Failed      string      `json:"failed,omitempty"`
	Kinds       []QueueKind `json:"kinds"`
	Left        string      `json:"left,omitempty"` // "about 40 min left"; "" when it cannot tell
	Rate        float64     `json:"per_second,omitempty"`
}

// QueueKind is one kind's share of the queue: Done of Total rated in the
// pass under way (or the last one), Pending left in the library.
type QueueKind struct {
	Kind    string `json:"kind"`
	Scale   string `json:"scale"` // its first scale's key (engine.Scale.Key)
	Short   string `json:"-"`     // and its label, which names it
	Done    int    `json:"done"`
	Total   int    `json:"total"`
	Pending int    `json:"pending"`
}
