package main

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const weekRecipe = "rank=1:1, rank=2:1, rank=3:1, rank=4:1, rank=5:1, rank=7:2"

// showSet runs `set show NAME` and returns its lines' fields.
func showSet(t *testing.T, lib, name string) [][]string {
	t.Helper()
	code, out, errs := runCLI(t, "", "set", "show", "--db", lib, name)
	if code != 0 {
		t.Fatalf("set show %q: %d %s", name, code, errs)
	}
	var rows [][]string
	for l := range strings.SplitSeq(strings.TrimSuffix(out, "\n"), "\n") {
		if l != "" {
			rows = append(rows, strings.Split(l, "\t"))
		}
	}
	return rows
}

// column returns field i of every row.
func column(rows [][]string, i int) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r[i])
	}
	return out
}

// TestSetWeekRoundTrip is an editor's two weeks on the command line:
// import, build a week from a recipe with a seed (the same seed builds
// the same week), publish it, build the next week: no puzzle of the first
// appears; adding a published puzzle is refused without --allow-reuse,
// naming it; export's --published no leaves the published ones out.
func TestSetWeekRoundTrip(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "lib.db")
	files, _ := filepath.Glob("../../data/sample/*.txt")
	if code, _, errs := runCLI(t, "", append([]string{"import", "--db", lib, "--tag", "sample"}, files...)...); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	build := func(name string, seed int) (int, string, string) {
		return runCLI(t, "", "set", "build", "--db", lib, name, "--recipe", weekRecipe, "--seed", strconv.Itoa(seed), "--kind", "sudoku")
	}
	code, out, errs := build("Week 1", 42)
	if code != 0 || !strings.Contains(out, `built set "Week 1": 7 puzzles added from recipe "`+weekRecipe+`", seed 42`) {
		t.Fatalf("build Week 1: %d %q %s", code, out, errs)
	}
	week1 := showSet(t, lib, "Week 1")
	if got := column(week1, 0); !slices.Equal(got, []string{"1", "2", "3", "4", "5", "6", "7"}) {
		t.Errorf("positions %v", got)
	}
	if got := column(week1, 3); !slices.Equal(got, []string{"1", "2", "3", "4", "5", "7", "7"}) {
		t.Errorf("ranks %v, want easy to hard as the recipe asks", got)
	}
	for _, r := range week1 {
		if len(r) < 4 || len(r[2]) != 81 || r[6] != "sudoku" {
			t.Errorf("set show line %q: want POSITION, ID, GIVENS, RANK, ...", r)
		}
	}
	// The same seed builds the same week: rebuilt after deleting it.
	if code, out, errs := runCLI(t, "", "set", "delete", "--db", lib, "Week 1"); code != 0 || !strings.Contains(out, `deleted set "Week 1" (7 puzzles`) {
		t.Fatalf("delete: %d %q %s", code, out, errs)
	}
	if code, _, errs := build("Week 1", 42); code != 0 {
		t.Fatalf("rebuild: %d %s", code, errs)
	}
	if again := showSet(t, lib, "Week 1"); !slices.Equal(column(again, 1), column(week1, 1)) {
		t.Errorf("seed 42 built %v, then %v", column(week1, 1), column(again, 1))
	}
	code, out, errs = runCLI(t, "", "set", "publish", "--db", lib, "Week 1", "--outlet", "Daily Star", "--date", "2026-12-01")
	if code != 0 || out != "set \"Week 1\" published in Daily Star on 2026-12-01 (7 puzzles)\n" {
		t.Fatalf("publish: %d %q %s", code, out, errs)
	}
	if code, _, errs := build("Week 2", 42); code != 0 {
		t.Fatalf("build Week 2: %d %s", code, errs)
	}
	week2 := showSet(t, lib, "Week 2")
	for _, id := range column(week2, 1) {
		if slices.Contains(column(week1, 1), id) {
			t.Errorf("puzzle %s of Week 1 is in Week 2", id)
		}
	}
	if got := column(week2, 3); !slices.Equal(got, []string{"1", "2", "3", "4", "5", "7", "7"}) {
		t.Errorf("Week 2 ranks %v", got)
	}

	// Reuse: refused, naming the puzzle and why; allowed when asked.
	if code, _, errs := runCLI(t, "", "set", "create", "--db", lib, "Week 3"); code != 0 {
		t.Fatalf("create: %s", errs)
	}
	used := week1[0][1]
	code, out, errs = runCLI(t, "", "set", "add", "--db", lib, "Week 3", used)
	if code != 1 || out != "" || !strings.Contains(errs, "puzzle "+used+` in set "Week 1" (position 1); published in Daily Star on 2026-12-01`) ||
		!strings.Contains(errs, "--allow-reuse") {
		t.Errorf("add of a published puzzle: %d %q %q", code, out, errs)
	}
	if rows := showSet(t, lib, "Week 3"); len(rows) != 0 {
		t.Errorf("the refused add left %v", rows)
	}
	if code, out, errs := runCLI(t, "", "set", "add", "--db", lib, "Week 3", used, "--allow-reuse"); code != 0 || out != "added 1 puzzles to set \"Week 3\" (0 already in it)\n" {
		t.Errorf("add --allow-reuse: %d %q %s", code, out, errs)
	}
	// A filter's matches: the unused Sudoku of rank 1, the first two.
	if code, out, errs := runCLI(t, "", "set", "add", "--db", lib, "Week 3", "--kind", "sudoku", "--rank", "1", "--published", "no", "--in-set", "no", "--limit", "2"); code != 0 || !strings.Contains(out, "added 2 puzzles") {
		t.Errorf("add a filter: %d %q %s", code, out, errs)
	}

	// Export: --published no leaves out Week 1's; --in-set no also the
	// other weeks'; --tag -sample leaves out everything.
	lines := func(args ...string) []string {
		t.Helper()
		code, out, errs := runCLI(t, "", append([]string{"export", "--db", lib, "--format", "line", "-o", "-", "--kind", "sudoku"}, args...)...)
		if code != 0 && !strings.Contains(errs, "no puzzles match") {
			t.Fatalf("export %v: %d %s", args, code, errs)
		}
		var givens []string
		for l := range strings.SplitSeq(out, "\n") {
			if l != "" && !strings.HasPrefix(l, "#") {
				givens = append(givens, strings.Fields(l)[0])
			}
		}
		return givens
	}
	all, unpublished, unused := lines(), lines("--published", "no"), lines("--published", "no", "--in-set", "no")
	if len(unpublished) != len(all)-7 {
		t.Errorf("--published no exports %d of %d (7 published)", len(unpublished), len(all))
	}
	if len(unused) != len(all)-7-7-2 {
		t.Errorf("--published no --in-set no exports %d of %d (7 published, 9 more in sets)", len(unused), len(all))
	}
	for _, g := range column(week1, 2) {
		if slices.Contains(unpublished, g) {
			t.Errorf("--published no exports %s of Week 1", g)
		}
	}
	if got := lines("--tag", "-sample"); len(got) != 0 {
		t.Errorf("--tag -sample exports %d", len(got))
	}
	if got := lines("--tag", "sample", "--tag", "-nothing", "--outlet", "Daily Star"); len(got) != 7 {
		t.Errorf("--tag sample --tag -nothing --outlet 'Daily Star' exports %d, want 7", len(got))
	}

	// set list: name, count, updated, publications.
	code, out, _ = runCLI(t, "", "set", "list", "--db", lib)
	if code != 0 || !strings.Contains(out, "Week 1\t7\t") || !strings.Contains(out, "\tDaily Star 2026-12-01\n") || !strings.Contains(out, "Week 2\t7\t") || !strings.Contains(out, "\t-\n") {
		t.Errorf("set list: %d %q", code, out)
	}
}

