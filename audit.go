package pencilbox

import (
	"context"
	"time"
)

// AuditEntry is one row of the audit log: who did what, and when.
type AuditEntry struct {
	ID     int64
	At     time.Time
	Actor  string
	Client string // the web client's address ("" for the command line)
	Action string
	SetID  int64 // 0 when none
	JobID  int64 // 0 when none
	Detail string
}

// AuditFilter selects rows of the log: by actor, by puzzle (the rows that
// touched it, and the imports that brought it), older than Before (an
// id, for the next page); Limit bounds them (default 100).
type AuditFilter struct {
	Actor  string
	Puzzle int64
	Before int64
	Limit  int
}

// AuditLog reads the audit log. The changes write their own rows, in
// their own transactions; Add is for events that store nothing else (an
// export, a login), its actor and client address taken from ctx.
type AuditLog interface {
	// List returns the rows of f, newest first.
	List(ctx context.Context, f AuditFilter) ([]AuditEntry, error)
	// Add writes one row of action with detail.
	Add(ctx context.Context, action, detail string) error
}
