package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pencilbox"
)

// sampleTemplate is the bundled sample imported once by the CLI (every
// puzzle rated, ER too: the record-hard ones cost the explainer seconds
// each), which each test copies.
var sampleTemplate struct {
	once sync.Once
	path string
	err  error
}

// sampleLibrary makes a library of the bundled sample in a test folder.
func sampleLibrary(t *testing.T) string {
	t.Helper()
	sampleTemplate.once.Do(func() {
		dir, err := os.MkdirTemp("", "pencilbox-clitest-")
		if err != nil {
			sampleTemplate.err = err
			return
		}
		sampleTemplate.path = filepath.Join(dir, "sample.db")
		files, _ := filepath.Glob("../../data/sample/*.txt")
		if code, _, stderr := runCLI(t, "", append([]string{"import", "--db", sampleTemplate.path}, files...)...); code != 0 {
			sampleTemplate.err = fmt.Errorf("import: %d %s", code, stderr)
		}
	})
	if sampleTemplate.err != nil {
		t.Fatal(sampleTemplate.err)
	}
	path := filepath.Join(t.TempDir(), "lib.db")
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(sampleTemplate.path + suffix)
		if err != nil && suffix == "" {
			t.Fatal(err)
		}
		if err == nil {
			if err := os.WriteFile(path+suffix, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return path
}

// TestExportRequests: bad requests are a clear message and status 1, and
// never leave a file under the target name; a good one writes it whole.
func TestExportRequests(t *testing.T) {
	lib := sampleLibrary(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "book.pdf")
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--tag", "nope", "--format", "pdf", "-o", out}, 1, "no puzzles match"},
		{[]string{"--set", "Sunday", "--format", "pdf", "-o", out}, 1, "no such set"},
		{[]string{"--format", "line", "-o", out}, 1, "holds sudoku only"},
		{[]string{"--kind", "sudoku", "--format", "csv", "-o", filepath.Join(dir, "missing", "x.csv")}, 1, "cannot write"},
		{[]string{"--format", "docx", "-o", out}, 2, "unknown export format"},
		{[]string{"--rank", "x", "--format", "csv", "-o", out}, 2, "--rank"},
		{[]string{"--format", "pdf", "--per-page", "3", "-o", out}, 2, "1, 2, 4 or 6"},
		// a format that cannot hold the kind asked, refused before reading
		{[]string{"--kind", "akari", "--format", "csv", "-o", out}, 2, "puzzles only, not akari: for akari, choose pdf, json, url, tatham"},
		// (which kinds tatham holds grows with the kinds registered)
		{[]string{"--kind", "sudoku", "--format", "tatham", "-o", out}, 2, "puzzles only, not sudoku: for sudoku, choose pdf, line, grid, csv, json, url"},
		{[]string{"--limit", "-5", "--format", "json", "-o", out}, 2, "--limit -5: want a count"},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"export", "--db", lib}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tc.args, code, stderr, tc.code, tc.msg)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
			t.Errorf("%v left files behind: %v", tc.args, left)
		}
	}
	code, stdout, stderr := runCLI(t, "", "export", "--db", lib, "--kind", "sudoku", "--rank", "8", "--format", "pdf", "--title", "Hard", "-o", out)
	if code != 0 || !strings.Contains(stdout, "wrote 22 puzzles") {
		t.Fatalf("export: %d %s %s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(out); err != nil || !strings.HasPrefix(string(b), "%PDF-") {
		t.Errorf("the booklet: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*part")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	code, stdout, _ = runCLI(t, "", "export", "--db", lib, "--kind", "sudoku", "--rank", "8", "--limit", "3", "--format", "line", "-o", "-")
	if code != 0 || strings.Count(stdout, "\n") != 3 {
		t.Errorf("line to stdout: %d %q", code, stdout)
	}
}

// TestExportSearchLimits: --q over the search's limits is refused with
// what to change, exit 2, nothing written; at the limits it exports.
func TestExportSearchLimits(t *testing.T) {
	lib := sampleLibrary(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "x.csv")
	words := func(n int) string {
		var ws []string
		for i := range n {
			ws = append(ws, "w"+strconv.Itoa(i))
		}
		return strings.Join(ws, " ")
	}
	for _, tc := range []struct {
		q    string
		code int
		msg  string
	}{
		{words(pencilbox.MaxQueryWords + 1), 2, "--q: the search has 17 words, but at most 16 are allowed: remove 1"},
		{words(20000), 2, "--q: the search is 128889 characters long, but at most 200 are allowed"},
		{strings.Repeat("x", pencilbox.MaxQueryChars+1), 2, "shorten it by 1"},
		{words(pencilbox.MaxQueryWords), 1, "no puzzles match"}, // searched, found none
	} {
		code, _, stderr := runCLI(t, "", "export", "--db", lib, "--q", tc.q, "--format", "csv", "-o", out)
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("--q %.30s...: exit %d, %q; want %d and %q", tc.q, code, stderr, tc.code, tc.msg)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
			t.Errorf("files left behind: %v", left)
		}
	}
}
