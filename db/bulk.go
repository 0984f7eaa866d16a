package db

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	"pencilbox"
	orderedrun "pencilbox/internal/ordered"
)

// Bulk reading is how an export reads many puzzles: in parts, several
// parts at once on the reader connections, handed on in order. A part is
// a span of ids when the filter is in id order and matches a large share
// of the library (a rowid range of the puzzles table and the same range
// of the tags and sources tables: three sequential scans merged in Go),
// else a list of ids, all taken first from one query of the filter's ids
// in its order (looked up by id). Pages of whole rows, with each puzzle's
// tags by a subquery and its sources by another query, one connection at
// a time, took about three times as long as spans do, and spans beat
// SQLite's own shell (figures in docs/BENCHMARKS.md, Export).

// BulkOptions says what a bulk read fills in besides the puzzle's
// columns (the store's interfaces are declared with the domain types).
type BulkOptions = pencilbox.BulkOptions

// DB is the exporters' bulk reader.
var _ pencilbox.BulkReader = (*DB)(nil)

// Bulk calls fn with f's puzzles in f's order (its cursor and offset
// ignored), a part at a time, up to limit puzzles when limit > 0. fn runs
// on the caller's goroutine and may keep the slice.
func (d *DB) Bulk(ctx context.Context, f pencilbox.Filter, limit int, opt BulkOptions, fn func([]pencilbox.Puzzle) error) error {
	f.After, f.Offset, f.Limit = "", 0, 0
	sp, err := d.spanPlan(ctx, f, limit, opt)
	if err != nil {
		return err
	}
	if sp != nil {
		next := int64(0)
		return ordered(ctx, func() (part, bool, error) {
			a := sp.lo - 1 + next*d.lim.bulkSpan
			if a >= sp.hi {
				return part{}, false, nil
			}
			next++
			return part{lo: a, hi: a + d.lim.bulkSpan}, true, nil
		}, func(ctx context.Context, p part) ([]pencilbox.Puzzle, error) {
			return d.readPart(ctx, sp.q, append([]any{p.lo, p.hi}, sp.args...), []any{p.lo, p.hi})
		}, limited(limit, fn))
	}
	// The ids first, all of them (8 bytes a puzzle): a query left open
	// through the export would hold a reader connection as long as its
	// slowest client, and a few such downloads would leave the workers
	// none.
	ids, err := d.IDs(ctx, f, limit) // the limit applied there
	if err != nil {
		return err
	}
	return d.BulkIDs(ctx, ids, opt, fn)
}

// BulkIDs calls fn with the puzzles of ids in that order (ids not stored
// left out), a part at a time, as Bulk does.
func (d *DB) BulkIDs(ctx context.Context, ids []int64, opt BulkOptions, fn func([]pencilbox.Puzzle) error) error {
	q := newPartQueries(listCond, "", opt)
	return ordered(ctx, func() (part, bool, error) {
		if len(ids) == 0 {
			return part{}, false, nil
		}
		n := min(len(ids), d.lim.listPart)
		p := part{ids: ids[:n:n]}
		ids = ids[n:]
		return p, true, nil
	}, func(ctx context.Context, p part) ([]pencilbox.Puzzle, error) {
		return d.readList(ctx, q, p.ids)
	}, limited(0, fn))
}

// IDs returns the ids of f's matches in f's order (its cursor and offset
// ignored), up to limit when limit > 0: 8 bytes a puzzle. Up to CountCap
// of them come as one page of the list (its planned index walks stop
// after limit matches); more from one query: SQLite may sort every match
// once (from a covering index: docs/BENCHMARKS.md, Export), and a related-table
// condition is read once as a set (p.id IN (...)) rather than probed per
// row.
func (d *DB) IDs(ctx context.Context, f pencilbox.Filter, limit int) ([]int64, error) {
	f.After, f.Offset, f.Limit = "", 0, 0
	col, err := sortColumn(f.Sort)
	if err != nil {
		return nil, err
	}
	if limit > 0 && limit <= pencilbox.CountCap {
		pl, err := d.plan(ctx, f)
		if err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
		if f.Sort == pencilbox.SortScale {
			var out []int64
			err := d.scalePage(ctx, f, pl, limit, "p.id", func(q string, args []any) (int, error) {
				ids, err := d.ids(ctx, q, args)
				out = append(out, ids...)
				return len(ids), err
			})
			return out, err
		}
		q, args, err := pageQueryCols(f, pl, limit, "p.id")
		if err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
		return d.ids(ctx, q, args)
	}
	sets := sizing{small: map[string]bool{}, except: map[string]bool{}}
	for _, c := range setConds(f, "") {
		sets.small[c.name] = true
	}
	if err := d.sizeExcept(ctx, f, sets); err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	w, args, err := where(f, sets)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	dir := " ASC"
	if f.Desc {
		dir = " DESC"
	}
	from := sparseFrom(sets)
	q := `SELECT p.id` + from + w + ` ORDER BY p.id` + dir
	if f.Sort == pencilbox.SortScale {
		// the rated, then the pending, then those without a figure
		k, ka := scaleKeyOrder(f)
		col, args = k, append(args, ka...)
	}
	if col != "" {
		q = `SELECT p.id` + from + w + ` ORDER BY ` + col + dir + `, p.id` + dir
	}
	if limit > 0 {
		q += ` LIMIT ?`
		args = append(args, limit)
	}
	return d.ids(ctx, q, args)
}

