// Package fulldisk gives tests a real full disk: a small tmpfs mounted
// in a test folder, filled to its last byte on demand. Mounting needs
// root (or CAP_SYS_ADMIN); elsewhere the tests that need it skip, saying
// so.
package fulldisk

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// Mount mounts a tmpfs of size bytes on a new folder and returns it; it
// is unmounted when the test ends. The test skips when it cannot mount.
func Mount(t testing.TB, size int64) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("a real full disk needs a tmpfs, which only root may mount: skipped")
	}
	dir := t.TempDir()
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%d", size), "tmpfs", dir).CombinedOutput()
	if err != nil {
		t.Skipf("cannot mount a tmpfs for a full disk (%v: %s): skipped", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	return dir
}

// Fill writes a filler file into dir until its disk has no byte left and
// returns a function that removes it (freeing the space).
func Fill(t testing.TB, dir string) (free func()) {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 4096)
	for n := len(block); n > 0; n /= 2 {
		for {
			if _, err := f.Write(block[:n]); err != nil {
				if !errors.Is(err, syscall.ENOSPC) {
					t.Fatal(err)
				}
				break
			}
		}
	}
	return func() { os.Remove(path) }
}
