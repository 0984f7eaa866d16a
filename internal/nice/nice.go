// Package nice lowers the scheduling priority of the calling OS thread,
// so that background work (the rating queue) yields its cores to the
// threads serving pages: on Linux a thread's nice value is its own
// (setpriority on its thread id), so only the thread the caller locked
// (runtime.LockOSThread) runs at it. Elsewhere it does nothing and says
// so.
package nice

// Lowest is the weakest priority a thread takes: at nice 19 the Linux
// scheduler gives it about 1.5% of a core against a thread at nice 0.
const Lowest = 19
