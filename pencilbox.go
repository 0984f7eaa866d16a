// Package pencilbox holds the domain types of the puzzle library: a stored
// puzzle, where it came from, the import jobs, the admin's filter and the
// dashboard's statistics. The db package stores them; library imports into
// it; the web admin and the exporters read them.
package pencilbox

import (
	"fmt"
	"time"
	"unicode/utf8"

	"pencilbox/engine"
)

// Puzzle is one stored puzzle with its analysis.
type Puzzle struct {
	ID        int64
	Kind      string // engine.Kind.Name()
	Givens    string // normalized notation (engine.Puzzle.Givens)
	Canonical string // duplicates share it (unique per kind)
	Status    engine.Status
	Solution  string // "" unless Status is Unique
	Rank      int    // 0 unless unique
	Score     float64
	Verdict   engine.Tri
	Clues     int
	Width     int
	Height    int
	Note      string
	Meta      map[string]string
	Profile   []engine.Count // technique profile in ladder order
	// Scales are the kind's second rating (engine.SecondRater), one
	// figure per scale it declares, in its order (engine.Scale: what each
	// means, its decimals); all zero where there is none (not unique, a
	// kind without one, gave up).
	Scales    [engine.ScaleSlots]float64
	ScaleNote string // what set the first figure (engine.SecondRating.Note)
	// ScaleRated says the second rater has seen the puzzle (or its kind
	// has none); an upgraded library's puzzles wait for it
	// (library.FillSecond).
	ScaleRated bool
	Tags       []string // sorted
	Sources    []Source // filled by DB.Puzzle only
	Created    time.Time
}

// Invalid reports whether the puzzle is stored but has no unique solution.
func (p Puzzle) Invalid() bool { return p.Status != engine.Unique }

// Source is one place a puzzle was imported from. A puzzle imported from
// several places has several sources; (puzzle, label, file, line) is unique
// so running the same import again adds nothing.
type Source struct {
	ID       int64
	PuzzleID int64
	Label    string // --source label, or the file's base name
	File     string // the file as given on the command line ("-" = stdin)
	Line     int    // 1-based line where the record starts
	Text     string // the record's original text
	JobID    int64  // the import job that added it (0 = none)
	Created  time.Time
}

// MaxNote is the longest note a puzzle keeps, in characters: an imported
// record's comment (the rest of a line, a csv or JSON note, a parser's
// warning). A longer one is cut to it; the record's whole text is kept
// as its source's. Every list page reads its rows' notes: a record may be
// 4 MiB (importers.MaxRecord), and 50 such rows were 200 MB a page.
const MaxNote = 1000

// CutNote is note up to its MaxNote-th character.
func CutNote(note string) string {
	n := 0
	for i := range note {
		if n == MaxNote {
			return note[:i]
		}
		n++
	}
	return note
}

// MaxSourceLabel is the longest source label an import takes, in
// characters (a file's base name fits: 255 bytes on common file systems).
// Every puzzle's page, the dashboard's sources and the source filter show
// it; it was unbounded from --source and the admin's import form.
const MaxSourceLabel = 255

// CheckSourceLabel refuses a source label over MaxSourceLabel, naming
// the limit and the length (not the label).
func CheckSourceLabel(label string) error {
	if n := utf8.RuneCountInString(label); n > MaxSourceLabel {
		return fmt.Errorf("the source label has %d characters: a label takes at most %d", n, MaxSourceLabel)
	}
	return nil
}

// Entry is one analysed record ready to store: the puzzle (ID, Tags,
// Sources and Created are ignored), its source and the tags to add.
type Entry struct {
	Puzzle Puzzle
	Source Source
	Tags   []string
	// Origins, when set, are the puzzle's sources as another library
	// recorded them (a json export's), stored instead of Source, with
	// Source's job: a round trip keeps where each puzzle came from.
	Origins []Source
	// SolutionKey is the puzzle's solution up to its kind's symmetries
	// (engine.Resembler), "" when its kind has none or it is not unique:
	// stored with a new puzzle so a generator skips puzzles near it.
	SolutionKey string
}

// Job states.
const (
	JobRunning     = "running"
	JobDone        = "done"
	JobFailed      = "failed"      // stopped by an error (Job.Failed says which)
	JobInterrupted = "interrupted" // never finished: the process died (kill -9, crash), or stopped with its server
	JobCancelled   = "cancelled"   // a user cancelled it (Job.Failed says who)
	JobStopped     = "stopped"     // a limit stopped it (Job.Failed says which)
)

// JobStop is why a job ended before its work was done: the cause its
// context was cancelled with (context.Cause), recorded as the job's state
// (JobCancelled, JobInterrupted or JobStopped) with Reason, a sentence
// for its page, so a run cut short is never stored as done.
type JobStop struct {
	State  string
	Reason string
}

func (e *JobStop) Error() string { return e.Reason }

// Job is one import run. Its counts are updated in the same transaction as
// each batch, so they always match what the database holds:
// Read = Imported + Duplicates + Invalid + Rejected.
type Job struct {
	ID         int64
	Source     string // label
	Format     string // forced format name, "" = detected
	Files      []string
	State      string // JobRunning, JobDone, JobFailed, JobInterrupted, JobCancelled, JobStopped
	Owner      string // who started it: the audit log's actor (a user, cli:NAME)
	Started    time.Time
	Updated    time.Time // last committed batch
	Finished   time.Time // zero unless done or failed
	Read       int       // records read
	Imported   int       // new puzzles with a unique solution
	Duplicates int       // records whose puzzle (canonical form) was already stored
	Invalid    int       // new puzzles stored with status none, multiple or unknown
	Rejected   int       // bad records: not stored
	Failed     string    // the error that stopped the job
	Errors     []JobError
}

