package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSlitherlinkCLI: Slitherlink's notations are recognised without
// --kind (the PUZZLE column is the Loopy ID); canon gives one form for a
// puzzle's images; the Janko block file and a Loopy ID list import, and
// the library's tatham export imports back into a new library as the same
// puzzles.
func TestSlitherlinkCLI(t *testing.T) {
	const (
		id   = "5x5t0:2b1b2b1b2b3b3b0b3" // pzprjs's slither test puzzle
		turn = "5x5t0:2b3b2b0b2b1b3b1b3" // id reflected in the diagonal
	)
	var want string
	for _, in := range []string{id + "\n", "https://puzz.link/p?slither/5/5/cbcbcddad\n", "2 - - 1 -\n- 2 - - 1\n- - 2 - -\n3 - - 3 -\n- 0 - - 3\n"} {
		code, out, errs := runCLI(t, in, "solve")
		if want == "" {
			want = out
		}
		if code != 0 || out != want || !strings.HasPrefix(out, id+"\tunique\t") {
			t.Errorf("solve %q: exit %d, stdout %q, stderr %q; want %q", in, code, out, errs, want)
		}
	}
	code, out, errs := runCLI(t, id+"\n"+turn+"\n", "canon", "--kind", "slitherlink")
	if c := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || len(c) != 2 || c[0] != c[1] {
		t.Errorf("canon: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := runCLI(t, "5x5t0:2b1b2b1b2b3b3b0b\n", "solve", "--kind", "slitherlink"); code != 1 || !strings.Contains(errs, "stdin:1: loopy id: description ends after 24 of 25 cells") {
		t.Errorf("bad Loopy ID: exit %d, stderr %q", code, errs)
	}

	dir := t.TempDir()
	janko := filepath.Join("..", "..", "kinds", "slitherlink", "testdata", "sample", "slitherlink_janko_dev_691.txt")
	ids := filepath.Join(dir, "ids.txt")
	if err := os.WriteFile(ids, []byte("# Loopy IDs\n"+id+"\n7x7t0de:b3c3a3b1d12003a1132b2a212a3d2a3a23a2b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := filepath.Join(dir, "lib.db")
	code, out, errs = runCLI(t, "", "import", "--db", lib, janko, ids)
	if code != 0 || !strings.Contains(out, "imported 39,") || !strings.Contains(out, "rejected 0") {
		t.Fatalf("import: exit %d, %q %q", code, out, errs)
	}
	exp := filepath.Join(dir, "out.txt")
	if code, out, errs := runCLI(t, "", "export", "--db", lib, "--kind", "slitherlink", "--format", "tatham", "-o", exp); code != 0 {
		t.Fatalf("export: exit %d, %q %q", code, out, errs)
	}
	code, out, errs = runCLI(t, "", "import", "--db", filepath.Join(dir, "again.db"), exp)
	if code != 0 || !strings.Contains(out, "imported 39,") {
		t.Errorf("the export imported again: exit %d, %q %q", code, out, errs)
	}
}
