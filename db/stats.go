package db

import (
	"context"
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
