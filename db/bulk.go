package db

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"pencilbox"
	"pencilbox/engine"
)

// Bulk reading is how an export reads a large part of the library in id
// order: the id range is cut into spans, and several reader connections
// scan spans at once, each a rowid range of the puzzles table and the same
// range of the tags and sources tables (three sequential scans merged in
// Go). Keyset pages instead look every puzzle's tags and sources up by
// index, one connection at a time: 7.5 s for 10^6 puzzles, where the
// spans take the time of SQLite's own scan of those rows (BENCHMARKS.md).

// BulkOptions says what a bulk read fills in besides the puzzle's columns.
type BulkOptions struct {
	// Sources: every puzzle's sources, in import order; only their
	// labels unless Full.
	Sources bool
	// Full: every stored column (canonical form, meta, hypothesis, size,
	// created, the sources' text); else the ones text and print formats
	// write (id, kind, givens, solution, status, rank, score, clues, size,
	// note, profile, tags).
	Full bool
}

// ErrNotBulk is Bulk's answer for a filter it does not read: one in
// another order than ascending id, naming ids, or matching too few
// puzzles or too small a share of the library for span scans to pay.
var ErrNotBulk = errors.New("filter not read in bulk")

// The bulk read's limits (tests lower them to read few rows in spans).
var (
	// bulkSpan is how many ids a span covers.
	bulkSpan int64 = 4096
	// bulkMin: fewer matches are read page by page through the indexes.
	bulkMin = 20000
	// bulkShare: a span scan reads every row of its range, so the filter
	// must match at least 1/bulkShare of the id range.
	bulkShare int64 = 4
)

