package db

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"pencilbox"
	"pencilbox/engine"
)

// partQueries are a bulk read's statements for one part: its puzzles
// (ordered by id), their tags (by puzzle, tag) and sources (any order).
// A span's take its bounds (lo, hi] first; a list's take its ids as one
// JSON array (one statement text whatever the count, so the statement
// cache keeps it).
type partQueries struct {
	puzzles, tags, sources string
	count                  string // a span's matches (spans only: sampling)
	opt                    BulkOptions
}

// A part's puzzle rows come packed: every column joined by \x1f into
// one text, the note last (it may hold anything: it is what follows the
// other fields' separators), and for Full the meta apart. modernc's
// driver takes a lock for each column of each row: 13 columns a row cost
// 1.5 times one. SQLite writes a REAL as text exactly (17 digits), so the
// score reads back as stored.
const (
	packLean = `p.id||char(31)||p.kind||char(31)||p.status||char(31)||p.rank||char(31)||p.clues||char(31)||
		p.width||char(31)||p.height||char(31)||p.score||char(31)||p.givens||char(31)||p.solution||char(31)||p.profile||char(31)||
		(CASE WHEN p.scale_rated = 0 THEN 'pending' ELSE coalesce(p.scale1, '') END)||char(31)||coalesce(p.scale2, '')||char(31)||coalesce(p.scale3, '')`
	packFull = packLean + `||char(31)||p.canonical||char(31)||p.verdict1||char(31)||p.created`
	// packLeanFields and packFullFields count the fields before the note.
	packLeanFields, packFullFields = 14, 17
)

// spanCond restricts $id to a span's ids; listCond to a list's.
const (
	spanCond = "$id > ? AND $id <= ?"
	listCond = "$id IN (SELECT value FROM json_each(?))"
)

// newPartQueries builds a part's statements: cond (spanCond or listCond)
// and the filter's where for a span; the ids of a list match already.
func newPartQueries(cond, where string, opt BulkOptions) partQueries {
	cols := packLean + `||char(31)||p.note`
	if opt.Full {
		cols = packFull + `||char(31)||p.note, p.meta`
	}
	w := " WHERE " + strings.ReplaceAll(cond, "$id", "p.id")
	if where != "" {
		w += " AND " + strings.TrimPrefix(where, " WHERE ")
	}
	from := " FROM puzzles p"
	if cond == spanCond {
		// NOT INDEXED keeps SQLite on the rowid range: given a kind, it
		// would rather walk a (kind, ...) index over the whole library.
		from += " NOT INDEXED"
	}
	rel := " WHERE " + strings.ReplaceAll(cond, "$id", "puzzle_id")
	q := partQueries{opt: opt,
		puzzles: `SELECT ` + cols + from + w + ` ORDER BY p.id`,
		tags:    `SELECT puzzle_id||char(31)||tag FROM tags` + rel + ` ORDER BY puzzle_id, tag`,
	}
	if cond == spanCond {
		q.count = `SELECT count(*)` + from + w
	}
	switch {
	case opt.Sources && opt.Full:
		q.sources = `SELECT id, puzzle_id, label, file, line, text, coalesce(job_id, 0), created FROM sources` + rel
	case opt.Sources:
		// Columns of the (puzzle_id, label, file, line) index, which holds
		// the rowid too: no lookup of the table's rows.
		q.sources = `SELECT id||char(31)||puzzle_id||char(31)||label FROM sources` + rel
	}
	return q
}

// readPart reads a part's puzzles, in id order, with their tags and (when
// asked) sources; args select the part's puzzles, rel its related rows.
func (d *DB) readPart(ctx context.Context, q partQueries, args, rel []any) ([]pencilbox.Puzzle, error) {
	ps, err := d.partPuzzles(ctx, q, args)
	if err != nil || len(ps) == 0 {
		return ps, err
	}
	if err := d.partTags(ctx, q, ps, rel); err != nil {
		return nil, err
	}
	if q.sources != "" {
		if err := d.partSources(ctx, q, ps, rel); err != nil {
			return nil, err
		}
	}
	return ps, nil
}

// readList reads the puzzles of ids in that order (ids not stored left
// out).
func (d *DB) readList(ctx context.Context, q partQueries, ids []int64) ([]pencilbox.Puzzle, error) {
	b := make([]byte, 0, 8*len(ids)+2)
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	arg := string(append(b, ']'))
	ps, err := d.readPart(ctx, q, []any{arg}, []any{arg})
	if err != nil {
		return nil, err
	}
	at := make(map[int64]int, len(ps))
	for i, p := range ps {
		at[p.ID] = i
	}
	out := make([]pencilbox.Puzzle, 0, len(ps))
	for _, id := range ids {
		if i, ok := at[id]; ok {
			out = append(out, ps[i])
		}
	}
	return out, nil
}

func (d *DB) partPuzzles(ctx context.Context, q partQueries, args []any) ([]pencilbox.Puzzle, error) {
	rows, err := d.query(ctx, q.puzzles, args...)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	defer rows.Close()
	ps := make([]pencilbox.Puzzle, 0, 256)
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
	// the first slot's field says "pending" for a row the rating queue
	// has not rated (migration 00160): its slots are NULL
	p.ScaleRated = fields[11] != pencilbox.PendingWord
	for i := range p.Scales {
		if f := fields[11+i]; f != "" && f != pencilbox.PendingWord {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil {
				return fmt.Errorf("puzzle %d: second rating: %w", p.ID, err)
			}
			p.Scales[i] = x
		}
	}
	if len(fields) == packFullFields {
		verdict, err := strconv.Atoi(fields[15])
		if err != nil {
			return fmt.Errorf("puzzle %d: verdict: %w", p.ID, err)
		}
		created, err := strconv.ParseInt(fields[16], 10, 64)
		if err != nil {
			return fmt.Errorf("puzzle %d: created: %w", p.ID, err)
		}
		p.Canonical, p.Verdict, p.Created = fields[14], engine.Tri(verdict), time.Unix(created, 0)
	}
	return nil
}

// partTags merges the part's tags (in puzzle, tag order) into ps.
func (d *DB) partTags(ctx context.Context, q partQueries, ps []pencilbox.Puzzle, rel []any) error {
	rows, err := d.query(ctx, q.tags, rel...)
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

// interner hands out one string for equal byte strings: a part's tags and
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

// partSources attaches the part's sources to ps, each puzzle's in import
// (id) order.
func (d *DB) partSources(ctx context.Context, q partQueries, ps []pencilbox.Puzzle, rel []any) error {
	rows, err := d.query(ctx, q.sources, rel...)
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
			return cmp.Compare(a.PuzzleID, b.PuzzleID)
		}
		return cmp.Compare(a.ID, b.ID)
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
