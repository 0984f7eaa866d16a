package db

import (
	"context"
	"fmt"
	"strings"
	"time"

	"pencilbox"
	"pencilbox/engine"
)

// FirstSources returns the first recorded source of each puzzle in ids
// (the library list shows one per row), in one query.
func (d *DB) FirstSources(ctx context.Context, ids []int64) (map[int64]pencilbox.Source, error) {
	out := make(map[int64]pencilbox.Source, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	q := `SELECT s.puzzle_id, s.label, s.file, s.line FROM sources s
		WHERE s.id IN (SELECT min(id) FROM sources WHERE puzzle_id IN (?` + strings.Repeat(",?", len(ids)-1) + `) GROUP BY puzzle_id)`
	rows, err := d.query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("sources: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var s pencilbox.Source
		if err := rows.Scan(&s.PuzzleID, &s.Label, &s.File, &s.Line); err != nil {
			return nil, fmt.Errorf("sources: %w", err)
		}
		out[s.PuzzleID] = s
	}
	return out, rows.Err()
}

// CheckFilter reports what is wrong with a filter the store would refuse
// (an unknown sort, a cursor that is not one of this sort's), so a caller
// can answer the user before querying.
func CheckFilter(f pencilbox.Filter) error {
	if _, err := sortColumn(f.Sort); err != nil {
		return err
	}
	if f.Status != "" && f.Status != "invalid" {
		if _, err := engine.ParseStatus(f.Status); err != nil {
			return fmt.Errorf("status %q: want unique, multiple, none, unknown or invalid", f.Status)
		}
	}
	if f.After != "" {
		if _, err := parseCursor(f.After, f.Sort); err != nil {
			return err
		}
	}
	return nil
}

// SourcesOf returns every source of each puzzle in ids, in import order.
func (d *DB) SourcesOf(ctx context.Context, ids []int64) (map[int64][]pencilbox.Source, error) {
	out := make(map[int64][]pencilbox.Source, len(ids))
	for len(ids) > 0 {
		chunk := ids[:min(len(ids), 500)]
		ids = ids[len(chunk):]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		rows, err := d.R.QueryContext(ctx, `SELECT id, puzzle_id, label, file, line, text, coalesce(job_id, 0), created
			FROM sources WHERE puzzle_id IN (?`+strings.Repeat(",?", len(chunk)-1)+`) ORDER BY id`, args...)
		if err != nil {
			return nil, fmt.Errorf("sources: %w", err)
		}
		for rows.Next() {
			var s pencilbox.Source
			var created int64
			if err := rows.Scan(&s.ID, &s.PuzzleID, &s.Label, &s.File, &s.Line, &s.Text, &s.JobID, &created); err != nil {
				rows.Close()
				return nil, fmt.Errorf("sources: %w", err)
			}
			s.Created = time.Unix(created, 0)
			out[s.PuzzleID] = append(out[s.PuzzleID], s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("sources: %w", err)
		}
	}
	return out, nil
}