// TestSetCommandErrors: each mistake is one line naming it, with status
// 2 for a bad command line and 1 for a request the library refuses; a
// refused request changes nothing.
func TestSetCommandErrors(t *testing.T) {
	lib := sampleLibrary(t)
	if code, _, errs := runCLI(t, "", "set", "create", "--db", lib, "Week"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := runCLI(t, "", "set", "add", "--db", lib, "Week", "1", "2"); code != 0 {
		t.Fatal(errs)
	}
	missingDB := filepath.Join(t.TempDir(), "none.db")
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"set"}, 2, "Subcommands:"},
		{[]string{"set", "frobnicate"}, 2, `unknown subcommand "frobnicate"`},
		{[]string{"set", "show", "--db", lib}, 2, "Usage: pencilbox set show NAME"},
		{[]string{"set", "show", "--db", lib, "Nope"}, 1, `no set named "Nope"`},
		{[]string{"set", "show", "--db", missingDB, "Week"}, 2, "no library at"},
		{[]string{"set", "create", "--db", lib, "Week"}, 1, `a set named "Week" already exists`},
		{[]string{"set", "create", "--db", lib, "no"}, 1, `"no"`},
		{[]string{"set", "add", "--db", lib, "Week"}, 2, "give puzzle ids or filter flags"},
		{[]string{"set", "add", "--db", lib, "Week", "3", "--kind", "sudoku"}, 2, "not both"},
		{[]string{"set", "add", "--db", lib, "Week", "x"}, 2, `"x" is not a puzzle id`},
		{[]string{"set", "add", "--db", lib, "Week", "999999"}, 1, "no puzzle has the id 999999"},
		{[]string{"set", "add", "--db", lib, "Week", "--kind", "sudoku", "--published", "maybe"}, 2, `--published "maybe": want yes or no`},
		{[]string{"set", "add", "--db", lib, "Week", "--tag", "a", "--tag", "b"}, 2, "one tag to include at a time"},
		{[]string{"set", "add", "--db", lib, "Week", "--outlet", "Nowhere"}, 1, "no puzzles match the filter"},
		{[]string{"set", "remove", "--db", lib, "Week", "3"}, 1, `set "Week" does not hold puzzle 3`},
		{[]string{"set", "build", "--db", lib, "New"}, 2, "--recipe is required"},
		{[]string{"set", "build", "--db", lib, "New", "--recipe", "rank:1"}, 2, `quota "rank:1"`},
		{[]string{"set", "build", "--db", lib, "New", "--recipe", "rank=1:1", "--seed", "x"}, 2, `--seed "x"`},
		{[]string{"set", "build", "--db", lib, "New", "--recipe", "rank=1:1", "--published", "yes"}, 2, "only unused puzzles"},
		{[]string{"set", "build", "--db", lib, "New", "--recipe", "rank=1:1, rank=7:500", "--seed", "1"}, 1, "rank=7:500 wants 500, "},
		{[]string{"set", "publish", "--db", lib, "Week"}, 2, "--outlet: an outlet needs a name"},
		{[]string{"set", "publish", "--db", lib, "Week", "--outlet", "Star", "--date", "1 Dec"}, 2, "write it as YYYY-MM-DD"},
		{[]string{"set", "delete", "--db", lib, "Nope"}, 1, `no set named "Nope"`},
		{[]string{"export", "--db", lib, "--format", "line", "-o", "-", "--in-set", "Nope"}, 1, "no puzzles match"},
	} {
		code, out, errs := runCLI(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.says) || out != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %d saying %q", tc.args, code, out, errs, tc.code, tc.says)
		}
	}
	// Nothing refused changed anything: the set holds 1 and 2, no set New.
	if got := column(showSet(t, lib, "Week"), 1); !slices.Equal(got, []string{"1", "2"}) {
		t.Errorf("Week holds %v after the refusals", got)
	}
	_, out, _ := runCLI(t, "", "set", "list", "--db", lib)
	if strings.Contains(out, "New") {
		t.Errorf("a refused build made its set: %q", out)
	}
	// Publishing twice to the same outlet and date is refused.
	if code, _, errs := runCLI(t, "", "set", "publish", "--db", lib, "Week", "--outlet", "Star", "--date", "2026-12-01"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := runCLI(t, "", "set", "publish", "--db", lib, "Week", "--outlet", "Star", "--date", "2026-12-01"); code != 1 || !strings.Contains(errs, "already published in Star on 2026-12-01") {
		t.Errorf("publishing twice: %d %q", code, errs)
	}
}

