package db

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strings"

	"pencilbox"
	"pencilbox/engine"
)

// secondCols are the second rating's columns, as scanPuzzle reads them.
// The slots are the kind's declared scales in their order (engine.Scale):
// scale1 is the first, the one the list filters and sorts on, scale_note
// what set it, scale_rated whether the rater has seen the puzzle
// (migration 00010).
const secondCols = `p.scale1, p.scale2, p.scale3, p.scale_note, p.scale_rated`

// secondArgs are the second rating's column values of p, in secondCols'
// order: NULL where there is none (no first figure), and for each figure
// that is 0.
func secondArgs(p pencilbox.Puzzle) []any {
	out := make([]any, 0, engine.ScaleSlots+2)
	if p.Scales[0] <= 0 {
		for range engine.ScaleSlots + 1 {
			out = append(out, nil)
		}
		return append(out, p.ScaleRated)
	}
	for _, v := range p.Scales {
		if v > 0 {
			out = append(out, v)
		} else {
			out = append(out, nil)
		}
	}
	return append(out, p.ScaleNote, p.ScaleRated)
}

// secondScan receives secondCols.
type secondScan struct {
	v     [engine.ScaleSlots]sql.NullFloat64
	note  sql.NullString
	rated bool
}

func (s secondScan) into(p *pencilbox.Puzzle) {
	for i, v := range s.v {
		p.Scales[i] = v.Float64
	}
	p.ScaleNote, p.ScaleRated = s.note.String, s.rated
}

