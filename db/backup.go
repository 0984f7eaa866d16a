package db

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"pencilbox"
	"pencilbox/engine"
)

// ErrExists reports a backup target that exists (and no overwrite).
var ErrExists = errors.New("already exists (use --force to replace it)")

// Backup writes a consistent copy of the live database to dest with
// VACUUM INTO, which reads one snapshot (imports may go on meanwhile). The
// copy is made under a temporary name beside dest and renamed at the end,
// so dest is either the old file or a whole new copy.
func (d *DB) Backup(ctx context.Context, dest string, overwrite bool) error {
	if _, err := os.Stat(dest); err == nil && !overwrite {
		return fmt.Errorf("backup to %s: %w", dest, ErrExists)
	}
	dir := filepath.Dir(dest)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("backup to %s: no folder %s", dest, dir)
	}
	tmp := filepath.Join(dir, fmt.Sprintf(".%s.%d.part", filepath.Base(dest), os.Getpid()))
	os.Remove(tmp)
	// On the writer: VACUUM INTO needs a connection that may write, and it
	// holds only a read snapshot of the source, so the one writer is
	// busy for the copy's length (imports wait for their next batch).
	if _, err := d.W.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	if err := os.Rename(tmp, dest); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	return nil
}

// SetAnalysis replaces the stored analysis (status, solution, rank, score,
// hypothesis, profile, second rating) of the puzzles given, in one transaction (check
// --fix writes what the engine says now).
func (d *DB) SetAnalysis(ctx context.Context, ps []pencilbox.Puzzle) (err error) {
	defer d.plans.changed()
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("set analysis: %w", err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	for _, p := range ps {
		res, err := tx.ExecContext(ctx, `UPDATE puzzles SET status = ?, solution = ?, rank = ?, score = ?, hypothesis = ?, profile = ?,
			er = ?, ep = ?, ed = ?, er_technique = ?, er_rated = ? WHERE id = ?`,
			append([]any{int(p.Status), p.Solution, p.Rank, p.Score, int(p.Verdict), engine.ProfileString(p.Profile)},
				append(secondArgs(p), p.ID)...)...)
		if err != nil {
			return fmt.Errorf("set analysis of %d: %w", p.ID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("set analysis of %d: %w", p.ID, ErrNotFound)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM profile WHERE puzzle_id = ?`, p.ID); err != nil {
			return fmt.Errorf("set analysis of %d: %w", p.ID, err)
		}
		for _, c := range p.Profile {
			if _, err := tx.ExecContext(ctx, `INSERT INTO profile(puzzle_id, technique, count) VALUES(?,?,?)`, p.ID, c.ID, c.N); err != nil {
				return fmt.Errorf("set analysis of %d: %w", p.ID, err)
			}
		}
	}
	return tx.Commit()
}
