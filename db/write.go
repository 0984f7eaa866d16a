package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"pencilbox"
	"pencilbox/engine"
)

// MaxJobErrors is how many rejected records a job keeps.
const MaxJobErrors = pencilbox.MaxJobErrors

// JobDelta and BatchResult are declared with the store's interfaces.
type (
	JobDelta    = pencilbox.JobDelta
	BatchResult = pencilbox.BatchResult
)

// DB is the library package's store.
var _ pencilbox.LibraryStore = (*DB)(nil)

// AddBatch stores entries in one IMMEDIATE transaction: each puzzle is
// inserted or found by (kind, canonical), its source added unless that
// exact source (puzzle, label, file, line) is there already, and its tags
// added. The job's counts (when job is not nil) are updated in the same
// transaction, so they always match what is stored.
func (d *DB) AddBatch(ctx context.Context, entries []pencilbox.Entry, job *JobDelta) (res BatchResult, err error) {
	defer d.plans.changed()
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return res, fmt.Errorf("add batch: %w", err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	ins, err := tx.PrepareContext(ctx, `INSERT INTO puzzles(kind, givens, canonical, status, solution, rank, score,
		verdict1, clues, width, height, note, meta, profile, created, scale1, scale2, scale3, scale_note, scale_rated)
		VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT(kind, canonical) DO NOTHING RETURNING id`)
	if err != nil {
		return res, fmt.Errorf("add batch: %w", err)
	}
	defer ins.Close()
	find, err := tx.PrepareContext(ctx, `SELECT id FROM puzzles WHERE kind = ? AND canonical = ?`)
	if err != nil {
		return res, fmt.Errorf("add batch: %w", err)
	}
	defer find.Close()
	prof, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO profile(puzzle_id, technique, count) VALUES(?,?,?)`)
	if err != nil {
		return res, fmt.Errorf("add batch: %w", err)
	}
	defer prof.Close()
	src, err := tx.PrepareContext(ctx, `INSERT INTO sources(puzzle_id, label, file, line, text, job_id, created)
		VALUES(?,?,?,?,?,?,?) ON CONFLICT(puzzle_id, label, file, line) DO NOTHING`)
	if err != nil {
		return res, fmt.Errorf("add batch: %w", err)
	}
	defer src.Close()
	solKey, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO solution_keys(kind, key, puzzle_id) VALUES(?,?,?)`)
	if err != nil {
		return res, fmt.Errorf("add batch: %w", err)
	}
	defer solKey.Close()
	tag, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO tags(puzzle_id, tag) VALUES(?,?)`)
	if err != nil {
		return res, fmt.Errorf("add batch: %w", err)
	}
	defer tag.Close()

	now := time.Now().Unix()
	var jobID any
	if job != nil && job.JobID != 0 {
		jobID = job.JobID
	}
	touched := map[int64]bool{}
	res.IDs = make([]int64, len(entries))
	res.New = make([]bool, len(entries))
	for i, e := range entries {
		p := e.Puzzle
		meta := "{}"
		if len(p.Meta) > 0 {
			b, err := json.Marshal(p.Meta)
			if err != nil {
				return res, fmt.Errorf("add batch: meta of %s:%d: %w", e.Source.File, e.Source.Line, err)
			}
			meta = string(b)
		}
		var id int64
		vals := append([]any{p.Kind, p.Givens, p.Canonical, int(p.Status), p.Solution, p.Rank, p.Score,
			int(p.Verdict), p.Clues, p.Width, p.Height, p.Note, meta, engine.ProfileString(p.Profile), now},
			secondArgs(p)...)
		err := ins.QueryRowContext(ctx, vals...).Scan(&id)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			if err := find.QueryRowContext(ctx, p.Kind, p.Canonical).Scan(&id); err != nil {
				return res, fmt.Errorf("add batch: find %s puzzle %s: %w", p.Kind, p.Canonical, err)
			}
			res.Duplicates++
		case err != nil:
			return res, fmt.Errorf("add batch: insert %s:%d: %w", e.Source.File, e.Source.Line, err)
		default:
			res.New[i] = true
			touched[id] = true
			if p.Status == engine.Unique {
				res.Imported++
			} else {
				res.Invalid++
			}
			for _, c := range p.Profile {
				if _, err := prof.ExecContext(ctx, id, c.ID, c.N); err != nil {
					return res, fmt.Errorf("add batch: profile: %w", err)
				}
			}
			if e.SolutionKey != "" {
				if _, err := solKey.ExecContext(ctx, p.Kind, e.SolutionKey, id); err != nil {
					return res, fmt.Errorf("add batch: solution key: %w", err)
				}
			}
		}
		res.IDs[i] = id
		// an exported puzzle's own sources (Origins) stand for the
		// export file's line
		origins := e.Origins
		if len(origins) == 0 {
			origins = []pencilbox.Source{e.Source}
		}
		for _, s := range origins {
			r, err := src.ExecContext(ctx, id, s.Label, s.File, s.Line, s.Text, jobID, now)
			if err != nil {
				return res, fmt.Errorf("add batch: source %s:%d: %w", s.File, s.Line, err)
			}
			if n, _ := r.RowsAffected(); n > 0 {
				res.Sources++
				touched[id] = true
			}
		}
		for _, t := range e.Tags {
			r, err := tag.ExecContext(ctx, id, t)
			if err != nil {
				return res, fmt.Errorf("add batch: tag: %w", err)
			}
			if n, _ := r.RowsAffected(); n > 0 {
				touched[id] = true
			}
		}
	}
	if err := reindexAll(ctx, tx, touched); err != nil {
		return res, err
	}
	if job != nil && job.JobID != 0 {
		if _, err := tx.ExecContext(ctx, `UPDATE jobs SET read = read + ?, imported = imported + ?, duplicates = duplicates + ?,
			invalid = invalid + ?, rejected = rejected + ?, updated = ? WHERE id = ?`,
			job.Read, res.Imported, res.Duplicates, res.Invalid, job.Rejected, now, job.JobID); err != nil {
			return res, fmt.Errorf("add batch: job counts: %w", err)
		}
		for _, je := range job.Errors {
			if _, err := tx.ExecContext(ctx, `INSERT INTO job_errors(job_id, seq, file, line, msg)
				SELECT ?, coalesce(max(seq), 0) + 1, ?, ?, ? FROM job_errors WHERE job_id = ? HAVING count(*) < ?`,
				job.JobID, je.File, je.Line, je.Msg, job.JobID, MaxJobErrors); err != nil {
				return res, fmt.Errorf("add batch: job errors: %w", err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return res, fmt.Errorf("add batch: commit: %w", err)
	}
	return res, nil
}

type execer interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
}

// searchBody is the text-search row of the puzzles p: note, source labels
// and files, tags.
const searchBody = `SELECT p.id, p.note
		|| ' ' || coalesce((SELECT group_concat(s.label || ' ' || s.file, ' ') FROM sources s WHERE s.puzzle_id = p.id), '')
		|| ' ' || coalesce((SELECT group_concat(t.tag, ' ') FROM tags t WHERE t.puzzle_id = p.id), '')
		FROM puzzles p`

// reindexChunk bounds the ids of one reindexAll statement.
const reindexChunk = 500

// reindexAll rebuilds the text-search rows of the puzzles in ids with one
// DELETE and one INSERT per reindexChunk ids. (One statement per puzzle
// made FTS5 flush a new segment at every statement's savepoint: the
// writer spent half its time merging them.)
func reindexAll(ctx context.Context, x execer, ids map[int64]bool) error {
	if len(ids) == 0 {
		return nil
	}
	all := make([]int64, 0, len(ids))
	for id := range ids {
		all = append(all, id)
	}
	slices.Sort(all)
	for len(all) > 0 {
		n := min(len(all), reindexChunk)
		chunk := all[:n]
		all = all[n:]
		ph := strings.TrimSuffix(strings.Repeat("?,", n), ",")
		args := make([]any, n)
		for i, id := range chunk {
			args[i] = id
		}
		if _, err := x.ExecContext(ctx, `DELETE FROM search WHERE rowid IN (`+ph+`)`, args...); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		if _, err := x.ExecContext(ctx, `INSERT INTO search(rowid, body) `+searchBody+` WHERE p.id IN (`+ph+`)`, args...); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
	}
	return nil
}

// reindex rebuilds the text-search row of puzzle id.
func reindex(ctx context.Context, x execer, id int64) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM search WHERE rowid = ?`, id); err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	_, err := x.ExecContext(ctx, `INSERT INTO search(rowid, body) `+searchBody+` WHERE p.id = ?`, id)
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	return nil
}

