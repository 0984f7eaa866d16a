package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs the CLI in-process with the given stdin and returns its exit
// status, stdout and stderr.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	e := newEnv()
	var out, errb bytes.Buffer
	e.stdin, e.stdout, e.stderr = strings.NewReader(stdin), &out, &errb
	e.isTerminal = func(io.Writer) bool { return false }
	code := run(e, args)
	return code, out.String(), errb.String()
}

const (
	hard    = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	hardSol = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
	empty   = "................................................................................."
)

func TestSolve(t *testing.T) {
	in := "# a comment\r\n" + strings.ReplaceAll(hard, ".", "0") + " ER=11.9\r\n\nnot a puzzle\n" + empty + "\n" +
		"11" + empty[2:] + "\n"
	code, out, errs := runCLI(t, in, "solve", "--jobs", "3")
	want := hard + "\tunique\t" + hardSol + "\n" +
		empty + "\tmultiple\t\n" +
		"11" + empty[2:] + "\tnone\t\n"
	if out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
	if code != 1 {
		t.Errorf("exit status %d, want 1 (a bad line)", code)
	}
	if !strings.Contains(errs, "stdin:4: ") {
		t.Errorf("stderr %q does not name line 4", errs)
	}
}

// TestSolveKeepsOrder solves many lines on several workers: the output
// follows the input.
func TestSolveKeepsOrder(t *testing.T) {
	var in strings.Builder
	var puzzles []string
	for i := range 500 {
		g := []byte(hardSol)
		// Open a different set of cells in each line.
		for c := i % 7; c < 81; c += 3 + i%5 {
			g[c] = '.'
		}
		puzzles = append(puzzles, string(g))
		in.WriteString(string(g) + "\n")
	}
	code, out, errs := runCLI(t, in.String(), "solve", "--jobs", "4")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(puzzles) {
		t.Fatalf("%d output lines for %d puzzles", len(lines), len(puzzles))
	}
	for i, l := range lines {
		f := strings.Split(l, "\t")
		if f[0] != puzzles[i] {
			t.Fatalf("line %d is puzzle %s, want %s", i+1, f[0], puzzles[i])
		}
		if f[1] == "unique" && f[2] != hardSol {
			t.Errorf("line %d: solution %s", i+1, f[2])
		}
	}
}

func TestSolveFilesAndStats(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "p.sdm")
	if err := os.WriteFile(f, []byte("\ufeff"+hard+"\n"+hard[:80]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "", "solve", "--stats", f, filepath.Join(dir, "missing.txt"))
	if code != 2 {
		t.Errorf("exit %d, want 2 for an unreadable file", code)
	}
	if !strings.HasPrefix(out, hard+"\tunique") {
		t.Errorf("stdout %q", out)
	}
	for _, want := range []string{f + ":2: 80 cells, want 81", "missing.txt", "1 puzzles in "} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
}

func TestRateColumns(t *testing.T) {
	code, out, _ := runCLI(t, hard+"\n"+empty+"\n", "rate")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 lines, got %q", out)
	}
	if f := strings.Split(lines[0], "\t"); len(f) != 6 || f[1] != "unique" {
		t.Errorf("unique puzzle line %q", lines[0])
	}
	if got, want := lines[1], empty+"\tmultiple\t-\t-\t-\t"; got != want {
		t.Errorf("multiple puzzle line %q, want %q", got, want)
	}
}

func TestHelpAndUnknown(t *testing.T) {
	if code, out, _ := runCLI(t, "", "help"); code != 0 || !strings.Contains(out, "solve") {
		t.Errorf("help: %d %q", code, out)
	}
	if code, _, errs := runCLI(t, "", "solve", "-h"); code != 2 || !strings.Contains(errs, "-jobs") {
		t.Errorf("solve -h: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "", "frobnicate"); code != 2 || !strings.Contains(errs, "unknown command") {
		t.Errorf("unknown: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, hard, "solve", "--kind", "kakuro"); code != 2 || !strings.Contains(errs, "unknown puzzle kind") {
		t.Errorf("--kind kakuro: %d %q", code, errs)
	}
}

// TestAkariDetected: Akari notations are recognised without --kind, and the
// PUZZLE column is the Tatham ID.
func TestAkariDetected(t *testing.T) {
	const id = "10x10:1h1cBgBc2bBh1e4l2e2hBb2cBg0c1h1"
	sol := "#.......L#L..#.L.....#...#L.#....L...#L...L#L........L..#L...L#...L....#L.#L..#.....L.#..L#L.......#"
	want := id + "\tunique\t" + sol + "\n"
	for _, in := range []string{id + "\n", "https://puzz.link/p?akari/10/10/blbg.m.ic.nbiepcicl.hcg.magblb\n"} {
		code, out, errs := runCLI(t, in, "solve")
		if code != 0 || out != want {
			t.Errorf("solve %q: exit %d, stdout %q, stderr %q; want %q", in, code, out, errs, want)
		}
	}
	if code, _, errs := runCLI(t, "3x3:a5b\n", "solve", "--kind", "akari"); code != 1 || !strings.Contains(errs, "stdin:1: ") {
		t.Errorf("bad Tatham ID: exit %d, stderr %q", code, errs)
	}
}

// TestSolveGridFormat: a multi-line grid file is read through the importers.
func TestSolveGridFormat(t *testing.T) {
	var grid strings.Builder
	grid.WriteString("[Puzzle]\n")
	for r := 0; r < 9; r++ {
		grid.WriteString(hard[r*9:r*9+9] + "\n")
	}
	code, out, errs := runCLI(t, grid.String(), "solve")
	if want := hard + "\tunique\t" + hardSol + "\n"; code != 0 || out != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, out, errs, want)
	}
}

// TestWorkLimitSaid: a puzzle the solver gives up on (an empty 150x150
// Akari: ~2.5 s to reach the work limit) is printed as unknown, and
// stderr says why, with its line; it is not a bad record.
func TestWorkLimitSaid(t *testing.T) {
	if testing.Short() {
		t.Skip("reaches the Akari work limit: ~2.5 s")
	}
	const n = 150
	id := fmt.Sprintf("%dx%d:%s%c", n, n, strings.Repeat("z", n*n/26), 'a'+n*n%26-1)
	in := "3x3:a1c2c\n" + id + "\n"
	code, out, stderr := runCLI(t, in, "solve", "--kind", "akari")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 || !strings.HasSuffix(lines[1], "\tunknown") {
		t.Errorf("exit %d, stdout %.300q", code, out)
	}
	if stderr != "stdin:2: gave up: solver work limit reached (status unknown)\n" {
		t.Errorf("stderr %q", stderr)
	}
}

// TestServeConnCapsChecked: serve refuses caps on connections below one
// before it opens anything.
func TestServeConnCapsChecked(t *testing.T) {
	for _, flag := range []string{"--max-conns", "--max-conns-per-addr"} {
		code, _, errs := runCLI(t, "", "serve", "--db", t.TempDir()+"/x.db", flag, "0")
		if code != 2 || !strings.Contains(errs, flag[2:]) {
			t.Errorf("serve %s 0: exit %d, %q; want 2 with the usage", flag, code, errs)
		}
	}
}
