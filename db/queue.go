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

var _ pencilbox.QueueLeaseStore = (*DB)(nil)

// TakeQueueLease takes or renews the rating queue's lease (migration
// 00180) for want at now, when no one holds it, its holder's expiry is
// not after now, or want holds it already (a renewal keeps its Since).
// The read and the write are one transaction of the writer, which begins
// IMMEDIATE (_txlock=immediate): it holds SQLite's write lock from its
// start, so of two processes taking a free lease at once one waits for
// the other's commit and then finds it held.
func (d *DB) TakeQueueLease(ctx context.Context, want pencilbox.QueueLease, now time.Time) (pencilbox.QueueLease, error) {
	if want.Token == "" {
		return pencilbox.QueueLease{}, errors.New("the rating queue's lease: a holder without a token")
	}
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return pencilbox.QueueLease{}, fmt.Errorf("the rating queue's lease: %w", err)
	}
	defer tx.Rollback()
	held, ok, err := scanLease(tx.QueryRowContext(ctx, leaseSelect))
	if err != nil {
		return pencilbox.QueueLease{}, err
	}
	if ok && !held.Same(want) && held.Expires.After(now) {
		return held, nil
	}
	if ok && held.Same(want) {
		want.Since = held.Since
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO rate_queue_lease(id, holder, pid, host, token, since, expires) VALUES(1, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(id) DO UPDATE SET holder = excluded.holder, pid = excluded.pid, host = excluded.host, token = excluded.token,
			since = excluded.since, expires = excluded.expires`,
		want.Holder, want.PID, want.Host, want.Token, want.Since.UnixMilli(), want.Expires.UnixMilli()); err != nil {
		return pencilbox.QueueLease{}, fmt.Errorf("the rating queue's lease: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return pencilbox.QueueLease{}, fmt.Errorf("the rating queue's lease: %w", err)
	}
	// what is stored: milliseconds
	want.Since, want.Expires = time.UnixMilli(want.Since.UnixMilli()), time.UnixMilli(want.Expires.UnixMilli())
	return want, nil
}

// ReleaseQueueLease deletes the lease when token holds it.
func (d *DB) ReleaseQueueLease(ctx context.Context, token string) error {
	if _, err := d.W.ExecContext(ctx, `DELETE FROM rate_queue_lease WHERE id = 1 AND token = ?`, token); err != nil {
		return fmt.Errorf("the rating queue's lease: %w", err)
	}
	return nil
}

// QueueLeaseHolder reads the stored lease, lapsed or not.
func (d *DB) QueueLeaseHolder(ctx context.Context) (pencilbox.QueueLease, bool, error) {
	return scanLease(d.queryRow(ctx, leaseSelect))
}

const leaseSelect = `SELECT holder, pid, host, token, since, expires FROM rate_queue_lease WHERE id = 1`

func scanLease(row *sql.Row) (pencilbox.QueueLease, bool, error) {
	var l pencilbox.QueueLease
	var since, expires int64
	err := row.Scan(&l.Holder, &l.PID, &l.Host, &l.Token, &since, &expires)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return pencilbox.QueueLease{}, false, nil
	case err != nil:
		return pencilbox.QueueLease{}, false, fmt.Errorf("the rating queue's lease: %w", err)
	}
	l.Since, l.Expires = time.UnixMilli(since), time.UnixMilli(expires)
	return l, true, nil
}
