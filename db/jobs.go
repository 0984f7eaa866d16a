package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"pencilbox"
)

// StartJob records a new running job (Source, Format, Files of j) and
// returns its id.
func (d *DB) StartJob(ctx context.Context, j pencilbox.Job) (int64, error) {
	files, _ := json.Marshal(j.Files)
	now := time.Now().Unix()
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("start job: %w", err)
	}
	defer tx.Rollback()
	var id int64
	err = tx.QueryRowContext(ctx, `INSERT INTO jobs(source, format, files, started, updated, pid, owner) VALUES(?,?,?,?,?,?,?) RETURNING id`,
		j.Source, j.Format, string(files), now, now, os.Getpid(), Actor(ctx)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("start job: %w", err)
	}
	// The audit row names the files by their base names: the puzzle
	// page's History quotes it to every role, and a command-line
	// import's paths are the server's (the job row keeps them whole).
	names := make([]string, len(j.Files))
	for i, f := range j.Files {
		names[i] = filepath.Base(f)
	}
	shown, _ := json.Marshal(names)
	detail := fmt.Sprintf("job %d: source %q, format %q, files %s", id, j.Source, j.Format, shown)
	if err := record(ctx, tx, jobAction(ctx), 0, id, nil, detail); err != nil {
		return 0, fmt.Errorf("start job: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("start job: %w", err)
	}
	return id, nil
}

// FinishJob marks job id finished: state is pencilbox.JobDone or
// JobFailed, or, for a run cut short, JobCancelled, JobInterrupted or
// JobStopped; failed is the error or the reason that stopped it ("" when
// it ran to the end).
func (d *DB) FinishJob(ctx context.Context, id int64, state, failed string) error {
	stopped := ""
	switch state {
	case pencilbox.JobDone, pencilbox.JobFailed:
	case pencilbox.JobCancelled, pencilbox.JobInterrupted, pencilbox.JobStopped:
		stopped = state
	default:
		return fmt.Errorf("finish job %d: state %q is not an end", id, state)
	}
	if state == pencilbox.JobFailed && failed == "" {
		failed = "failed"
	}
	now := time.Now().Unix()
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("finish job %d: %w", id, err)
	}
	defer tx.Rollback()
	var read, imported, dups, invalid, rejected int64
	err = tx.QueryRowContext(ctx, `UPDATE jobs SET finished = ?, updated = ?, failed = ?, stopped = ? WHERE id = ? RETURNING read, imported, duplicates, invalid, rejected`,
		now, now, failed, stopped, id).Scan(&read, &imported, &dups, &invalid, &rejected)
	if err != nil {
		return fmt.Errorf("finish job %d: %w", id, err)
	}
	detail := fmt.Sprintf("job %d: read %d, added %d, duplicates %d, invalid %d, rejected %d", id, read, imported, dups, invalid, rejected)
	if stopped != "" {
		detail += "; " + stopped + ": " + failed
	} else if failed != "" {
		detail += "; stopped: " + failed
	}
	if err := record(ctx, tx, ActionJobEnd, 0, id, nil, detail); err != nil {
		return fmt.Errorf("finish job %d: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("finish job %d: %w", id, err)
	}
	return nil
}

const jobCols = `id, source, format, files, started, updated, finished, failed, read, imported, duplicates, invalid, rejected, pid, owner, stopped`

func scanJob(s scanner) (pencilbox.Job, error) {
	var j pencilbox.Job
	var files string
	var started, updated int64
	var finished sql.NullInt64
	var pid int
	var stopped string
	err := s.Scan(&j.ID, &j.Source, &j.Format, &files, &started, &updated, &finished, &j.Failed,
		&j.Read, &j.Imported, &j.Duplicates, &j.Invalid, &j.Rejected, &pid, &j.Owner, &stopped)
	if err != nil {
		return j, err
	}
	json.Unmarshal([]byte(files), &j.Files)
	j.Started, j.Updated = time.Unix(started, 0), time.Unix(updated, 0)
	switch {
	case finished.Valid && stopped != "":
		j.State, j.Finished = stopped, time.Unix(finished.Int64, 0)
	case finished.Valid && j.Failed != "":
		j.State, j.Finished = pencilbox.JobFailed, time.Unix(finished.Int64, 0)
	case finished.Valid:
		j.State, j.Finished = pencilbox.JobDone, time.Unix(finished.Int64, 0)
	case alive(pid) && time.Since(j.Updated) < 24*time.Hour:
		j.State = pencilbox.JobRunning
	default:
		j.State = pencilbox.JobInterrupted
	}
	return j, nil
}

// alive reports whether process pid exists on this machine.
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	if pid == os.Getpid() {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Job returns job id with its kept errors.
func (d *DB) Job(ctx context.Context, id int64) (pencilbox.Job, error) {
	j, err := scanJob(d.R.QueryRowContext(ctx, `SELECT `+jobCols+` FROM jobs WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return j, fmt.Errorf("job %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return j, fmt.Errorf("job %d: %w", id, err)
	}
	rows, err := d.R.QueryContext(ctx, `SELECT file, line, msg FROM job_errors WHERE job_id = ? ORDER BY seq`, id)
	if err != nil {
		return j, fmt.Errorf("job %d errors: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var e pencilbox.JobError
		if err := rows.Scan(&e.File, &e.Line, &e.Msg); err != nil {
			return j, fmt.Errorf("job %d errors: %w", id, err)
		}
		j.Errors = append(j.Errors, e)
	}
	return j, rows.Err()
}

// Jobs returns the newest limit jobs (without their errors), newest first.
func (d *DB) Jobs(ctx context.Context, limit int) ([]pencilbox.Job, error) {
	if limit <= 0 {
		limit = 50
	}
	rows, err := d.R.QueryContext(ctx, `SELECT `+jobCols+` FROM jobs ORDER BY id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	defer rows.Close()
	var out []pencilbox.Job
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, fmt.Errorf("jobs: %w", err)
		}
		out = append(out, j)
	}
	return out, rows.Err()
}