// TestExportTagBeginningWithDash: `--tag '\-neg'` selects the tag "-neg"
// (`--tag -neg` excludes the tag "neg", as ever), `--tag '-\-neg'`
// excludes it: the URL's and the API's escape (pencilbox.ParseTagFilter).
func TestExportTagBeginningWithDash(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "lib.db")
	if code, _, errs := runCLI(t, "", "import", "--db", lib, "--tag", "-neg", "../../data/sample/sudoku_top1465.txt"); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	count := func(args ...string) int {
		t.Helper()
		code, out, errs := runCLI(t, "", append([]string{"export", "--db", lib, "--format", "line", "-o", "-"}, args...)...)
		if code != 0 && !strings.Contains(errs, "no puzzles match") {
			t.Fatalf("export %v: %d %s", args, code, errs)
		}
		n := 0
		for l := range strings.SplitSeq(out, "\n") {
			if l != "" && !strings.HasPrefix(l, "#") {
				n++
			}
		}
		return n
	}
	all := count()
	if all == 0 {
		t.Fatal("nothing imported")
	}
	for _, tc := range []struct {
		tag  string
		want int
	}{{`\-neg`, all}, {`-neg`, all}, {`-\-neg`, 0}, {`neg`, 0}} {
		if got := count("--tag", tc.tag); got != tc.want {
			t.Errorf("--tag %s exports %d, want %d", tc.tag, got, tc.want)
		}
	}
}