// Bulk calls fn with f's puzzles in ascending id order, a span at a time
// (fn runs on the caller's goroutine and may keep the slice), up to limit
// puzzles when limit > 0. It returns ErrNotBulk, having read nothing,
// when f does not suit span scans; the caller then pages with Each.
func (d *DB) Bulk(ctx context.Context, f pencilbox.Filter, limit int, opt BulkOptions, fn func([]pencilbox.Puzzle) error) error {
	if f.Sort != "" && f.Sort != pencilbox.SortID || f.Desc || f.IDs != nil || f.After != "" || f.Offset > 0 {
		return ErrNotBulk
	}
	if limit > 0 && limit < bulkMin {
		return ErrNotBulk
	}
	sz, err := d.sizeSets(ctx, f)
	if err != nil {
		return fmt.Errorf("puzzles: %w", err)
	}
	// The id range's ends, each a seek (min and max in one query scan
	// the table).
	var lo, hi int64
	err = d.queryRow(ctx, `SELECT coalesce((SELECT id FROM puzzles ORDER BY id LIMIT 1), 0),
		coalesce((SELECT id FROM puzzles ORDER BY id DESC LIMIT 1), 0)`).Scan(&lo, &hi)
	if err != nil {
		return fmt.Errorf("puzzles: %w", err)
	}
	for _, small := range sz.small {
		if small {
			// A small set is written p.id IN (...), read anew for every span.
			return ErrNotBulk
		}
	}
	if sz.qBig {
		// A text search probed per row costs a probe per scanned row
		// rather than per match: its matches are few enough to page.
		return ErrNotBulk
	}
	w, args, err := where(f, sz)
	if err != nil {
		return fmt.Errorf("puzzles: %w", err)
	}
	q := newSpanQueries(w, opt)
	share, err := d.sampleShare(ctx, q, args, lo, hi)
	if err != nil {
		return err
	}
	if share*float64(hi-lo+1) < float64(bulkMin) || share*float64(bulkShare) < 1 {
		return ErrNotBulk
	}
	spans := int((hi - lo + bulkSpan) / bulkSpan)
	return ordered(ctx, spans, func(ctx context.Context, i int) ([]pencilbox.Puzzle, error) {
		a := lo - 1 + int64(i)*bulkSpan
		return d.readSpan(ctx, q, args, a, a+bulkSpan)
	}, func(ps []pencilbox.Puzzle) error {
		if limit > 0 {
			if len(ps) >= limit {
				ps = ps[:limit]
				if err := fn(ps); err != nil {
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
	})
}

// The share of ids a filter matches is sampled in windows spread evenly
// over the id range: counting a kind's 250,000 puzzles through its index
// took a tenth of a 10^6 export. (A misjudged share costs time, never
// rows: both ways read the same puzzles.)
const (
	sampleWindows = 16
	sampleWidth   = 256
)

// sampleShare estimates the share of the ids in [lo, hi] that match q's
// filter: exactly when the range is no wider than the samples.
func (d *DB) sampleShare(ctx context.Context, q spanQueries, args []any, lo, hi int64) (float64, error) {
	width := hi - lo + 1
	if width <= 0 {
		return 0, nil
	}
	windows, step, w := int64(sampleWindows), width/sampleWindows, int64(sampleWidth)
	if width <= sampleWindows*sampleWidth {
		windows, step, w = 1, width, width
	}
	var matched int64
	for i := range windows {
		a := lo - 1 + i*step
		var n int64
		if err := d.queryRow(ctx, q.count, append([]any{a, a + w}, args...)...).Scan(&n); err != nil {
			return 0, fmt.Errorf("puzzles: %w", err)
		}
		matched += n
	}
	return float64(matched) / float64(windows*w), nil
}

// errLimit ends a bulk read that reached its limit.
var errLimit = errors.New("limit reached")

// spanQueries are a bulk read's three statements, each taking the span's
// bounds (lo, hi] first.
type spanQueries struct {
	puzzles, tags, sources string
	count                  string // the span's matches
	opt                    BulkOptions
}

// A span's puzzle rows come packed: every column joined by \x1f into
// one text, the note last (it may hold anything: it is what follows the
// other fields' separators), and for Full the meta apart. modernc's
// driver takes a lock for each column of each row: 13 columns a row cost
// 1.5 times one. SQLite writes a REAL as text exactly (17 digits), so the
// score reads back as stored.
const (
	packLean = `p.id||char(31)||p.kind||char(31)||p.status||char(31)||p.rank||char(31)||p.clues||char(31)||
		p.width||char(31)||p.height||char(31)||p.score||char(31)||p.givens||char(31)||p.solution||char(31)||p.profile`
	packFull = packLean + `||char(31)||p.canonical||char(31)||p.hypothesis||char(31)||p.created`
	// packLeanFields and packFullFields count the fields before the note.
	packLeanFields, packFullFields = 11, 14
)

func newSpanQueries(where string, opt BulkOptions) spanQueries {
	cols := packLean + `||char(31)||p.note`
	if opt.Full {
		cols = packFull + `||char(31)||p.note, p.meta`
	}
	cond := " WHERE p.id > ? AND p.id <= ?"
	if where != "" {
		cond += " AND " + strings.TrimPrefix(where, " WHERE ")
	}
	q := spanQueries{opt: opt,
		// NOT INDEXED keeps SQLite on the rowid range: given a kind, it
		// would rather walk a (kind, ...) index over the whole library.
		puzzles: `SELECT ` + cols + ` FROM puzzles p NOT INDEXED` + cond + ` ORDER BY p.id`,
		count:   `SELECT count(*) FROM puzzles p NOT INDEXED` + cond,
		tags:    `SELECT puzzle_id||char(31)||tag FROM tags WHERE puzzle_id > ? AND puzzle_id <= ? ORDER BY puzzle_id, tag`,
	}
	switch {
	case opt.Sources && opt.Full:
		q.sources = `SELECT id, puzzle_id, label, file, line, text, coalesce(job_id, 0), created
			FROM sources WHERE puzzle_id > ? AND puzzle_id <= ?`
	case opt.Sources:
		// Columns of the (puzzle_id, label, file, line) index, which holds
		// the rowid too: no lookup of the table's rows.
		q.sources = `SELECT id||char(31)||puzzle_id||char(31)||label FROM sources WHERE puzzle_id > ? AND puzzle_id <= ?`
	}
	return q
}

// readSpan reads the matching puzzles with lo < id <= hi, in id order,
// with their tags and (when asked) sources.
func (d *DB) readSpan(ctx context.Context, q spanQueries, args []any, lo, hi int64) ([]pencilbox.Puzzle, error) {
	ps, err := d.spanPuzzles(ctx, q, append([]any{lo, hi}, args...))
	if err != nil || len(ps) == 0 {
		return ps, err
	}
	if err := d.spanTags(ctx, q, ps, lo, hi); err != nil {
		return nil, err
	}
	if q.sources != "" {
		if err := d.spanSources(ctx, q, ps, lo, hi); err != nil {
			return nil, err
		}
	}
	return ps, nil
}

func (d *DB) spanPuzzles(ctx context.Context, q spanQueries, args []any) ([]pencilbox.Puzzle, error) {
	rows, err := d.query(ctx, q.puzzles, args...)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	defer rows.Close()
	// Spans are read only for a dense filter: most of their ids match.
	ps := make([]pencilbox.Puzzle, 0, bulkSpan)
	var fields [packFullFields]string
	var packed, meta string
	dest, nf := []any{&packed}, packLeanFields
	if q.opt.Full {
		dest, nf = append(dest, &meta), packFullFields
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
		var p pencilbox.Puzzle
		if err := unpack(&p, packed, fields[:nf]); err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
		if err := parseMeta(&p, meta); err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	return ps, nil
}

// unpack fills p from a packed row, splitting it into fields (whose
// count says lean or full) and the note; the strings share packed's
// memory.
func unpack(p *pencilbox.Puzzle, packed string, fields []string) error {
	rest := packed
	for i := range fields {
		f, r, ok := strings.Cut(rest, "\x1f")
		if !ok {
			return fmt.Errorf("a packed row of %d fields, want %d and a note: %.40q", i+1, len(fields), packed)
		}
		fields[i], rest = f, r
	}
	p.Note = rest
	var nums [7]int64 // id, status, rank, clues, width, height; created
	for i, f := range fields[:7] {
		if i == 1 {
			continue // the kind
		}
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return fmt.Errorf("a packed row: %w", err)
		}
		nums[i] = n
	}
	score, err := strconv.ParseFloat(fields[7], 64)
	if err != nil {
		return fmt.Errorf("puzzle %d: score: %w", nums[0], err)
	}
	p.ID, p.Kind, p.Status, p.Rank, p.Clues = nums[0], fields[1], engine.Status(nums[2]), int(nums[3]), int(nums[4])
	p.Width, p.Height, p.Score = int(nums[5]), int(nums[6]), score
	p.Givens, p.Solution, p.Profile = fields[8], fields[9], parseProfile(fields[10])
	if len(fields) == packFullFields {
		hyp, err := strconv.Atoi(fields[12])
		if err != nil {
			return fmt.Errorf("puzzle %d: hypothesis: %w", p.ID, err)
		}
		created, err := strconv.ParseInt(fields[13], 10, 64)
		if err != nil {
			return fmt.Errorf("puzzle %d: created: %w", p.ID, err)
		}
		p.Canonical, p.Hypothesis, p.Created = fields[11], engine.Tri(hyp), time.Unix(created, 0)
	}
	return nil
}

// spanTags merges the span's tags (in puzzle, tag order) into ps.
func (d *DB) spanTags(ctx context.Context, q spanQueries, ps []pencilbox.Puzzle, lo, hi int64) error {
	rows, err := d.query(ctx, q.tags, lo, hi)
	if err != nil {
		return fmt.Errorf("tags: %w", err)
	}
	defer rows.Close()
	var row sql.RawBytes
	var in interner
	i := 0
	for rows.Next() {
		if err := rows.Scan(&row); err != nil {
			return fmt.Errorf("tags: %w", err)
		}
		f, tag, err := splitPacked(row, 1)
		if err != nil {
			return fmt.Errorf("tags: %w", err)
		}
		id := f[0]
		for i < len(ps) && ps[i].ID < id {
			i++
		}
		if i < len(ps) && ps[i].ID == id {
			ps[i].Tags = append(ps[i].Tags, in.get(tag))
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("tags: %w", err)
	}
	return nil
}

// interner hands out one string for equal byte strings: a span's tags and
// source labels are mostly the same few.
type interner map[string]string

func (in *interner) get(b []byte) string {
	if s, ok := (*in)[string(b)]; ok {
		return s
	}
	if *in == nil {
		*in = interner{}
	}
	s := string(b)
	(*in)[s] = s
	return s
}

// splitPacked reads n integers and the text after them from a packed row.
func splitPacked(row []byte, n int) ([2]int64, []byte, error) {
	var out [2]int64
	for i := range n {
		j := bytes.IndexByte(row, 0x1f)
		if j < 0 {
			return out, nil, fmt.Errorf("a packed row without its %d numbers: %.40q", n, row)
		}
		v, err := strconv.ParseInt(string(row[:j]), 10, 64)
		if err != nil {
			return out, nil, fmt.Errorf("a packed row: %w", err)
		}
		out[i], row = v, row[j+1:]
	}
	return out, row, nil
}

// spanSources attaches the span's sources to ps, each puzzle's in import
// (id) order.
func (d *DB) spanSources(ctx context.Context, q spanQueries, ps []pencilbox.Puzzle, lo, hi int64) error {
	rows, err := d.query(ctx, q.sources, lo, hi)
	if err != nil {
		return fmt.Errorf("sources: %w", err)
	}
	defer rows.Close()
	all := make([]pencilbox.Source, 0, len(ps))
	var row sql.RawBytes
	var in interner
	for rows.Next() {
		var s pencilbox.Source
		if q.opt.Full {
			var created int64
			if err := rows.Scan(&s.ID, &s.PuzzleID, &s.Label, &s.File, &s.Line, &s.Text, &s.JobID, &created); err != nil {
				return fmt.Errorf("sources: %w", err)
			}
			s.Created = time.Unix(created, 0)
		} else {
			if err := rows.Scan(&row); err != nil {
				return fmt.Errorf("sources: %w", err)
			}
			f, label, err := splitPacked(row, 2)
			if err != nil {
				return fmt.Errorf("sources: %w", err)
			}
			s.ID, s.PuzzleID, s.Label = f[0], f[1], in.get(label)
		}
		all = append(all, s)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("sources: %w", err)
	}
	slices.SortFunc(all, func(a, b pencilbox.Source) int {
		if a.PuzzleID != b.PuzzleID {
			return compare(a.PuzzleID, b.PuzzleID)
		}
		return compare(a.ID, b.ID)
	})
	i := 0
	for j := 0; j < len(all); {
		k := j + 1
		for k < len(all) && all[k].PuzzleID == all[j].PuzzleID {
			k++
		}
		for i < len(ps) && ps[i].ID < all[j].PuzzleID {
			i++
		}
		if i < len(ps) && ps[i].ID == all[j].PuzzleID {
			ps[i].Sources = all[j:k:k]
		}
		j = k
	}
	return nil
}

func compare(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ordered runs read(0..n-1) on several goroutines, at most a few spans
// ahead of the slowest, and hands the results to emit in index order on
// the calling goroutine. It stops at the first error (emit's errLimit
// is no error).
func ordered(ctx context.Context, n int, read func(context.Context, int) ([]pencilbox.Puzzle, error), emit func([]pencilbox.Puzzle) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// One per core, as many as the reader pool holds at least.
	workers := max(1, min(runtime.GOMAXPROCS(0), 8))
	type result struct {
		ps  []pencilbox.Puzzle
		err error
	}
	// One channel per span in flight; a span is started only when its
	// slot of the window is free, which bounds the memory held.
	window := 2 * workers
	slots := make([]chan result, window)
	for i := range slots {
		slots[i] = make(chan result, 1)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				ps, err := read(ctx, i)
				slots[i%window] <- result{ps, err}
			}
		}()
	}
	defer wg.Wait()
	var err error
	started := 0
	start := func() bool {
		select {
		case next <- started:
			started++
			return true
		case <-ctx.Done():
			return false
		}
	}
	for started < min(n, window) && start() {
	}
	for i := 0; i < n && err == nil; i++ {
		var r result
		select {
		case r = <-slots[i%window]:
		case <-ctx.Done():
			err = ctx.Err()
			continue
		}
		if r.err != nil {
			err = r.err
			continue
		}
		// The slot is free: start the span that reuses it, then emit.
		if started < n {
			start()
		}
		err = emit(r.ps)
	}
	// Each slot holds at most one result (a span starts only once its
	// slot was read), so no worker blocks on its way out.
	cancel()
	close(next)
	if errors.Is(err, errLimit) {
		return nil
	}
	return err
}
