package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/internal/stale"
)

// ErrExists reports a backup target that exists (and no overwrite).
var ErrExists = errors.New("already exists (use --force to replace it)")

// Backup writes a consistent copy of the live database to dest with
// VACUUM INTO, which reads one snapshot (imports may go on meanwhile). The
// copy is made under a partial name beside dest and renamed at the end,
// so dest is either the old file or a whole new copy.
func (d *DB) Backup(ctx context.Context, dest string, overwrite bool) error {
	return d.backup(ctx, dest, overwrite, false)
}

// backup is Backup; with verify, the copy must also pass VerifyBackup
// before it takes dest's name (a scheduled backup: a copy that fails is
// deleted). The partial file is made with O_EXCL under a random name
// (".NAME.PID-RANDOM.part", internal/stale), so nothing planted at a
// predictable name is written through, and a run killed with -9 leaves a
// file the next backup to NAME (or the scheduled backups' start) removes
// once its process is gone.
func (d *DB) backup(ctx context.Context, dest string, overwrite, verify bool) error {
	if _, err := os.Stat(dest); err == nil && !overwrite {
		return fmt.Errorf("backup to %s: %w", dest, ErrExists)
	}
	dir := filepath.Dir(dest)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("backup to %s: no folder %s", dest, dir)
	}
	prefix := "." + filepath.Base(dest) + "."
	_, _ = stale.Clean(dir, prefix, partialSuffix, time.Now())
	f, err := os.CreateTemp(dir, stale.Pattern(prefix, partialSuffix))
	if err != nil {
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	tmp := f.Name()
	// VACUUM INTO writes into an empty file; a backup is an ordinary file
	// (CreateTemp makes it private)
	err = f.Chmod(0o644)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	// On the writer: VACUUM INTO needs a connection that may write, and it
	// holds only a read snapshot of the source, so the one writer is
	// busy for the copy's length (imports wait for their next batch).
	if _, err := d.W.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	if err := syncFile(tmp); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	if verify {
		if err := VerifyBackup(ctx, tmp); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("backup %s failed its check and was deleted: %w", dest, err)
		}
	}
	if err := os.Rename(tmp, dest); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	syncDir(dir)
	return nil
}

// syncFile puts the file at path on disk (VACUUM INTO does not): a crash
// after the rename must not leave a partial copy under the backup's name.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// SetAnalysis replaces the stored analysis (status, solution, rank, score,
// hypothesis, profile, second rating) of the puzzles given, in one
// transaction (check --fix writes what the engine says now), with its
// audit row: the puzzles linked, the first 20's changes of status, rank,
// score and ER in words.
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
	var changes []string
	ids := make([]int64, 0, len(ps))
	for _, p := range ps {
		var was pencilbox.Puzzle
		var status int
		err := tx.QueryRowContext(ctx, `SELECT status, rank, score, coalesce(scale1, 0) FROM puzzles WHERE id = ?`, p.ID).Scan(&status, &was.Rank, &was.Score, &was.Scales[0])
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("set analysis of %d: %w", p.ID, ErrNotFound)
		} else if err != nil {
			return fmt.Errorf("set analysis of %d: %w", p.ID, err)
		}
		was.Status = engine.Status(status)
		if len(changes) < maxFixSaid {
			changes = append(changes, analysisChange(p.ID, was, p))
		}
		ids = append(ids, p.ID)
		res, err := tx.ExecContext(ctx, `UPDATE puzzles SET status = ?, solution = ?, rank = ?, score = ?, verdict1 = ?, profile = ?,
			scale1 = ?, scale2 = ?, scale3 = ?, scale_note = ?, scale_rated = ? WHERE id = ?`,
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
	detail := fmt.Sprintf("check --fix stored the engine's analysis of %d puzzles: %s", len(ps), strings.Join(changes, "; "))
	if len(ps) > len(changes) {
		detail += fmt.Sprintf("; and %d more", len(ps)-len(changes))
	}
	if err := record(ctx, tx, ActionCheckFix, 0, 0, ids, detail); err != nil {
		return err
	}
	return tx.Commit()
}

// maxFixSaid bounds the puzzles whose changes one check.fix row spells out
// (all are linked to it).
const maxFixSaid = 20

// analysisChange says what check --fix changed of puzzle id: its status,
// rank, score and the first figure of its second rating as they were and are ("solution, verdict or
// profile" when none of these moved).
func analysisChange(id int64, was, now pencilbox.Puzzle) string {
	var parts []string
	if was.Status != now.Status {
		parts = append(parts, fmt.Sprintf("status %s -> %s", was.Status, now.Status))
	}
	if was.Rank != now.Rank {
		parts = append(parts, fmt.Sprintf("rank %d -> %d", was.Rank, now.Rank))
	}
	if was.Score != now.Score {
		parts = append(parts, fmt.Sprintf("score %g -> %g", was.Score, now.Score))
	}
	if was.Scales[0] != now.Scales[0] {
		parts = append(parts, fmt.Sprintf("second rating %g -> %g", was.Scales[0], now.Scales[0]))
	}
	if len(parts) == 0 {
		parts = append(parts, "solution, verdict or profile")
	}
	return fmt.Sprintf("puzzle %d: %s", id, strings.Join(parts, ", "))
}