// ids runs a query of ids.
func (d *DB) ids(ctx context.Context, q string, args []any) ([]int64, error) {
	rows, err := d.query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	return ids, nil
}

// part is one part of a bulk read: the span of ids (lo, hi], or a list.
type part struct {
	lo, hi int64
	ids    []int64
}

// limited passes parts on to fn, the last cut to limit (when > 0), and
// then ends the read with errLimit; empty parts are not passed on.
func limited(limit int, fn func([]pencilbox.Puzzle) error) func([]pencilbox.Puzzle) error {
	return func(ps []pencilbox.Puzzle) error {
		if limit > 0 {
			if len(ps) >= limit {
				if err := fn(ps[:limit]); err != nil {
					return err
				}
				return errLimit
			}
			limit -= len(ps)
		}
		if len(ps) == 0 {
			return nil
		}
		return fn(ps)
	}
}

// errLimit ends a bulk read that reached its limit.
var errLimit = errors.New("limit reached")

// spans is a span read: its statements, the filter's arguments and the
// id range.
type spans struct {
	q      partQueries
	args   []any
	lo, hi int64
}

// spanPlan returns how to read f in spans, or nil when it is read in
// lists: f is in another order than ascending id, names ids, has a small
// set (written p.id IN (...), read anew for each span) or a text search
// probed per row, or matches too few puzzles or too small a share of the
// id range.
func (d *DB) spanPlan(ctx context.Context, f pencilbox.Filter, limit int, opt BulkOptions) (*spans, error) {
	if f.Sort != "" && f.Sort != pencilbox.SortID || f.Desc || f.IDs != nil || limit > 0 && limit < d.lim.bulkMin {
		return nil, nil
	}
	sz, err := d.sizeSets(ctx, f)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	for _, small := range sz.small {
		if small {
			return nil, nil
		}
	}
	if hasExcept(sz) {
		return nil, nil
	}
	if sz.qBig {
		return nil, nil
	}
	// The id range's ends, each a seek (min and max in one query scan
	// the table).
	sp := &spans{}
	err = d.queryRow(ctx, `SELECT coalesce((SELECT id FROM puzzles ORDER BY id LIMIT 1), 0),
		coalesce((SELECT id FROM puzzles ORDER BY id DESC LIMIT 1), 0)`).Scan(&sp.lo, &sp.hi)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	w, args, err := where(f, sz)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	sp.q, sp.args = newPartQueries(spanCond, w, opt), args
	share, err := d.sampleShare(ctx, sp)
	if err != nil {
		return nil, err
	}
	if share*float64(sp.hi-sp.lo+1) < float64(d.lim.bulkMin) || share*float64(d.lim.bulkShare) < 1 {
		return nil, nil
	}
	return sp, nil
}

// The share of ids a filter matches is sampled in windows spread evenly
// over the id range: counting a kind's 250,000 puzzles through its index
// took a tenth of a 10^6 export. (A misjudged share costs time, never
// rows: both ways read the same puzzles.)
const (
	sampleWindows = 16
	sampleWidth   = 256
)

// sampleShare estimates the share of the ids in sp's range that match its
// filter: exactly when the range is no wider than the samples.
func (d *DB) sampleShare(ctx context.Context, sp *spans) (float64, error) {
	width := sp.hi - sp.lo + 1
	if sp.hi <= 0 {
		return 0, nil
	}
	windows, step, w := int64(sampleWindows), width/sampleWindows, int64(sampleWidth)
	if width <= sampleWindows*sampleWidth {
		windows, step, w = 1, width, width
	}
	var matched int64
	for i := range windows {
		a := sp.lo - 1 + i*step
		var n int64
		if err := d.queryRow(ctx, sp.q.count, append([]any{a, a + w}, sp.args...)...).Scan(&n); err != nil {
			return 0, fmt.Errorf("puzzles: %w", err)
		}
		matched += n
	}
	return float64(matched) / float64(windows*w), nil
}

// ordered hands out the parts next yields to several goroutines that read
// them, at most a few parts ahead of the one awaited, and hands the
// results to emit in next's order on the calling goroutine
// (internal/ordered.Run). It stops at the first error (emit's errLimit is
// none).
func ordered(ctx context.Context, next func() (part, bool, error), read func(context.Context, part) ([]pencilbox.Puzzle, error), emit func([]pencilbox.Puzzle) error) error {
	// One per core, as many as the reader pool holds at least.
	workers := max(1, min(runtime.GOMAXPROCS(0), 8))
	type result struct {
		ps  []pencilbox.Puzzle
		err error
	}
	err := orderedrun.Run(ctx, workers, 2*workers,
		func(push func(part) error) error {
			for {
				p, ok, err := next()
				if err != nil || !ok {
					return err
				}
				if err := push(p); err != nil {
					return err
				}
			}
		},
		func(ctx context.Context, p part) result {
			ps, err := read(ctx, p)
			return result{ps, err}
		},
		func(r result) error {
			if r.err != nil {
				return r.err
			}
			return emit(r.ps)
		})
	if errors.Is(err, errLimit) {
		return nil
	}
	return err
}
