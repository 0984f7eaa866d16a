package nonogram_test

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU is the CPU time of the calling thread (lock the goroutine to
// it first): on a shared machine it measures the work, not the wait.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func lockThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
