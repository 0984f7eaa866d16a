package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPublishImagesCLI (issue 33, item 7): `set publish --images` keeps
// the publication's image number and says how to print it; `export --set
// --format pdf --images printed` (or that day's date) prints the same
// booklet every time, another than the stored forms'; a day without images,
// a set never printed as images, and --images off a set's pdf are refused.
func TestPublishImagesCLI(t *testing.T) {
	lib := sampleLibrary(t)
	name := "Week 50"
	if code, _, errs := runCLI(t, "", "set", "build", "--db", lib, "--kind", "sudoku", "--recipe", "rank=1:3", "--seed", "1", name); code != 0 {
		t.Fatalf("set build: %d %s", code, errs)
	}
	if code, _, errs := runCLI(t, "", "set", "build", "--db", lib, "--kind", "sudoku", "--recipe", "rank=2:2", "--seed", "1", "Plain"); code != 0 {
		t.Fatalf("set build: %d %s", code, errs)
	}
	code, out, errs := runCLI(t, "", "set", "publish", "--db", lib, "--outlet", "Star", "--date", "2026-12-07", "--images", name)
	if code != 0 || !strings.Contains(out, "printed as random images: export --set") {
		t.Fatalf("set publish --images: %d %q %q", code, out, errs)
	}
	dir := t.TempDir()
	booklet := func(file string, extra ...string) []byte {
		t.Helper()
		path := filepath.Join(dir, file)
		args := append([]string{"export", "--db", lib, "--set", name, "--format", "pdf", "--per-page", "1", "-o", path}, extra...)
		if code, _, errs := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: %d %s", args, code, errs)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	text := func(pdf []byte) string { return pdfPages(t, pdf) }
	printed := text(booklet("a.pdf", "--images", "printed"))
	if again := text(booklet("b.pdf", "--images", "2026-12-07")); again != printed {
		t.Error("the booklet of that day's images differs from the printed one")
	}
	if stored := text(booklet("c.pdf")); stored == printed {
		t.Error("the booklet as printed is the stored forms' booklet")
	}
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"--set", name, "--format", "pdf", "--images", "2026-12-08"}, 1, "no publication on that day"},
		{[]string{"--set", "Plain", "--format", "pdf", "--images", "printed"}, 1, "never published as random images"},
		{[]string{"--format", "pdf", "--images", "printed"}, 2, "only a set's booklet"},
		{[]string{"--set", name, "--format", "line", "--images", "printed"}, 2, "only a set's booklet"},
	} {
		args := append([]string{"export", "--db", lib, "-o", filepath.Join(dir, "x")}, tc.args...)
		if code, _, errs := runCLI(t, "", args...); code != tc.code || !strings.Contains(errs, tc.says) {
			t.Errorf("%v: exit %d %q; want %d saying %q", tc.args, code, errs, tc.code, tc.says)
		}
	}
}

// pdfPages is a PDF's text as pdftotext lays it out.
func pdfPages(t *testing.T, pdf []byte) string {
	t.Helper()
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftotext not found (make test installs poppler-utils)")
		}
		t.Skip("pdftotext not found: install poppler-utils (make test does)")
	}
	path := filepath.Join(t.TempDir(), "b.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "-layout", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