// Unrated returns up to limit puzzles of the given kinds that the second
// rater has not seen, in id order after id after: the background filler
// walks them by the partial index of such rows, so a killed fill resumes
// where it stopped and a filled library costs nothing.
func (d *DB) Unrated(ctx context.Context, kinds []string, after int64, limit int) ([]pencilbox.Puzzle, error) {
	if len(kinds) == 0 {
		return nil, nil
	}
	ph := strings.TrimSuffix(strings.Repeat("?,", len(kinds)), ",")
	args := make([]any, 0, len(kinds)+2)
	for _, k := range kinds {
		args = append(args, k)
	}
	args = append(args, after, limit)
	rows, err := d.query(ctx, `SELECT p.id, p.kind, p.givens, p.status FROM puzzles p INDEXED BY puzzles_scale_todo
		WHERE p.scale_rated = 0 AND p.kind IN (`+ph+`) AND p.id > ? ORDER BY p.id LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("puzzles to rate: %w", err)
	}
	defer rows.Close()
	var out []pencilbox.Puzzle
	for rows.Next() {
		var p pencilbox.Puzzle
		var status int
		if err := rows.Scan(&p.ID, &p.Kind, &p.Givens, &status); err != nil {
			return nil, fmt.Errorf("puzzles to rate: %w", err)
		}
		p.Status = engine.Status(status)
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("puzzles to rate: %w", err)
	}
	return out, nil
}

// SetSecond stores the second rating of each puzzle given (ID, ER, EP,
// ED, ERTechnique) and marks it rated, in one transaction.
func (d *DB) SetSecond(ctx context.Context, ps []pencilbox.Puzzle) (err error) {
	if len(ps) == 0 {
		return nil
	}
	defer d.plans.changed()
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store second ratings: %w", err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	st, err := tx.PrepareContext(ctx, `UPDATE puzzles SET scale1 = ?, scale2 = ?, scale3 = ?, scale_note = ?, scale_rated = ? WHERE id = ?`)
	if err != nil {
		return fmt.Errorf("store second ratings: %w", err)
	}
	defer st.Close()
	for _, p := range ps {
		p.ScaleRated = true
		if _, err := st.ExecContext(ctx, append(secondArgs(p), p.ID)...); err != nil {
			return fmt.Errorf("store the second rating of puzzle %d: %w", p.ID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store second ratings: %w", err)
	}
	return nil
}

// SecondPending counts the puzzles of the given kinds that the second
// rater has not seen yet (the dashboard's "N of M rated" until done), on
// the partial index of such rows: nothing to count once filled.
func (d *DB) SecondPending(ctx context.Context, kinds []string) (int, error) {
	if len(kinds) == 0 {
		return 0, nil
	}
	ph := strings.TrimSuffix(strings.Repeat("?,", len(kinds)), ",")
	args := make([]any, 0, len(kinds))
	for _, k := range kinds {
		args = append(args, k)
	}
	var n int
	err := d.queryRow(ctx, `SELECT count(*) FROM puzzles p INDEXED BY puzzles_scale_todo
		WHERE p.scale_rated = 0 AND p.kind IN (`+ph+`)`, args...).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("second rating progress: %w", err)
	}
	return n, nil
}

// scaleKey is the second rating as the list sorts and filters on it: a
// puzzle without one (NULL) counts as 0, so keyset cursors and the
// (kind, scaleKey, id) indexes of migration 00006 never meet a NULL.
const scaleKey = "coalesce(p.scale1, 0)"

// scaleLeast is the lowest second rating a bound admits: above 0, which
// stands for none.
const scaleLeast = 0.05

// floatSort reports whether a sort's key is a real number (the cursor
// keeps it as one); the others are integers.
func floatSort(sort string) bool { return sort == pencilbox.SortScore || sort == pencilbox.SortScale }

// SecondHistogram counts a kind's puzzles with a second rating by half
// point: bins[i] counts the ratings from i/2 up to i/2 + 0.4. It counts
// each bin on the (kind, scaleKey, id) index, from the lowest rating to the
// highest: a count of an index range reads the index alone, where one
// GROUP BY on scaleKey looked every row up in the table (2.4 s on 10^6).
func (d *DB) SecondHistogram(ctx context.Context, kind string) (map[int]int, error) {
	var lo, hi sql.NullFloat64
	err := d.queryRow(ctx, `SELECT (SELECT min(`+scaleKey+`) FROM puzzles p WHERE p.kind = ? AND `+scaleKey+` > 0),
		(SELECT max(`+scaleKey+`) FROM puzzles p WHERE p.kind = ? AND `+scaleKey+` > 0)`, kind, kind).Scan(&lo, &hi)
	if err != nil {
		return nil, fmt.Errorf("second rating histogram: %w", err)
	}
	out := map[int]int{}
	if !lo.Valid || !hi.Valid {
		return out, nil
	}
	for b := int(lo.Float64*2 + 1e-9); b <= int(hi.Float64*2+1e-9) && b <= 2*pencilbox.MaxScale; b++ {
		var n int
		// Bounds between the tenths: no figure sits on them.
		if err := d.queryRow(ctx, `SELECT count(*) FROM puzzles p WHERE p.kind = ? AND `+scaleKey+` > ? AND `+scaleKey+` < ?`,
			kind, float64(b)/2-0.05, float64(b)/2+0.45).Scan(&n); err != nil {
			return nil, fmt.Errorf("second rating histogram: %w", err)
		}
		if n > 0 {
			out[b] = n
		}
	}
	return out, nil
}

// exprSeek is the condition that lets a keyset page on the ER sort seek
// in its index: SQLite seeks a (column, id) row value in an index of
// columns, but scans from the start of one on an expression (scaleKey), so
// the cursor's key alone is given too ("scaleKey >= ?"). "" for other sorts.
func exprSeek(sort, col, op string) string {
	if sort != pencilbox.SortScale {
		return ""
	}
	return col + " " + op + "= ?"
}

// topScale is the highest second rating stored (0 when none).
func (d *DB) topScale(ctx context.Context) (float64, error) {
	var v sql.NullFloat64
	if err := d.queryRow(ctx, `SELECT max(`+scaleKey+`) FROM puzzles p`).Scan(&v); err != nil {
		return 0, fmt.Errorf("highest second rating: %w", err)
	}
	return v.Float64, nil
}

// maxScaleWalks bounds the walks of one per-ER merge (one per tenth of the
// range: 0.1-12.0 is 120).
const maxScaleWalks = 150

// scaleSpan is the tenths (ER times 10) an ER range's per-ER merge walks.
func scaleSpan(f pencilbox.Filter, pl plan) (lo, hi int) {
	lo = int(math.Ceil(max(f.ScaleMin, scaleLeast)*10 - 1e-9))
	top := f.ScaleMax
	if top == 0 {
		top = pl.scaleTop
	}
	return lo, int(math.Floor(top*10 + 1e-9))
}

// perScale reports whether f's page should merge one walk per ER value: a
// dense filter with an ER range of at most maxScaleWalks tenths, sorted by
// score, clues or date (the puzzles_er_* indexes of migration 00007).
func perScale(f pencilbox.Filter, pl plan, col string) bool {
	switch f.Sort {
	case pencilbox.SortScore, pencilbox.SortClues, pencilbox.SortCreated, "date":
	default:
		return false
	}
	lo, hi := scaleSpan(f, pl)
	return pl.dense && col != "" && (f.ScaleMin > 0 || f.ScaleMax > 0) && hi >= lo && hi-lo+1 <= maxScaleWalks
}

// scaleMergeQuery is pageQuery for a dense filter on an ER range sorted by
// col: one walk per ER value (stored in tenths) in the (scaleKey, col, id)
// index's order, merged (mergeWalks), the first offset skipped. Each walk
// starts at its value's own best
// puzzles, so none passes puzzles of other ratings.
func scaleMergeQuery(f pencilbox.Filter, pl plan, col string, limit int, cols string) (string, []any, error) {
	op, dir, cur, offset, err := mergeStart(f)
	if err != nil {
		return "", nil, err
	}
	index := strings.Replace(strings.TrimSuffix(sortIndex(pencilbox.Filter{Sort: f.Sort}), "_all"), "puzzles_", "puzzles_scale_", 1)
	g := f
	g.ScaleMin, g.ScaleMax = 0, 0
	w, a, err := where(g, pl.sizes)
	if err != nil {
		return "", nil, err
	}
	if w == "" {
		w = " WHERE "
	} else {
		w += " AND "
	}
	w += scaleKey + " = ?"
	lo, hi := scaleSpan(f, pl)
	var parts []string
	var args []any
	for k := lo; k <= hi; k++ {
		ww, aa := w, append(append([]any(nil), a...), float64(k)/10)
		if cur != nil {
			v := any(cur.Val)
			if !floatSort(f.Sort) {
				v = int64(cur.Val)
			}
			ww += " AND (" + col + ", p.id) " + op + " (?, ?)"
			aa = append(aa, v, cur.ID)
		}
		parts = append(parts, `SELECT p.id AS id, `+col+` AS k FROM puzzles p INDEXED BY `+index+ww)
		args = append(args, aa...)
	}
	inner := mergeWalks(parts, dir)
	q := `SELECT ` + cols + ` FROM puzzles p WHERE p.id IN (` + inner + `) ORDER BY ` + col + ` ` + dir + `, p.id ` + dir
	return q, append(args, limit, offset), nil
}
