//go:build unix

package proc

import (
	"errors"
	"syscall"
)

// Gone reports whether no process of this machine (and pid namespace)
// has the id pid: signal 0 answers ESRCH. A process of another user
// (EPERM) or any other answer counts as alive: Gone is true only when
// sure.
func Gone(pid int) bool {
	if pid <= 0 {
		return false
	}
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
