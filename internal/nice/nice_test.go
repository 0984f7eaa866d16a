package nice_test

import (
	"runtime"
	"testing"

	"pencilbox/internal/nice"
)

// TestThread: a locked thread niced to Lowest reads it back, and the
// other threads keep theirs.
func TestThread(t *testing.T) {
	if !nice.Supported {
		t.Skip("no per-thread nice here")
	}
	before, err := nice.Of()
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan int)
	go func() {
		runtime.LockOSThread() // the thread ends with the goroutine
		if err := nice.Thread(nice.Lowest); err != nil {
			t.Error(err)
		}
		n, _ := nice.Of()
		got <- n
	}()
	if n := <-got; n != nice.Lowest {
		t.Errorf("niced thread at %d, want %d", n, nice.Lowest)
	}
	if after, _ := nice.Of(); after != before {
		t.Errorf("this thread went from %d to %d", before, after)
	}
}
