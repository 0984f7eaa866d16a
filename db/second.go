package db

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"pencilbox"
	"pencilbox/engine"
)

// secondCols are the second rating's columns, as scanPuzzle reads them.
const secondCols = `p.er, p.ep, p.ed, p.er_technique, p.er_rated`

// secondArgs are the second rating's column values of p, in secondCols'
// order: NULL where there is none.
func secondArgs(p pencilbox.Puzzle) []any {
	if p.ER <= 0 {
		return []any{nil, nil, nil, nil, p.ERRated}
	}
	var ep, ed any
	if p.EP > 0 {
		ep = p.EP
	}
	if p.ED > 0 {
		ed = p.ED
	}
	return []any{p.ER, ep, ed, p.ERTechnique, p.ERRated}
}

// secondScan receives secondCols.
type secondScan struct {
	er, ep, ed sql.NullFloat64
	tech       sql.NullString
	rated      bool
}

func (s secondScan) into(p *pencilbox.Puzzle) {
	p.ER, p.EP, p.ED = s.er.Float64, s.ep.Float64, s.ed.Float64
	p.ERTechnique, p.ERRated = s.tech.String, s.rated
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
	rows, err := d.query(ctx, `SELECT p.id, p.kind, p.givens, p.status FROM puzzles p INDEXED BY puzzles_er_todo
		WHERE p.er_rated = 0 AND p.kind IN (`+ph+`) AND p.id > ? ORDER BY p.id LIMIT ?`, args...)
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
	st, err := tx.PrepareContext(ctx, `UPDATE puzzles SET er = ?, ep = ?, ed = ?, er_technique = ?, er_rated = ? WHERE id = ?`)
	if err != nil {
		return fmt.Errorf("store second ratings: %w", err)
	}
	defer st.Close()
	for _, p := range ps {
		p.ERRated = true
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
	err := d.queryRow(ctx, `SELECT count(*) FROM puzzles p INDEXED BY puzzles_er_todo
		WHERE p.er_rated = 0 AND p.kind IN (`+ph+`)`, args...).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("second rating progress: %w", err)
	}
	return n, nil
}

// erKey is the second rating as the list sorts and filters on it: a
// puzzle without one (NULL) counts as 0, so keyset cursors and the
// (kind, erKey, id) indexes of migration 00006 never meet a NULL.
const erKey = "coalesce(p.er, 0)"

// erLeast is the lowest second rating a bound admits: above 0, which
// stands for none.
const erLeast = 0.05

// floatSort reports whether a sort's key is a real number (the cursor
// keeps it as one); the others are integers.
func floatSort(sort string) bool { return sort == pencilbox.SortScore || sort == pencilbox.SortER }

// SecondHistogram counts a kind's puzzles with a second rating by half
// point: bins[i] counts the ratings from i/2 up to i/2 + 0.4.
func (d *DB) SecondHistogram(ctx context.Context, kind string) (map[int]int, error) {
	rows, err := d.query(ctx, `SELECT CAST(`+erKey+` * 2 + 1e-9 AS INTEGER), count(*) FROM puzzles p INDEXED BY puzzles_er
		WHERE p.kind = ? AND `+erKey+` > 0 GROUP BY 1`, kind)
	if err != nil {
		return nil, fmt.Errorf("second rating histogram: %w", err)
	}
	defer rows.Close()
	out := map[int]int{}
	for rows.Next() {
		var bin, n int
		if err := rows.Scan(&bin, &n); err != nil {
			return nil, fmt.Errorf("second rating histogram: %w", err)
		}
		out[bin] = n
	}
	return out, rows.Err()
}

// exprSeek is the condition that lets a keyset page on the ER sort seek
// in its index: SQLite seeks a (column, id) row value in an index of
// columns, but scans from the start of one on an expression (erKey), so
// the cursor's key alone is given too ("erKey >= ?"). "" for other sorts.
func exprSeek(sort, col, op string) string {
	if sort != pencilbox.SortER {
		return ""
	}
	return col + " " + op + "= ?"
}
