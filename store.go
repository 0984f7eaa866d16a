package pencilbox

import (
	"context"
	"fmt"
	"time"

	"pencilbox/engine"
)

// The store's interfaces are declared here, beside the domain types, so
// the packages that read the library take an interface, not the db
// package's *db.DB (which implements them).

// BulkOptions says what a bulk read fills in besides the puzzle's columns.
type BulkOptions struct {
	// Sources: every puzzle's sources, in import order; only their
	// labels unless Full.
	Sources bool
	// Full: every stored column (canonical form, meta, verdict, created,
	// the sources' files, lines and text); else the ones text and print
	// formats write (id, kind, givens, solution, status, rank, score,
	// clues, size, note, profile, tags).
	Full bool
}

// BulkReader reads many puzzles at once, in parts handed on in order: what
// the exporters read a filter or a set through.
type BulkReader interface {
	// Bulk calls fn with f's puzzles in f's order (its cursor and offset
	// ignored), a part at a time, up to limit puzzles when limit > 0.
	Bulk(ctx context.Context, f Filter, limit int, opt BulkOptions, fn func([]Puzzle) error) error
	// BulkIDs calls fn with the puzzles of ids in that order (ids not
	// stored left out), a part at a time.
	BulkIDs(ctx context.Context, ids []int64, opt BulkOptions, fn func([]Puzzle) error) error
	// IDs returns the ids of f's matches in f's order, up to limit when
	// limit > 0.
	IDs(ctx context.Context, f Filter, limit int) ([]int64, error)
	// TopRank is the highest rank stored (0 when none is ranked).
	TopRank(ctx context.Context) (int, error)
}

// MaxJobErrors is how many rejected records a job keeps.
const MaxJobErrors = 100

// JobDelta is what a batch adds to its job's counts besides the entries
// themselves (whose new/duplicate/invalid counts AddBatch computes).
type JobDelta struct {
	JobID    int64
	Read     int // records read, entries and rejected ones
	Rejected int
	Errors   []JobError // kept up to MaxJobErrors per job
}

// BatchResult tells what AddBatch did with each entry.
type BatchResult struct {
	IDs        []int64 // puzzle id of each entry
	New        []bool  // whether the entry's puzzle was inserted
	Imported   int     // new puzzles with a unique solution
	Invalid    int     // new puzzles without
	Duplicates int     // entries whose puzzle was already there (or earlier in the batch)
	Sources    int     // source rows added
}

// LibraryStore is what the library package (import, generate, the second
// rating, check) reads and writes through, so that it takes an interface
// rather than the db package's *db.DB.
type LibraryStore interface {
	// QuickCheck returns an error wrapping the store's damage error when
	// the file is damaged (imports refuse to write into such a file).
	QuickCheck(ctx context.Context) error
	// IntegrityCheck is the full check's first finding ("ok" when none).
	IntegrityCheck(ctx context.Context) (string, error)
	// Explain turns a store error into a sentence for the person using
	// the library (a full disk, a damaged or read-only file); ok is false
	// for any other error.
	Explain(err error) (msg string, ok bool)

	// StartJob stores a new job, owned by ctx's actor, and returns its
	// id; FinishJob records its end: state JobDone, JobFailed (failed
	// says why), or JobCancelled, JobInterrupted or JobStopped when it
	// was cut short (failed is the JobStop's reason).
	StartJob(ctx context.Context, j Job) (int64, error)
	FinishJob(ctx context.Context, id int64, state, failed string) error
	// AddBatch stores entries in one transaction with the job's counts
	// (when job is not nil), so the counts always match what is stored.
	AddBatch(ctx context.Context, entries []Entry, job *JobDelta) (BatchResult, error)
	// OptimizeSearch merges the text-search index into one segment after
	// an import.
	OptimizeSearch(ctx context.Context) error

	// Known tells whether a puzzle of kind with that canonical form is
	// stored, with its status and solution.
	Known(ctx context.Context, kind, canonical string) (engine.Status, string, bool, error)
	// PuzzleID is the id of the stored puzzle of kind with that canonical
	// form; ok is false when there is none.
	PuzzleID(ctx context.Context, kind, canonical string) (int64, bool, error)
	// Count counts f's matches, up to limit when limit > 0.
	Count(ctx context.Context, f Filter, limit int) (int, error)
	// Each calls fn with every match of f in f's order.
	Each(ctx context.Context, f Filter, fn func(Puzzle) error) error
	// SetAnalysis rewrites the analysed columns of ps (check's repairs).
	SetAnalysis(ctx context.Context, ps []Puzzle) error
	// AddToNamedSet appends the puzzles ids to the set called name,
	// making it (with notes) when there is none.
	AddToNamedSet(ctx context.Context, name, notes string, ids []int64) error

	// SecondPending counts the puzzles of kinds without a second rating;
	// Unrated returns up to limit of them with ids above after, in id
	// order; SetSecond stores the ratings of ps.
	SecondPending(ctx context.Context, kinds []string) (int, error)
	Unrated(ctx context.Context, kinds []string, after int64, limit int) ([]Puzzle, error)
	SetSecond(ctx context.Context, ps []Puzzle) error
}