// InvalidNote follows a job's invalid count wherever its counts are
// shown (the command line's summary, the web's job page): those puzzles
// were stored, with their status, which the count alone does not say.
const InvalidNote = "(stored, no unique solution)"

// JobError is one rejected record (the first ones of a job are kept).
type JobError struct {
	File string
	Line int
	Msg  string
}

func (e JobError) String() string {
	if e.Line > 0 {
		return e.File + ":" + itoa(e.Line) + ": " + e.Msg
	}
	return e.File + ": " + e.Msg
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// Sorts the library list accepts.
const (
	SortID      = "" // id order (import order)
	SortRank    = "rank"
	SortScore   = "score"
	SortClues   = "clues"
	SortCreated = "created"
	// SortScale sorts by the first figure of the kind's second rating
	// (engine.Scale with Sort; the library's indexed slot), in three
	// groups whichever the direction: the rated by their figure, then
	// the pending (the rating queue has not rated them: of the kinds
	// Filter.SortKinds names), then those without a figure (nothing to
	// rate, or another kind), each of the two last in id order.
	SortScale = "scale"
)

// Filter selects puzzles. Zero fields match anything; all fields combine
// with AND.
type Filter struct {
	Kind         string
	RankMin      int // 0 = no bound
	RankMax      int
	Status       string // engine.Status.String(): "unique", "multiple", "none", "unknown"; "invalid" = not unique
	Source       string // source label
	Tag          string
	TagNot       []string // none of these tags
	Technique    string   // technique ID the puzzle needs
	TechniqueMin int      // ...at least this many times (0 or 1 = once)
	CluesMin     int
	CluesMax     int
	Verdict      engine.Tri // the kind's own verdict (engine.Verdicter); NA = any
	// SizeMin and SizeMax bound the board's width and height, each
	// dimension on its own (0 = open end): 10x10-15x15 takes a 10x15
	// board. ParseSize reads them as written.
	SizeMin, SizeMax Size
	// ScaleMin and ScaleMax bound the first figure of the kind's second
	// rating (engine.Scale with Filter; 0 = open end); either bound
	// excludes puzzles without one.
	ScaleMin, ScaleMax float64
	// ScaleKey is the declared key of the scale bounded ("er"; the
	// parsers set it: Vocabulary.ApplyScale), and ScaleKinds the kinds
	// the bound applies to: nil = every kind (none keeps another scale
	// in the slot), an empty list = none (the kind chosen has no such
	// scale: nothing matches).
	ScaleKey   string
	ScaleKinds []string
	// ScalePending keeps only the puzzles whose declared scales the
	// rating queue has not rated yet (KEY=pending; migration 00160),
	// of the kinds ScaleKinds names (always set with it).
	ScalePending bool
	// VerdictKey and VerdictKinds say the same of Verdict.
	VerdictKey   string
	VerdictKinds []string
	// Published: "yes" = published at least once, "no" = never, "" = any.
	Published string
	// Outlet: published at least once in this outlet.
	Outlet string
	// InSet: "yes" = in some set, "no" = in none, else in the set of that
	// name.
	InSet string
	Q     string  // text search over source labels/files, note and tags (words, prefix match)
	IDs   []int64 // only these puzzles; nil = any
	Sort  string  // SortID, SortRank, SortScore, SortClues, SortCreated
	// SortKinds are, for SortScale, the kinds that declare the sorted
	// scale (Vocabulary.ApplySort sets it): their puzzles the queue has
	// not rated are the pending group; nil = none is pending.
	SortKinds []string
	Desc      bool
	After     string // keyset cursor from the previous page ("" = first page)
	// Offset skips that many matches (after the cursor, if any) before the
	// page starts: numbered pages. The store walks every skipped match, so
	// callers bound it; Each skips them once, at the start.
	Offset int
	Limit  int // page size (default 50, at most 1000); Each ignores it
	// CountBy asks Puzzles for the exact number of matches if it can be
	// had by then (the page's time budget); zero, or past it, the matches
	// are counted up to CountCap. Every page of a filter shares one count
	// (planKey ignores CountBy).
	CountBy time.Time
}

// Page is one page of Puzzles.
type Page struct {
	Rows []Puzzle
	Next string // cursor of the next page; "" at the end
	// Total is the number of matches; with More, the count stopped first
	// (at CountCap, or at Filter.CountBy) and more than Total match.
	Total int
	More  bool
}

// CountCap bounds the count a page's plan makes (Page.Total without a
// Filter.CountBy), so counting stays fast on a million rows.
const CountCap = 10000

// Stats is the dashboard's summary.
type Stats struct {
	Kinds   []KindStats
	Sources int // distinct source labels
	Jobs    int
}

// KindStats counts one kind's puzzles.
type KindStats struct {
	Kind     string
	Total    int
	ByStatus map[string]int // by engine.Status.String()
	Ranks    map[int]int    // rank -> count (unique puzzles)
}
