package killer_test

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU is the CPU time of the calling thread (Linux RUSAGE_THREAD),
// so a benchmark on a loaded machine can report what a puzzle cost, not
// how long it waited; lockThread pins the goroutine first.
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
