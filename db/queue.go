package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"pencilbox"
)

var _ pencilbox.QueueStateStore = (*DB)(nil)

// QueuePause reads the rating queue's pause (migration 00170): not
// paused when it never was.
func (d *DB) QueuePause(ctx context.Context) (pencilbox.QueuePause, error) {
	var p pencilbox.QueuePause
	var at int64
	err := d.queryRow(ctx, `SELECT paused, actor, changed FROM rate_queue WHERE id = 1`).Scan(&p.Paused, &p.Actor, &at)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return pencilbox.QueuePause{}, nil
	case err != nil:
		return p, fmt.Errorf("the rating queue's pause: %w", err)
	}
	if at > 0 {
		p.At = time.Unix(at, 0)
	}
	return p, nil
}

// SetQueuePause pauses or resumes the rating queue and records who did
// it in the audit log, in one transaction: the pause outlives the server
// that was told, until resumed.
func (d *DB) SetQueuePause(ctx context.Context, paused bool) error {
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("the rating queue's pause: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO rate_queue(id, paused, actor, changed) VALUES(1, ?, ?, ?)
		ON CONFLICT(id) DO UPDATE SET paused = excluded.paused, actor = excluded.actor, changed = excluded.changed`,
		paused, Actor(ctx), time.Now().Unix()); err != nil {
		return fmt.Errorf("the rating queue's pause: %w", err)
	}
	action, detail := ActionQueueResume, "the rating queue resumed"
	if paused {
		action, detail = ActionQueuePause, "the rating queue paused until resumed (it stays paused across restarts)"
	}
	if err := record(ctx, tx, action, 0, 0, nil, detail); err != nil {
		return fmt.Errorf("the rating queue's pause: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("the rating queue's pause: %w", err)
	}
	return nil
}

// QueuePass reads the rating queue's pass under way (migration 00171),
// per kind; nil when none.
func (d *DB) QueuePass(ctx context.Context) ([]pencilbox.QueuePassKind, error) {
	rows, err := d.query(ctx, `SELECT kind, total, done, started FROM rate_queue_pass ORDER BY kind`)
	if err != nil {
		return nil, fmt.Errorf("the rating queue's pass: %w", err)
	}
	defer rows.Close()
	var out []pencilbox.QueuePassKind
	for rows.Next() {
		var k pencilbox.QueuePassKind
		var at int64
		if err := rows.Scan(&k.Kind, &k.Total, &k.Done, &at); err != nil {
			return nil, fmt.Errorf("the rating queue's pass: %w", err)
		}
		k.Started = time.Unix(at, 0)
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("the rating queue's pass: %w", err)
	}
	return out, nil
}

// SetQueuePass replaces the rating queue's pass by pass, in one
// transaction (nil: no pass under way).
func (d *DB) SetQueuePass(ctx context.Context, pass []pencilbox.QueuePassKind) error {
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("the rating queue's pass: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM rate_queue_pass`); err != nil {
		return fmt.Errorf("the rating queue's pass: %w", err)
	}
	for _, k := range pass {
		if _, err := tx.ExecContext(ctx, `INSERT INTO rate_queue_pass(kind, total, done, started) VALUES(?, ?, ?, ?)`,
			k.Kind, k.Total, k.Done, k.Started.Unix()); err != nil {
			return fmt.Errorf("the rating queue's pass: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("the rating queue's pass: %w", err)
	}
	return nil
}
