package db

// The audit log (migration 00103): who changed what and when. Every write
// that changes the library or its users records one row in its own
// transaction (record), so a change and its row are committed, or lost,
// together. Who is taken from the context (WithActor): the web server puts
// the session's user there, the command line "cli:" and the OS user.

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
	"unicode/utf8"

	"pencilbox"
)

// The context's actor, client and job action are the root package's
// (pencilbox.WithActor and the rest), so the web server sets them without
// this package; these name them here for the store's own callers.

// WithActor names who the writes made with ctx are for.
func WithActor(ctx context.Context, who string) context.Context { return pencilbox.WithActor(ctx, who) }

// WithClient names the address the writes made with ctx came from.
func WithClient(ctx context.Context, addr string) context.Context {
	return pencilbox.WithClient(ctx, addr)
}

// Client is the address ctx's writes came from (pencilbox.Client).
func Client(ctx context.Context) string { return pencilbox.Client(ctx) }

// The audit log's own actors (pencilbox.ActorSystem and the rest).
const (
	ActorSystem  = pencilbox.ActorSystem
	ActorCLI     = pencilbox.ActorCLI
	ActorVisitor = pencilbox.ActorVisitor
)

// ReservedUserNames are the names no user may take (pencilbox.ReservedUserNames).
var ReservedUserNames = pencilbox.ReservedUserNames

// Actor is who ctx's writes are for (pencilbox.Actor).
func Actor(ctx context.Context) string { return pencilbox.Actor(ctx) }

// AsGenerator makes the jobs started with ctx be logged as generator runs.
func AsGenerator(ctx context.Context) context.Context { return pencilbox.AsGenerator(ctx) }

func jobAction(ctx context.Context) string { return pencilbox.JobAction(ctx) }

// The actions of the audit log (pencilbox.ActionImport and the rest).
const (
	ActionImport      = pencilbox.ActionImport
	ActionGenerate    = pencilbox.ActionGenerate
	ActionJobEnd      = pencilbox.ActionJobEnd
	ActionTags        = pencilbox.ActionTags
	ActionSetCreate   = pencilbox.ActionSetCreate
	ActionSetEdit     = pencilbox.ActionSetEdit
	ActionSetAdd      = pencilbox.ActionSetAdd
	ActionSetRemove   = pencilbox.ActionSetRemove
	ActionSetMove     = pencilbox.ActionSetMove
	ActionSetDelete   = pencilbox.ActionSetDelete
	ActionSetOrder    = pencilbox.ActionSetOrder
	ActionSetUndo     = pencilbox.ActionSetUndo
	ActionSetPublish  = pencilbox.ActionSetPublish
	ActionSetReopen   = pencilbox.ActionSetReopen
	ActionUserAdd     = pencilbox.ActionUserAdd
	ActionUserRole    = pencilbox.ActionUserRole
	ActionUserPasswd  = pencilbox.ActionUserPasswd
	ActionRestore     = pencilbox.ActionRestore
	ActionUserDisable = pencilbox.ActionUserDisable
	ActionUserEnable  = pencilbox.ActionUserEnable
	ActionUserDelete  = pencilbox.ActionUserDelete
	ActionUserLogout  = pencilbox.ActionUserLogout
	ActionLogin       = pencilbox.ActionLogin
	ActionLoginFailed = pencilbox.ActionLoginFailed
	ActionExport      = pencilbox.ActionExport
	ActionCheckFix    = pencilbox.ActionCheckFix
	ActionFillSecond  = pencilbox.ActionFillSecond
	ActionQueuePause  = pencilbox.ActionQueuePause
	ActionQueueResume = pencilbox.ActionQueueResume
)

type recorder interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

// record writes one audit row, linked to puzzles, within tx.
func record(ctx context.Context, tx recorder, action string, setID, jobID int64, puzzles []int64, detail string) error {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO audit(at, actor, client, action, set_id, job_id, detail) VALUES(?, ?, ?, ?, nullif(?, 0), nullif(?, 0), ?) RETURNING id`,
		time.Now().UnixMilli(), Actor(ctx), Client(ctx), action, setID, jobID, detail).Scan(&id)
	if err != nil {
		return fmt.Errorf("audit %s: %w", action, err)
	}
	if len(puzzles) == 0 {
		return nil
	}
	list, _ := json.Marshal(puzzles)
	if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO audit_puzzles(puzzle_id, audit_id) SELECT value, ? FROM json_each(?)`, id, string(list)); err != nil {
		return fmt.Errorf("audit %s: %w", action, err)
	}
	return nil
}

// AuditEntry and AuditFilter are the root's (pencilbox.AuditLog).
type (
	AuditEntry  = pencilbox.AuditEntry
	AuditFilter = pencilbox.AuditFilter
)

var _ pencilbox.AuditLog = AuditStore{}

// AuditStore reads the audit log through R (a reader); the changes write
// their own rows in their transactions. W, the writer, takes the rows of
// events that change nothing stored (an export, a login): Add.
type AuditStore struct {
	R Querier
	W *sql.DB
}

// maxDetail bounds an Add row's detail: a filter or a file name quoted in
// it is cut, never stored whole from a client.
const maxDetail = 1000

// Add writes one row of action with detail (cut to 1,000 bytes, on a
// character boundary), its actor and client taken from ctx.
func (s AuditStore) Add(ctx context.Context, action, detail string) error {
	if s.W == nil {
		return fmt.Errorf("audit %s: no writer", action)
	}
	return record(ctx, s.W, action, 0, 0, nil, cut(detail, maxDetail))
}

// cut shortens s to at most n bytes, at a character boundary, marking the
// cut with "...".
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n - 3
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

// List returns the rows of f, newest first.
func (s AuditStore) List(ctx context.Context, f AuditFilter) ([]AuditEntry, error) {
	if f.Limit <= 0 {
		f.Limit = 100
	}
	rows, err := s.R.QueryContext(ctx, `SELECT a.id, a.at, a.actor, a.client, a.action, coalesce(a.set_id, 0), coalesce(a.job_id, 0), a.detail
		FROM audit a
		WHERE (?1 = '' OR a.actor = ?1)
		  AND (?2 = 0 OR a.id IN (SELECT audit_id FROM audit_puzzles WHERE puzzle_id = ?2)
		       OR a.job_id IN (SELECT job_id FROM sources WHERE puzzle_id = ?2 AND job_id IS NOT NULL))
		  AND (?3 = 0 OR a.id < ?3)
		ORDER BY a.id DESC LIMIT ?4`, f.Actor, f.Puzzle, f.Before, f.Limit)
	if err != nil {
		return nil, fmt.Errorf("audit log: %w", err)
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var e AuditEntry
		var at int64
		if err := rows.Scan(&e.ID, &at, &e.Actor, &e.Client, &e.Action, &e.SetID, &e.JobID, &e.Detail); err != nil {
			return nil, fmt.Errorf("audit log: %w", err)
		}
		e.At = time.UnixMilli(at)
		out = append(out, e)
	}
	return out, rows.Err()
}
