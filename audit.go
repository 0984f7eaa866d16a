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

// AuditLog reads the audit log. The log is written by the changes
// themselves, in their own transactions, so readers need only this.
type AuditLog interface {
	// List returns the rows of f, newest first.
	List(ctx context.Context, f AuditFilter) ([]AuditEntry, error)
}