// SetTags replaces the tags of puzzle id. Tags outside the library's
// limits (pencilbox.CheckTags) are refused, nothing changed.
func (d *DB) SetTags(ctx context.Context, id int64, tags []string) (err error) {
	var clean []string
	for _, t := range tags {
		if t = strings.TrimSpace(t); t != "" {
			clean = append(clean, t)
		}
	}
	if err := pencilbox.CheckTags(clean); err != nil {
		return fmt.Errorf("set tags of puzzle %d: %w", id, err)
	}
	tags = clean
	defer d.plans.changed()
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("set tags: %w", err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	var one int
	if err := tx.QueryRowContext(ctx, `SELECT 1 FROM puzzles WHERE id = ?`, id).Scan(&one); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("set tags of puzzle %d: %w", id, ErrNotFound)
		}
		return fmt.Errorf("set tags: %w", err)
	}
	var old string
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(group_concat(tag, ', '), '') FROM (SELECT tag FROM tags WHERE puzzle_id = ? ORDER BY tag)`, id).Scan(&old); err != nil {
		return fmt.Errorf("set tags: %w", err)
	}
	if err := record(ctx, tx, ActionTags, 0, 0, []int64{id}, fmt.Sprintf("tags of puzzle %d: %q -> %q", id, old, strings.Join(tags, ", "))); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM tags WHERE puzzle_id = ?`, id); err != nil {
		return fmt.Errorf("set tags: %w", err)
	}
	for _, t := range tags {
		if t = strings.TrimSpace(t); t == "" {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO tags(puzzle_id, tag) VALUES(?,?)`, id, t); err != nil {
			return fmt.Errorf("set tags: %w", err)
		}
	}
	if err := reindex(ctx, tx, id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("set tags: %w", err)
	}
	return nil
}

// OptimizeSearch merges the text-search index into one segment (at once
// when it is one already). Each write transaction adds a segment; a search
// probed per row (a word found in most puzzles) opens every segment at
// each probe, and with more than one FTS5 re-prepares its segment lookup
// at each (docs/BENCHMARKS.md, Library list filters), so the library is
// imported into (library.Import) and upgraded (migration 00009) to one.
func (d *DB) OptimizeSearch(ctx context.Context) error {
	if _, err := d.W.ExecContext(ctx, `INSERT INTO search(search) VALUES ('optimize')`); err != nil {
		return fmt.Errorf("optimize search index: %w", err)
	}
	return nil
}
