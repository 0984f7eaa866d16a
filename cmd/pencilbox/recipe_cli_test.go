package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/library"
)

// TestSetBuildBudget (issue 28): `set build` refuses a recipe of more
// than library.MaxRecipeQuotas quotas (exit 2, naming the limit) and stops
// one past --budget (exit 1, saying so); neither makes the set.
func TestSetBuildBudget(t *testing.T) {
	lib := sampleLibrary(t)
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"--recipe", strings.Repeat("rank=1:1,", library.MaxRecipeQuotas+1)}, 2, fmt.Sprintf("a recipe takes at most %d", library.MaxRecipeQuotas)},
		{[]string{"--recipe", "rank=1:1, rank=2:1", "--budget", "1ns"}, 1, "stopped at its time budget of 1ns, after 0 of its 2 quotas"},
		{[]string{"--recipe", "rank=1:1", "--budget", "0s"}, 2, "--budget 0s: want a duration above 0"},
	} {
		args := append(append([]string{"set", "build", "--db", lib}, tc.args...), "Week 50")
		code, out, errs := runCLI(t, "", args...)
		if code != tc.code || !strings.Contains(errs, tc.says) {
			t.Errorf("%v: exit %d, %q %q; want %d saying %q", tc.args, code, out, errs, tc.code, tc.says)
		}
	}
	if code, out, _ := runCLI(t, "", "set", "list", "--db", lib); code != 0 || strings.Contains(out, "Week 50") {
		t.Errorf("a refused build made the set: %d %q", code, out)
	}
}

// TestCheckReportsEmptySets (issue 28): `check` lists the empty sets (a
// crash between making a set and filling it left such sets) without
// failing: a set may be empty on purpose.
func TestCheckReportsEmptySets(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "small.db")
	if code, _, errs := runCLI(t, "", "import", "--db", lib, "../../data/sample/sudoku_qqwing_simple.txt"); code != 0 {
		t.Fatalf("import: %s", errs)
	}
	if code, _, errs := runCLI(t, "", "set", "create", "--db", lib, "Week 49"); code != 0 {
		t.Fatalf("set create: %s", errs)
	}
	if code, _, errs := runCLI(t, "", "set", "build", "--db", lib, "--recipe", "rank=1:2", "Week 50"); code != 0 {
		t.Fatalf("set build: %s", errs)
	}
	code, out, errs := runCLI(t, "", "check", "--db", lib)
	if code != 0 || !strings.Contains(out, `empty set "Week 49"`) || strings.Contains(out, `empty set "Week 50"`) || !strings.Contains(out, "; 1 empty set (listed above)") {
		t.Errorf("check: exit %d: %s %s", code, out, errs)
	}
}