// ExportStore is what the site's export buttons, booklets and set
// downloads read through.
type ExportStore interface {
	BulkReader
	// Count counts f's matches, up to limit when limit > 0.
	Count(ctx context.Context, f Filter, limit int) (int, error)
	// CheckFilter reports what is wrong with a filter the store would
	// refuse (an unknown sort, a search over its limits, a cursor not
	// of this sort), so a caller answers the user before querying.
	CheckFilter(f Filter) error
}

// SiteStore is what the admin site's pages read and its imports and
// generator runs write through (db.DB implements it). Reads of an id
// that names nothing answer ErrNotFound.
type SiteStore interface {
	LibraryStore
	ExportStore
	// Stats counts the puzzles per kind, status and rank.
	Stats(ctx context.Context) (Stats, error)
	// VariesInSize tells whether kind's stored boards are of more than
	// one size (the library page offers the size filter then).
	VariesInSize(ctx context.Context, kind string) (bool, error)
	// SecondHistogram counts kind's puzzles per half point of the second
	// rating.
	SecondHistogram(ctx context.Context, kind string) (map[int]int, error)
	// Puzzles lists one page of f, keyset-paginated on f.After.
	Puzzles(ctx context.Context, f Filter) (Page, error)
	// FirstSources is the first source of each puzzle of ids.
	FirstSources(ctx context.Context, ids []int64) (map[int64]Source, error)
	// Puzzle returns one puzzle with its sources and solution.
	Puzzle(ctx context.Context, id int64) (Puzzle, error)
	// SetTags replaces a puzzle's tags.
	SetTags(ctx context.Context, id int64, tags []string) error
	// Missing returns the ids that name no stored puzzle.
	Missing(ctx context.Context, ids []int64) ([]int64, error)
	// Jobs lists the newest limit jobs; Job returns one with its kept
	// errors.
	Jobs(ctx context.Context, limit int) ([]Job, error)
	Job(ctx context.Context, id int64) (Job, error)
}

// QueuePause is the rating queue's pause as the library keeps it
// (migration 00170): a pause survives a restart of the server until
// someone resumes the queue.
type QueuePause struct {
	Paused bool
	Actor  string    // who paused or resumed it last (the audit log's actor)
	At     time.Time // when; zero when never
}

// QueuePassKind is one kind's share of the rating queue's pass as the
// library keeps it (migration 00171): Done of Total rated since Started,
// the pass's first start.
type QueuePassKind struct {
	Kind        string
	Total, Done int
	Started     time.Time
}

// QueueStateStore keeps the rating queue's state across restarts
// (db.DB): its pause, and the pass under way.
type QueueStateStore interface {
	QueuePause(ctx context.Context) (QueuePause, error)
	// SetQueuePause pauses (true) or resumes the queue, recording it in
	// the audit log with the context's actor.
	SetQueuePause(ctx context.Context, paused bool) error
	// QueuePass reads the pass under way (none: nil); SetQueuePass
	// replaces it (nil: the pass ended).
	QueuePass(ctx context.Context) ([]QueuePassKind, error)
	SetQueuePass(ctx context.Context, pass []QueuePassKind) error
}

// QueueLease says which process works the rating queue of a library
// (migration 00180): at most one at a time, across processes, so that
// `serve` and `pencilbox rate-queue` (or two of either) never rate the
// same pending puzzles twice, each pass's "N of M" wrong and one's kept
// pass overwritten by the other's. The holder renews it while its pass
// runs and gives it back when the pass ends; one killed stops renewing,
// and once Expires is past another takes it over.
type QueueLease struct {
	// Holder is what holds it ("serve", "rate-queue"), on host Host as
	// process PID.
	Holder string
	PID    int
	Host   string
	// Token is the holder's own, random: two holders of one process (or
	// of one pid reused on another host) differ.
	Token string
	// Since is when the holder took it; Expires when it lapses unless
	// renewed.
	Since, Expires time.Time
}

// Same tells whether l and o are the same holder's lease.
func (l QueueLease) Same(o QueueLease) bool { return l.Token != "" && l.Token == o.Token }

// QueueLeaseStore keeps the rating queue's lease in the library (db.DB).
type QueueLeaseStore interface {
	// TakeQueueLease takes or renews the lease for want (its Token) at
	// now, in one transaction, when it is free, lapsed (Expires not
	// after now) or want's already: it stores want (keeping Since on a
	// renewal) and returns it. Held by another, it changes nothing and
	// returns the holder's: compare with Same.
	TakeQueueLease(ctx context.Context, want QueueLease, now time.Time) (QueueLease, error)
	// ReleaseQueueLease gives back the lease token holds (nothing when
	// it holds none: it lapsed and another took it).
	ReleaseQueueLease(ctx context.Context, token string) error
	// QueueLeaseHolder reads the lease as stored, lapsed or not; ok is
	// false when none is.
	QueueLeaseHolder(ctx context.Context) (l QueueLease, ok bool, err error)
}

// String names the holder as the pages and the CLI say it: "pencilbox
// rate-queue (pid 1234 on host)".
func (l QueueLease) String() string {
	return fmt.Sprintf("pencilbox %s (pid %d on %s)", l.Holder, l.PID, l.Host)
}
