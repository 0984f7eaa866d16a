package pencilbox

import "context"

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
