package pencilbox

import (
	"context"
	"errors"
)

// ErrNotFound reports a puzzle or job id that does not exist: the one
// not-found answer of the store's reads, which the web site answers 404
// without knowing the store.
var ErrNotFound = errors.New("not found")

// FaultCode classifies a store error by what the person running the
// library must do about it, so the web site chooses its answer (507, the
// damage banner) without knowing the database.
type FaultCode int

const (
	// FaultNone: not a fault of the store's file or disk; the program's
	// to log, not the user's to read.
	FaultNone FaultCode = iota
	// FaultDiskFull: the disk holding the file is full.
	FaultDiskFull
	// FaultDamaged: the file is damaged; nothing more is written to it.
	FaultDamaged
	// FaultStorage: another fault of the file the user can act on (read
	// only, unreadable, an input/output error).
	FaultStorage
)

// Faults explains the store's errors: the site's error page, the import
// and generate forms and the backup note say them in words.
type Faults interface {
	// Fault classifies err (FaultNone for the program's own errors).
	Fault(err error) FaultCode
	// Explain turns a store error into a sentence naming the file and
	// what to do; ok is false when Fault is FaultNone (and for a full
	// disk the system reported outside the store, which has no sentence).
	Explain(err error) (msg string, ok bool)
	// QuickCheckAside checks the file for damage without holding the
	// writer; its error is FaultDamaged when it finds any.
	QuickCheckAside(ctx context.Context) error
}
