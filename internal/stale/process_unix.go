//go:build unix

package stale

import (
	"errors"
	"syscall"
)

// processGone reports whether no process has the id pid (signal 0 tests
// for one without sending anything; a process of another user answers
// EPERM, and counts as running).
func processGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
