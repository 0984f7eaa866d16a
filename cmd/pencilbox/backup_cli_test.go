package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBackupCheck: `pencilbox backup` makes a copy that opens with the same
// puzzles and passes `pencilbox check`; it refuses to replace an existing
// DEST (left as it was) unless --force, which brings DEST up to date.
func TestBackupCheck(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.db")
	dest := filepath.Join(dir, "copy.db")
	in := writeFiles(t, dir, map[string]string{
		"a.sdm": hard + "\n" + empty + "\n",
		"b.sdm": blank(hardSol, 0, 40) + "\n",
	}, "a.sdm", "b.sdm")
	mustRun := func(want int, args ...string) string {
		t.Helper()
		code, out, errs := runCLI(t, "", args...)
		if code != want {
			t.Fatalf("pencilbox %s: exit %d, want %d\n%s%s", strings.Join(args, " "), code, want, out, errs)
		}
		return out + errs
	}
	mustRun(0, "import", "--db", lib, in[0])
	if out := mustRun(0, "backup", "--db", lib, dest); !strings.HasPrefix(out, "backed up "+lib+" to "+dest) {
		t.Errorf("backup says %q", out)
	}
	if got, want := countPuzzles(t, dest), countPuzzles(t, lib); got != want || got != 2 {
		t.Errorf("copy holds %d puzzles, library %d, want 2", got, want)
	}
	if out := mustRun(0, "check", "--db", dest); !strings.Contains(out, "integrity: ok; checked 2 puzzles") || !strings.Contains(out, " 0 mismatches") {
		t.Errorf("check of the copy says %q", out)
	}

	// The library grows; a second backup to the same DEST is refused and
	// leaves DEST as it was.
	mustRun(0, "import", "--db", lib, in[1])
	before, err := os.ReadFile(dest)
	if err != nil {
		t.Fatal(err)
	}
	if out := mustRun(1, "backup", "--db", lib, dest); !strings.Contains(out, "exists") {
		t.Errorf("refusal says %q, want it to say DEST exists", out)
	}
	if after, err := os.ReadFile(dest); err != nil || !bytes.Equal(before, after) {
		t.Errorf("a refused backup changed DEST (%v)", err)
	}
	if n := countPuzzles(t, dest); n != 2 {
		t.Errorf("copy holds %d puzzles after the refusal, want 2", n)
	}

	// --force replaces it with the library as it is now.
	mustRun(0, "backup", "--db", lib, "--force", dest)
	if got := countPuzzles(t, dest); got != 3 {
		t.Errorf("forced copy holds %d puzzles, want 3", got)
	}
	mustRun(0, "check", "--db", dest)
	if left, _ := filepath.Glob(filepath.Join(dir, ".copy.db*")); len(left) != 0 {
		t.Errorf("temporary files left beside DEST: %v", left)
	}

	// No library: nothing to copy.
	mustRun(2, "backup", "--db", filepath.Join(dir, "none.db"), filepath.Join(dir, "x.db"))
}
