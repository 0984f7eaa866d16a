//go:build linux

package nice

import (
	"fmt"
	"syscall"
)

// Thread sets the calling thread's nice value to n (0-19). The caller
// must hold the thread (runtime.LockOSThread) and should let it end with
// its goroutine, so no other goroutine inherits the priority.
func Thread(n int) error {
	if err := syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), n); err != nil {
		return fmt.Errorf("nice %d: %w", n, err)
	}
	return nil
}

// Of is the calling thread's nice value.
func Of() (int, error) {
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		return 0, fmt.Errorf("nice: %w", err)
	}
	return 20 - p, nil // the raw system call answers 20 - nice
}

// Supported reports whether Thread lowers a thread's priority here.
const Supported = true
