//go:build !linux

package nice

// Thread does nothing where a thread has no nice value of its own.
func Thread(n int) error { return nil }

// Of is 0 where a thread has no nice value of its own.
func Of() (int, error) { return 0, nil }

// Supported reports whether Thread lowers a thread's priority here.
const Supported = false
