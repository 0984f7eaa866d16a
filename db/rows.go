package db

import (
	"context"
	"fmt"
	"strings"

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
// (an unknown sort, a search over its limits, a cursor that is not one
// of this sort's), so a caller can answer the user before querying.
func CheckFilter(f pencilbox.Filter) error {
	if _, err := sortColumn(f.Sort); err != nil {
		return err
	}
	if err := pencilbox.CheckQuery(f.Q); err != nil {
		return err
	}
	if f.Status != "" && f.Status != "invalid" {
		if _, err := engine.ParseStatus(f.Status); err != nil {
			return fmt.Errorf("status %q: want unique, multiple, none, unknown or invalid", f.Status)
		}
	}
	if f.Published != "" && f.Published != "yes" && f.Published != "no" {
		return fmt.Errorf("published %q: want yes or no", f.Published)
	}
	for _, t := range f.TagNot {
		if t == "" {
			return fmt.Errorf("an empty tag to exclude: write -NAME")
		}
	}
	if f.After != "" {
		if _, err := parseCursor(f.After, f.Sort); err != nil {
			return err
		}
	}
	return nil
}
