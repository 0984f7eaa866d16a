package main

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
)

// TestGenerateLines: -o - writes rate lines of unique puzzles of the asked
// rank and symmetry, the same again for the same seed with one job.
func TestGenerateLines(t *testing.T) {
	args := []string{"generate", "--kind", "sudoku", "--count", "6", "--rank", "2-3", "--symmetry", "rot180", "--seed", "5", "--jobs", "1", "-o", "-"}
	code, out, errs := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines, want 6:\n%s", len(lines), out)
	}
	seen := map[string]bool{}
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) != 10 || f[1] != "unique" {
			t.Fatalf("line %q: not a rate --er line of a unique puzzle", l)
		}
		if r, _ := strconv.Atoi(f[2]); r < 2 || r > 3 {
			t.Errorf("line %q: rank %s, asked 2-3", l, f[2])
		}
		g, err := sudoku.ParseLine(f[0])
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := sudoku.BacktrackCount(&g, 2); n != 1 {
			t.Errorf("%s: the reference solver finds %d solutions", f[0], n)
		}
		for c := range 81 {
			if (g[c] == 0) != (g[80-c] == 0) {
				t.Fatalf("%s: givens not rot180 symmetric", f[0])
			}
		}
		c := sudoku.Canonical(&g)
		if seen[c] {
			t.Errorf("%s: made twice", f[0])
		}
		seen[c] = true
	}
	if !strings.Contains(errs, "2: ") || !strings.Contains(errs, "made 6 of 6") {
		t.Errorf("summary %q lacks the per-rank counts", errs)
	}
	_, again, _ := runCLI(t, "", args...)
	if again != out {
		t.Errorf("the same seed with --jobs 1 gave other puzzles:\n%s\nthen\n%s", out, again)
	}
}

// TestGenerateER: --er keeps the puzzles whose Explainer rating is in the
// range; the lines carry the ER columns of rate --er, which the explainer
// confirms.
func TestGenerateER(t *testing.T) {
	code, out, errs := runCLI(t, "", "generate", "--kind", "sudoku", "--count", "3", "--er", "6.0-7.5", "--seed", "1", "--jobs", "1", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3:\n%s", len(lines), out)
	}
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) != 10 {
			t.Fatalf("line %q: want the 10 columns of rate --er", l)
		}
		er, err := strconv.ParseFloat(f[6], 64)
		if err != nil || er < 6.0 || er > 7.5 {
			t.Errorf("line %q: ER %s, asked 6.0-7.5", l, f[6])
		}
		g, err := sudoku.ParseLine(f[0])
		if err != nil {
			t.Fatal(err)
		}
		ex := explainer.Rate(&g, explainer.Options{})
		if ex.Err != nil || engine.FormatTenths(ex.ER) != f[6] || ex.Hardest != f[9] {
			t.Errorf("%s: the explainer gives %v %q (%v), the line says %s %q", f[0], ex.ER, ex.Hardest, ex.Err, f[6], f[9])
		}
	}
	// every candidate in range is counted, those made and any rated in
	// range after the count was reached
	m := regexp.MustCompile(`ER 6-7\.5: (\d+) of (\d+) candidates rated in range`).FindStringSubmatch(errs)
	if m == nil {
		t.Fatalf("summary %q lacks the ER tally", errs)
	}
	kept, _ := strconv.Atoi(m[1])
	rated, _ := strconv.Atoi(m[2])
	if kept < len(lines) || kept > rated {
		t.Errorf("summary %q: %d in range of %d rated, with %d made", errs, kept, rated, len(lines))
	}
}

// TestGenerateAkari: Akari puzzles of the asked size, rank and symmetry,
// written as rate lines: unique, with the black share near the asked one,
// the same again for the same seed.
func TestGenerateAkari(t *testing.T) {
	args := []string{"generate", "--kind", "akari", "--count", "5", "--size", "8x8", "--black", "25%", "--rank", "3", "--symmetry", "rot180", "--seed", "3", "--jobs", "1", "-o", "-"}
	code, out, errs := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5:\n%s", len(lines), out)
	}
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) < 3 || f[1] != "unique" || f[2] != "3" {
			t.Fatalf("line %q: not a rate line of a unique rank-3 puzzle", l)
		}
		p, err := akari.ParseTatham(f[0])
		if err != nil {
			t.Fatal(err)
		}
		if p.W != 8 || p.H != 8 {
			t.Errorf("%s: %dx%d, asked 8x8", f[0], p.W, p.H)
		}
		for c := range p.Cells {
			if (p.Cells[c] == akari.White) != (p.Cells[63-c] == akari.White) {
				t.Fatalf("%s: black cells not rot180 symmetric", f[0])
			}
		}
		if r := p.Solve(); r.Status != engine.Unique {
			t.Errorf("%s: %v", f[0], r.Status)
		}
	}
	if _, again, _ := runCLI(t, "", args...); again != out {
		t.Errorf("the same seed with --jobs 1 gave other puzzles:\n%s\nthen\n%s", out, again)
	}
}

