package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/engine"
	sudokukind "pencilbox/kinds/sudoku/kind"
)

// TestRateER: --er appends ER, EP, ED and the hardest technique (serate's
// figures for this X-Wing puzzle: 3.2/1.2/1.2), "-" for a puzzle without a
// unique solution; with --steps the explainer's steps follow the line.
func TestRateER(t *testing.T) {
	const xwing = "9...2...6.5...6.7.....374...81......2.5.4.1.7......83...826.7...4.3...8.1...8...4"
	code, out, errs := runCLI(t, xwing+"\n"+empty+"\n", "rate", "--er", "--jobs", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 lines, got %q", out)
	}
	if !strings.HasSuffix(lines[0], "\t3.2\t1.2\t1.2\tX-Wing") {
		t.Errorf("X-Wing puzzle line %q", lines[0])
	}
	if !strings.HasSuffix(lines[1], "\t-\t-\t-\t-") {
		t.Errorf("multiple puzzle line %q", lines[1])
	}
	_, out, _ = runCLI(t, xwing+"\n", "rate", "--er", "--steps")
	if !strings.Contains(out, "[X-Wing 3.2] X-Wing on ") || !strings.Contains(out, "[Hidden Single 1.2]") {
		t.Errorf("--er --steps output lacks the explainer's steps:\n%s", out)
	}
}

// fakeSecond is a second rater that says which of its forms rated.
type fakeSecond struct{ thorough bool }

func (f fakeSecond) RateSecond(p engine.Puzzle, steps bool) engine.SecondRating {
	if !f.thorough {
		return engine.SecondRating{Values: [engine.ScaleSlots]float64{1.5, 1.5, 1.5}, Note: "bulk form"}
	}
	r := engine.SecondRating{Values: [engine.ScaleSlots]float64{8.4, 2.1, 1.2}, Note: "thorough form"}
	if steps {
		r.Steps = []engine.Step{{Technique: "Fake Step", Level: 84, Sentence: "the fake's sentence"}}
	}
	return r
}

func (fakeSecond) Thorough() engine.SecondRater { return fakeSecond{thorough: true} }

func (fakeSecond) Scales() []engine.Scale { return sudokukind.Bundle{}.SecondRater().Scales() }

// TestRateERUsesRegisteredRater: rate --er asks the kind's registered
// second rater, in its thorough form (engine.ThoroughRater), for the
// columns and the steps, and a kind without one gets "-" columns; it
// called the explainer itself before, whatever was registered.
func TestRateERUsesRegisteredRater(t *testing.T) {
	const xwing = "9...2...6.5...6.7.....374...81......2.5.4.1.7......83...826.7...4.3...8.1...8...4"
	e := newEnv()
	e.second = engine.SecondRaters{"sudoku": fakeSecond{}}
	var out, errb strings.Builder
	e.stdin, e.stdout, e.stderr = strings.NewReader(xwing+"\n"), &out, &errb
	e.isTerminal = func(io.Writer) bool { return false }
	if code := run(e, []string{"rate", "--er", "--steps"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], "\t8.4\t2.1\t1.2\tthorough form") ||
		lines[1] != "   1. [Fake Step 8.4] the fake's sentence" {
		t.Errorf("rate --er --steps with a fake rater:\n%s", out.String())
	}

	e = newEnv()
	e.second = engine.SecondRaters{}
	out.Reset()
	e.stdin, e.stdout, e.stderr = strings.NewReader(xwing+"\n"), &out, &errb
	if code := run(e, []string{"rate", "--er"}); code != 0 || !strings.HasSuffix(out.String(), "\t-\t-\t-\t-\n") {
		t.Errorf("rate --er with no second rater registered: exit %d, %q", code, out.String())
	}
}

// TestRateProfiles: rate --cpuprofile and --memprofile write their
// profiles (gzipped pprof data) and rate as without them; a profile that
// cannot be written stops the command with the reason.
func TestRateProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof")
	_, want, _ := runCLI(t, hard+"\n", "rate", "--er")
	code, out, errs := runCLI(t, hard+"\n", "rate", "--er", "--cpuprofile", cpu, "--memprofile", mem)
	if code != 0 || out != want {
		t.Fatalf("exit %d, %q (want %q): %s", code, out, want, errs)
	}
	for _, f := range []string{cpu, mem} {
		b, err := os.ReadFile(f)
		if err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			t.Errorf("%s: %d bytes, %v: not a gzipped profile", f, len(b), err)
		}
	}
	bad := filepath.Join(dir, "no", "such", "dir", "cpu.prof")
	if code, _, errs := runCLI(t, hard+"\n", "rate", "--cpuprofile", bad); code != 2 || !strings.Contains(errs, "--cpuprofile") {
		t.Errorf("unwritable --cpuprofile: exit %d, %q", code, errs)
	}
}
