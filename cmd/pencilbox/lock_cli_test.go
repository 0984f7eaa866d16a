package main

import (
	"strings"
	"testing"
)

// TestSetLockedCLI (issue 33, item 3): `set build --recipe rank=1:1` of a
// published set's name (a typo for next week's) no longer extends it:
// build, add and remove are refused (exit 1) naming the publication and
// the command that reopens it, and the set keeps its puzzles; after
// `set reopen` they go through, and `set list` still lists the
// publication.
func TestSetLockedCLI(t *testing.T) {
	lib := sampleLibrary(t)
	name := "Week 49 Sudoku"
	for _, args := range [][]string{
		{"set", "build", "--db", lib, "--recipe", "rank=1:2", "--seed", "1", name},
		{"set", "publish", "--db", lib, "--outlet", "Star", "--date", "2026-12-07", name},
	} {
		if code, _, errs := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
	}
	_, before, _ := runCLI(t, "", "set", "show", "--db", lib, name)
	ids := strings.Fields(before)
	if len(ids) < 2 {
		t.Fatalf("set show: %q", before)
	}
	first := strings.Split(strings.TrimSpace(before), "\t")[1]
	for _, args := range [][]string{
		{"set", "build", "--db", lib, "--recipe", "rank=1:1", "--seed", "2", name},
		{"set", "add", "--db", lib, "--allow-reuse", name, "1"},
		{"set", "remove", "--db", lib, name, first},
	} {
		code, out, errs := runCLI(t, "", args...)
		if code != 1 || !strings.Contains(errs, `set "Week 49 Sudoku" is published (in Star on 2026-12-07)`) ||
			!strings.Contains(errs, `unlock it with: pencilbox set reopen 'Week 49 Sudoku'`) {
			t.Errorf("%v on a published set: exit %d, %q %q; want 1 naming the publication and set reopen", args[:2], code, out, errs)
		}
	}
	if _, after, _ := runCLI(t, "", "set", "show", "--db", lib, name); after != before {
		t.Fatalf("refused changes changed the set:\n%s\nwas\n%s", after, before)
	}
	code, out, errs := runCLI(t, "", "set", "reopen", "--db", lib, name)
	if code != 0 || !strings.Contains(out, `reopened set "Week 49 Sudoku" for changes (published in Star 2026-12-07`) {
		t.Fatalf("set reopen: exit %d, %q %q", code, out, errs)
	}
	if code, _, errs := runCLI(t, "", "set", "reopen", "--db", lib, name); code != 1 || !strings.Contains(errs, "not locked") {
		t.Errorf("set reopen twice: exit %d, %q; want 1, not locked", code, errs)
	}
	if code, _, errs := runCLI(t, "", "set", "build", "--db", lib, "--recipe", "rank=1:1", "--seed", "2", name); code != 0 {
		t.Errorf("set build of the reopened set: exit %d: %s", code, errs)
	}
	if code, out, _ := runCLI(t, "", "set", "list", "--db", lib); code != 0 || !strings.Contains(out, "Star 2026-12-07") {
		t.Errorf("set list after reopen: %d %q", code, out)
	}
}