// TestGenerateNovelAndStored: puzzles go into the library as an import
// (source "generated", tagged, in a set); a second run with the same seed
// meets the puzzles the library holds and makes new ones instead.
func TestGenerateNovelAndStored(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lib.db")
	args := []string{"generate", "--kind", "sudoku", "--count", "8", "--seed", "11", "--jobs", "1", "--db", path, "--tag", "fresh", "--set", "gen"}
	if code, _, errs := runCLI(t, "", args...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := countPuzzles(t, path); n != 8 {
		t.Fatalf("%d puzzles stored, want 8", n)
	}
	code, _, errs := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("second run: exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "8 repeats of known puzzles skipped") {
		t.Errorf("second run did not skip the 8 puzzles the library holds: %s", errs)
	}
	if n := countPuzzles(t, path); n != 16 {
		t.Fatalf("%d puzzles stored after the second run, want 16 (all new)", n)
	}
	_, out, errs := runCLI(t, "", "export", "--db", path, "--set", "gen", "--format", "csv", "-o", "-")
	rows := strings.Split(strings.TrimSpace(out), "\n")
	if len(rows) != 17 {
		t.Fatalf("set gen exports %d rows, want a header and 16: %s", len(rows), errs)
	}
	for _, r := range rows[1:] {
		if !strings.Contains(r, ",generated,fresh,") {
			t.Errorf("row %q: want source generated and tag fresh", r)
		}
	}
	if code, out, errs := runCLI(t, "", "check", "--db", path); code != 0 {
		t.Errorf("check: exit %d: %s %s", code, out, errs)
	}
}

// TestGenerateSameEitherWay: with one job and one seed, --db stores the
// very puzzles -o writes, in the same order (one generator run behind
// both), each source saying how to make it again: the command's kind,
// seed and options, the worker and the puzzle's number.
func TestGenerateSameEitherWay(t *testing.T) {
	for _, kind := range []string{"sudoku", "akari"} {
		args := []string{"generate", "--kind", kind, "--count", "4", "--rank", "2-3", "--seed", "21", "--jobs", "1"}
		code, out, errs := runCLI(t, "", append(args, "-o", "-")...)
		if code != 0 {
			t.Fatalf("%s -o: exit %d: %s", kind, code, errs)
		}
		var written []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			written = append(written, strings.Split(l, "\t")[0])
		}
		path := filepath.Join(t.TempDir(), "lib.db")
		if code, _, errs := runCLI(t, "", append(args, "--db", path)...); code != 0 {
			t.Fatalf("%s --db: exit %d: %s", kind, code, errs)
		}
		d, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := d.Query(`SELECT p.givens, s.text FROM sources s JOIN puzzles p ON p.id = s.puzzle_id WHERE s.label = 'generated' ORDER BY s.line`)
		if err != nil {
			t.Fatal(err)
		}
		var stored []string
		for rows.Next() {
			var givens, text string
			if err := rows.Scan(&givens, &text); err != nil {
				t.Fatal(err)
			}
			stored = append(stored, givens)
			want := fmt.Sprintf("pencilbox generate --kind %s --seed 21 --rank=2-3 (job 0, puzzle %d)", kind, len(stored))
			if !strings.Contains(text, want) {
				t.Errorf("%s: source %q does not say %q", kind, text, want)
			}
		}
		rows.Close()
		d.Close()
		if !slices.Equal(stored, written) {
			t.Errorf("%s: --db stored\n%v\n-o wrote\n%v", kind, stored, written)
		}
	}
}

// TestGenerateStopKeeps: a run stopped by --time (the same path as Ctrl-C:
// the context ends) keeps and stores what it made, says why it stopped, and
// leaves a database that passes check.
func TestGenerateStopKeeps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lib.db")
	code, _, errs := runCLI(t, "", "generate", "--kind", "sudoku", "--count", "1000000", "--time", "1s", "--jobs", "2", "--db", path)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (stopped first): %s", code, errs)
	}
	if !strings.Contains(errs, "--time 1s reached") {
		t.Errorf("stderr does not say why it stopped: %s", errs)
	}
	var made int
	for _, l := range strings.Split(errs, "\n") {
		if strings.HasPrefix(l, "made ") {
			made, _ = strconv.Atoi(strings.Fields(l)[1])
		}
	}
	if made == 0 {
		t.Fatalf("nothing made in 1 s: %s", errs)
	}
	if n := countPuzzles(t, path); n != made {
		t.Errorf("%d puzzles stored, %d made", n, made)
	}
	if code, out, errs := runCLI(t, "", "check", "--db", path); code != 0 {
		t.Errorf("check: exit %d: %s %s", code, out, errs)
	}
}

