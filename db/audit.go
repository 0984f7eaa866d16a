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

type actorKey struct{}

type jobActionKey struct{}

type clientKey struct{}

// WithActor names who the writes made with ctx are for.
func WithActor(ctx context.Context, who string) context.Context {
	return context.WithValue(ctx, actorKey{}, who)
}

// WithClient names the address the writes made with ctx came from (a web
// request's client), kept in each audit row beside the actor.
func WithClient(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, clientKey{}, addr)
}

// Client is the address ctx's writes came from ("" for the command line
// and the server's own work).
func Client(ctx context.Context) string {
	a, _ := ctx.Value(clientKey{}).(string)
	if len(a) > maxClient {
		a = a[:maxClient]
	}
	return a
}

// maxClient bounds the address kept in a row: an IPv6 address with a zone
// is under 64 bytes, and nothing longer is an address.
const maxClient = 64

// The actors the audit log names its own rows with, never a user's name
// (ValidUserName refuses them, in any case): the server's own work, the
// command line ("cli", or "cli:" and the OS user: ':' is never in a user
// name), and a visitor without a session (a failed login).
const (
	ActorSystem  = "system"
	ActorCLI     = "cli"
	ActorVisitor = "visitor"
)

// ReservedUserNames are the names no user may take: the audit log's own
// actors.
var ReservedUserNames = []string{ActorSystem, ActorCLI, ActorVisitor}

// Actor is who ctx's writes are for (ActorSystem when no one was named:
// the server's own work, such as creating the first admin).
func Actor(ctx context.Context) string {
	if a, _ := ctx.Value(actorKey{}).(string); a != "" {
		return a
	}
	return ActorSystem
}

// AsGenerator makes the jobs started with ctx be logged as generator runs
// ("generate") rather than imports.
func AsGenerator(ctx context.Context) context.Context {
	return context.WithValue(ctx, jobActionKey{}, ActionGenerate)
}

func jobAction(ctx context.Context) string {
	if a, _ := ctx.Value(jobActionKey{}).(string); a != "" {
		return a
	}
	return ActionImport
}

// The actions of the audit log.
const (
	ActionImport      = "import"       // an import started (job_id)
	ActionGenerate    = "generate"     // a generator run started (job_id)
	ActionJobEnd      = "job.end"      // an import or a generator run ended, with its counts
	ActionTags        = "tags"         // a puzzle's tags changed
	ActionSetCreate   = "set.create"   // set_id
	ActionSetEdit     = "set.edit"     // name or notes
	ActionSetAdd      = "set.add"      // puzzles added
	ActionSetRemove   = "set.remove"   // a puzzle removed
	ActionSetMove     = "set.move"     // a puzzle moved
	ActionSetDelete   = "set.delete"   //
	ActionSetOrder    = "set.order"    // a new order as a whole (sorted, dragged)
	ActionSetUndo     = "set.undo"     // the last change undone
	ActionSetPublish  = "set.publish"  // a set published (outlet, date), its puzzles linked
	ActionSetReopen   = "set.reopen"   // a published set unlocked for changes (its publications named)
	ActionUserAdd     = "user.add"     //
	ActionUserRole    = "user.role"    //
	ActionUserPasswd  = "user.passwd"  //
	ActionRestore     = "restore"      // the library replaced by a backup (written into the restored file)
	ActionUserDisable = "user.disable" // no login, sessions ended
	ActionUserEnable  = "user.enable"  //
	ActionUserDelete  = "user.delete"  //
	ActionUserLogout  = "user.logout"  // every session of a user ended ("log out everywhere")
	ActionLogin       = "login"        // a session started (the user's own row)
	ActionLoginFailed = "login.failed" // a password check failed (actor "visitor"; no password, no unknown name)
	ActionExport      = "export"       // puzzles downloaded or written to a file (format, what)
	ActionCheckFix    = "check.fix"    // check --fix stored the engine's analysis over puzzles'
	ActionFillSecond  = "fill.second"  // a run filling the second rating (ER) of puzzles that had none
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
