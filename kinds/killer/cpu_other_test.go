//go:build !linux

package killer_test

import "time"

// threadCPU is 0 where the thread's CPU time is not read: the benchmarks
// then report wall time only.
func threadCPU() time.Duration { return 0 }

func lockThread() func() { return func() {} }
