package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportLabels: --label-from labels a week's booklet with its days,
// --labels with lines of free text (an empty line keeps the day); bad
// values are exit 2 naming the flag or the file's line, and write
// nothing.
func TestExportLabels(t *testing.T) {
	lib := sampleLibrary(t)
	dir := t.TempDir()
	labels := filepath.Join(dir, "labels.txt")
	if err := os.WriteFile(labels, []byte("\nBoxing Day special\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(dir, "long.txt")
	if err := os.WriteFile(long, []byte("ok\n"+strings.Repeat("x", 41)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	emoji := filepath.Join(dir, "emoji.txt")
	if err := os.WriteFile(emoji, []byte("ok\nAdvent \U0001F384\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out", "week.pdf")
	if err := os.Mkdir(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--label-from", "1 December"}, `--label-from "1 December": want a date as 2026-12-01`},
		{[]string{"--labels", filepath.Join(dir, "none.txt")}, "--labels: open"},
		{[]string{"--labels", long}, "long.txt line 2: a label of 41 characters, at most 40"},
		{[]string{"--set", "x", "--sort", "clues"}, `--sort "clues" with --set`},
		// text the font cannot print (an emoji was a panic's stack trace)
		{[]string{"--labels", emoji}, `emoji.txt line 2: the booklet's font has no "🎄" (U+1F384)`},
		{[]string{"--title", "Xmas \U0001F384"}, `--title: the booklet's font has no "🎄" (U+1F384)`},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"export", "--db", lib, "--format", "pdf", "-o", out}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, stderr, tc.msg)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "out", "*")); len(left) != 0 {
			t.Errorf("%v left files behind: %v", tc.args, left)
		}
	}
	code, _, stderr := runCLI(t, "", "export", "--db", lib, "--kind", "sudoku", "--rank", "8", "--limit", "3", "--format", "pdf",
		"--label-from", "2025-12-25", "--labels", labels, "--caption", "none", "-o", out)
	if code != 0 {
		t.Fatalf("export: exit %d %s", code, stderr)
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext not found: install poppler-utils (make test does)")
	}
	text, err := exec.Command(pdftotext, out, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Thursday 25 December", "Boxing Day special", "Saturday 27 December"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the booklet lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(string(text), "Friday 26 December") {
		t.Errorf("the free-text label did not replace the day")
	}
}
