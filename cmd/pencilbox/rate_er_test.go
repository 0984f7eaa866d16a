package main

import (
	"strings"
	"testing"
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
