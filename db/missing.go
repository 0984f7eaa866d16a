package db

import (
	"context"
	"encoding/json"
	"fmt"
)

// Missing returns the ids of ids that name no stored puzzle, in the order
// given (each once): what a set must not take, since it could never show or
// export them.
func (d *DB) Missing(ctx context.Context, ids []int64) ([]int64, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err := d.R.QueryContext(ctx, `SELECT j.value FROM json_each(?) j
		WHERE NOT EXISTS (SELECT 1 FROM puzzles p WHERE p.id = j.value) ORDER BY j.key`, string(list))
	if err != nil {
		return nil, fmt.Errorf("look up puzzle ids: %w", err)
	}
	defer rows.Close()
	var out []int64
	seen := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("look up puzzle ids: %w", err)
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("look up puzzle ids: %w", err)
	}
	return out, nil
}
