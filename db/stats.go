package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"pencilbox"
	"pencilbox/engine"
)

// Stats summarises the library for the dashboard.
func (d *DB) Stats(ctx context.Context) (pencilbox.Stats, error) {
	var st pencilbox.Stats
	rows, err := d.R.QueryContext(ctx, `SELECT kind, status, rank, count(*) FROM puzzles GROUP BY kind, status, rank ORDER BY kind`)
	if err != nil {
		return st, fmt.Errorf("stats: %w", err)
	}
	defer rows.Close()
	idx := map[string]int{}
	for rows.Next() {
		var kind string
		var status, rank, n int
		if err := rows.Scan(&kind, &status, &rank, &n); err != nil {
			return st, fmt.Errorf("stats: %w", err)
		}
		i, ok := idx[kind]
		if !ok {
			i = len(st.Kinds)
			idx[kind] = i
			st.Kinds = append(st.Kinds, pencilbox.KindStats{Kind: kind, ByStatus: map[string]int{}, Ranks: map[int]int{}})
		}
		k := &st.Kinds[i]
		k.Total += n
		k.ByStatus[engine.Status(status).String()] += n
		if rank > 0 {
			k.Ranks[rank] += n
		}
	}
	if err := rows.Err(); err != nil {
		return st, fmt.Errorf("stats: %w", err)
	}
	err = d.R.QueryRowContext(ctx, `SELECT
		(SELECT count(DISTINCT label) FROM sources),
		(SELECT count(*) FROM jobs)`).Scan(&st.Sources, &st.Jobs)
	if err != nil {
		return st, fmt.Errorf("stats: %w", err)
	}
	return st, nil
}

// VariesInSize reports whether the library holds boards of more than one
// size of kind: the library page offers its size filter for such kinds
// alone (a Sudoku library is all 9x9), decided from the data, not from a
// kind's name. It reads the smallest and the largest (width, height) of
// the kind from the puzzles_size index: two seeks, whatever the library's
// size.
func (d *DB) VariesInSize(ctx context.Context, kind string) (bool, error) {
	var sizes [2][2]int
	for i, dir := range []string{"ASC", "DESC"} {
		err := d.queryRow(ctx, `SELECT width, height FROM puzzles INDEXED BY puzzles_size WHERE kind = ?
			ORDER BY width `+dir+`, height `+dir+` LIMIT 1`, kind).Scan(&sizes[i][0], &sizes[i][1])
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("sizes of %s: %w", kind, err)
		}
	}
	return sizes[0] != sizes[1], nil
}