func TestGenerateRefuses(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--kind", "sudoku", "--rank", "1", "--clues", "17", "-o", "-"}, "none of the 49,158"},
		{[]string{"--kind", "sudoku", "--rank", "9", "-o", "-"}, "ranks 1-8"},
		{[]string{"--kind", "sudoku", "--er", "20-", "-o", "-"}, "impossible target: the scale's ratings run from 1.0 to"},
		{[]string{"--kind", "sudoku", "--er", "7.5-6", "-o", "-"}, "the range is empty"},
		// issue 33: a rank-1 puzzle (naked singles) rates at most ER 2.3
		{[]string{"--kind", "sudoku", "--rank", "1", "--er", "9-", "--db", "x.db"}, "--rank 1 --er 9-: impossible target at the asked rank: a puzzle rates only rank 1 from 1.0 to 2.3"},
		{[]string{"--kind", "sudoku", "--rank", "2-3", "--er", "3-", "-o", "-"}, "rank 2 from 1.0 to 2.3, rank 3 from 1.7 to 2.8"},
		{[]string{"--kind", "akari", "--er", "3", "-o", "-"}, "kind akari has no second rating"},
		{[]string{"--kind", "sudoku"}, "exactly one of --db"},
		{[]string{"--kind", "sudoku", "--symmetry", "spiral", "-o", "-"}, "unknown symmetry"},
		{[]string{"--kind", "sudoku", "--tag", "x", "-o", "-"}, "need --db"},
		{[]string{"-o", "-"}, "--kind is required"},
		{[]string{"--kind", "akari", "--size", "3x3", "--rank", "5", "-o", "-"}, "no 3x3 Akari with a unique solution rates above 4"},
		{[]string{"--kind", "akari", "--size", "80x80", "-o", "-"}, "from 1x1 to 60x60"},
		{[]string{"--kind", "akari", "--size", "10x12", "--symmetry", "rot90", "-o", "-"}, "square grid"},
		{[]string{"--kind", "akari", "--black", "120%", "-o", "-"}, "--black"},
		// the parameters come from the kind's declaration: Sudoku declares
		// no black share and no size
		{[]string{"--kind", "sudoku", "--black", "20%", "-o", "-"}, "--black: this kind's generator takes no black (it takes: symmetry, clues, minimal)"},
		{[]string{"--kind", "sudoku", "--size", "12x12", "-o", "-"}, "--size: this kind's generator takes no size"},
		{[]string{"--kind", "sudoku", "--minimal=maybe", "-o", "-"}, "--minimal"},
	}
	for _, tc := range cases {
		code, out, errs := runCLI(t, "", append([]string{"generate"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errs, tc.want)
		}
	}
}

// TestGenerateFlagsFromDeclarations: generate's help has one flag per
// parameter the kinds' generators declare, with the declaration's help,
// the kinds that take it and its default; where the kinds declare one
// name differently (a killer's size is 4x4, 6x6 or 9x9), each kind's own
// help and default.
func TestGenerateFlagsFromDeclarations(t *testing.T) {
	_, _, errs := runCLI(t, "", "generate", "-h")
	for _, want := range []string{
		"[--symmetry none|rot180|rot90|mirror|diagonal|full] [--clues 22-26] [--minimal=true] [--size 12x12] [--filled 50%] [--black 20%]",
		// Kinds registered later join the lists: "(sudoku, akari, slitherlink; ...".
		"akari: grid size WxH, from 1x1 to 60x60, default 10x10",
		"share of black cells, e.g. 20% (akari; default 20%)",
		"full (sudoku, nonogram, akari",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("generate -h lacks %q:\n%s", want, errs)
		}
	}
}

// TestGenerateTimeRecordedStopped: a --db run that --time stops before it
// made what was asked is stored as stopped, its reason naming the limit
// (it was stored as done), and says so on stderr with exit 1.
func TestGenerateTimeRecordedStopped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gen.db")
	code, _, errs := runCLI(t, "", "generate", "--kind", "sudoku", "--count", "10000", "--er", "11.5-", "--time", "500ms", "--jobs", "1", "--db", path)
	if code != 1 || !strings.Contains(errs, "--time 500ms reached") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	d, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var stopped, failed string
	if err := d.QueryRow(`SELECT stopped, failed FROM jobs WHERE source = 'generated'`).Scan(&stopped, &failed); err != nil {
		t.Fatal(err)
	}
	if stopped != "stopped" || !strings.Contains(failed, "time limit, 500ms (generate --time)") {
		t.Errorf("the run is stored as %q %q, want stopped at its time limit", stopped, failed)
	}
}
