package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"pencilbox"
	"pencilbox/engine"
)

// ErrNotFound reports a puzzle or job id that does not exist: the root's
// pencilbox.ErrNotFound, so callers match it without this package.
var ErrNotFound = pencilbox.ErrNotFound

const puzzleCols = `p.id, p.kind, p.givens, p.canonical, p.status, p.solution, p.rank, p.score, p.verdict1,
	p.clues, p.width, p.height, p.note, p.meta, p.profile, p.created, ` + secondCols + `,
	coalesce((SELECT group_concat(t.tag, char(31)) FROM (SELECT tag FROM tags WHERE puzzle_id = p.id ORDER BY tag) t), '')`

type scanner interface{ Scan(dest ...any) error }

func scanPuzzle(s scanner) (pencilbox.Puzzle, error) {
	var p pencilbox.Puzzle
	var status, verdict int
	var meta, profile, tags string
	var created int64
	var sec secondScan
	err := s.Scan(&p.ID, &p.Kind, &p.Givens, &p.Canonical, &status, &p.Solution, &p.Rank, &p.Score, &verdict,
		&p.Clues, &p.Width, &p.Height, &p.Note, &meta, &profile, &created, &sec.v[0], &sec.v[1], &sec.v[2], &sec.note, &sec.rated, &tags)
	if err != nil {
		return p, err
	}
	sec.into(&p)
	p.Status, p.Verdict = engine.Status(status), engine.Tri(verdict)
	p.Created = time.Unix(created, 0)
	if err := parseMeta(&p, meta); err != nil {
		return p, err
	}
	p.Profile = parseProfile(profile)
	if tags != "" {
		p.Tags = strings.Split(tags, "\x1f")
	}
	return p, nil
}

// parseMeta reads the stored meta column into p.Meta.
func parseMeta(p *pencilbox.Puzzle, meta string) error {
	if meta == "" || meta == "{}" {
		return nil
	}
	if err := json.Unmarshal([]byte(meta), &p.Meta); err != nil {
		return fmt.Errorf("puzzle %d: meta: %w", p.ID, err)
	}
	return nil
}

// parseProfile reads the profile column (engine.ProfileString's form);
// the ids share s's memory.
func parseProfile(s string) []engine.Count {
	if s == "" {
		return nil
	}
	out := make([]engine.Count, 0, strings.Count(s, ",")+1)
	for s != "" {
		var f string
		f, s, _ = strings.Cut(s, ",")
		id, n, _ := strings.Cut(f, "=")
		c, _ := strconv.Atoi(n)
		out = append(out, engine.Count{ID: id, N: c})
	}
	return out
}

// Puzzle returns puzzle id with its tags and sources.
func (d *DB) Puzzle(ctx context.Context, id int64) (pencilbox.Puzzle, error) {
	p, err := scanPuzzle(d.R.QueryRowContext(ctx, `SELECT `+puzzleCols+` FROM puzzles p WHERE p.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("puzzle %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return p, fmt.Errorf("puzzle %d: %w", id, err)
	}
	rows, err := d.R.QueryContext(ctx, `SELECT id, label, file, line, text, coalesce(job_id, 0), created
		FROM sources WHERE puzzle_id = ? ORDER BY id`, id)
	if err != nil {
		return p, fmt.Errorf("puzzle %d sources: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		s := pencilbox.Source{PuzzleID: id}
		var created int64
		if err := rows.Scan(&s.ID, &s.Label, &s.File, &s.Line, &s.Text, &s.JobID, &created); err != nil {
			return p, fmt.Errorf("puzzle %d sources: %w", id, err)
		}
		s.Created = time.Unix(created, 0)
		p.Sources = append(p.Sources, s)
	}
	return p, rows.Err()
}

// Sources lists the distinct source labels with their puzzle counts.
func (d *DB) Sources(ctx context.Context) (map[string]int, error) {
	rows, err := d.R.QueryContext(ctx, `SELECT label, count(DISTINCT puzzle_id) FROM sources GROUP BY label`)
	if err != nil {
		return nil, fmt.Errorf("sources: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var l string
		var n int
		if err := rows.Scan(&l, &n); err != nil {
			return nil, fmt.Errorf("sources: %w", err)
		}
		out[l] = n
	}
	return out, rows.Err()
}

// Tags lists every tag, by name.
func (d *DB) Tags(ctx context.Context) ([]string, error) {
	rows, err := d.R.QueryContext(ctx, `SELECT DISTINCT tag FROM tags ORDER BY tag`)
	if err != nil {
		return nil, fmt.Errorf("tags: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, fmt.Errorf("tags: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// Known returns the stored status and solution of the puzzle of this kind
// with this canonical form, if there is one. The import pipeline asks it
// before rating, so a re-import of a known puzzle costs a lookup, not a
// rating.
func (d *DB) Known(ctx context.Context, kind, canonical string) (engine.Status, string, bool, error) {
	var status int
	var sol string
	err := d.known.QueryRowContext(ctx, kind, canonical).Scan(&status, &sol)
	if errors.Is(err, sql.ErrNoRows) {
		return engine.Unknown, "", false, nil
	}
	if err != nil {
		return engine.Unknown, "", false, fmt.Errorf("look up puzzle: %w", err)
	}
	return engine.Status(status), sol, true, nil
}

// KnownSolution tells whether a stored puzzle of kind has the solution key
// key (engine.Resembler: the same solution up to the kind's symmetries),
// so a generator run skips a puzzle near it (library.SolutionKnower).
// Puzzles stored before migration 00150 have no key.
func (d *DB) KnownSolution(ctx context.Context, kind, key string) (bool, error) {
	var one int
	err := d.queryRow(ctx, `SELECT 1 FROM solution_keys WHERE kind = ? AND key = ? LIMIT 1`, kind, key).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("look up solution key: %w", err)
	}
	return true, nil
}

// PuzzleID returns the id of the stored puzzle of this kind with this
// canonical form, if there is one (a generator adds what it stored to a
// set by it).
func (d *DB) PuzzleID(ctx context.Context, kind, canonical string) (int64, bool, error) {
	var id int64
	err := d.queryRow(ctx, `SELECT id FROM puzzles WHERE kind = ? AND canonical = ?`, kind, canonical).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("look up puzzle id: %w", err)
	}
	return id, true, nil
}

// TopRank is the highest rank stored (0 in a library without a ranked
// puzzle): where a rank range is open above, it ends there, whatever the
// kinds' ladders. It is one seek on an index that starts with rank.
func (d *DB) TopRank(ctx context.Context) (int, error) {
	var r int
	if err := d.queryRow(ctx, `SELECT coalesce(max(rank), 0) FROM puzzles`).Scan(&r); err != nil {
		return 0, fmt.Errorf("top rank: %w", err)
	}
	return r, nil
}
