package proc_test

import (
	"os"
	"os/exec"
	"runtime"
	"testing"

	"pencilbox/internal/proc"
)

// TestGone: this process and init are not gone; a child that ended and
// was waited for is.
func TestGone(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Gone is never sure here")
	}
	if proc.Gone(os.Getpid()) || proc.Gone(1) || proc.Gone(0) || proc.Gone(-1) {
		t.Error("a live process (or no pid) said gone")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if !proc.Gone(cmd.Process.Pid) {
		t.Errorf("the ended child %d is not gone", cmd.Process.Pid)
	}
}
