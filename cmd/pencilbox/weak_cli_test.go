package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pencilbox/internal/damage"
)

// TestImportAccountsForEveryLine: a tsv file without a header, forced,
// rejects each row with its line and why (it imported nothing, said
// "rejected 0" and exited 0).
func TestImportAccountsForEveryLine(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "noheader.tsv")
	os.WriteFile(in, []byte("6x6:h4g2b0g1h\tone\n\n10x10:b2o2hBbBc3jBcB2c2j3cBbBh2oBb\ttwo\n"), 0o644)
	code, stdout, stderr := runCLI(t, "", "import", "--db", filepath.Join(dir, "lib.db"), "--format", "tsv", in)
	if code != 1 || !strings.Contains(stdout, "imported 0, duplicates 0, invalid 0, rejected 2") ||
		!strings.Contains(stderr, in+":1: tsv: a row before the header") || !strings.Contains(stderr, in+":3: tsv: a row before the header") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
}

// TestDamagedLibraryCLI: import refuses a damaged library, writing
// nothing, and import and export say which file and how to restore it.
func TestDamagedLibraryCLI(t *testing.T) {
	lib := sampleLibrary(t)
	if err := damage.Table(lib, "puzzles"); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(lib)
	in := filepath.Join(t.TempDir(), "one.sdm")
	os.WriteFile(in, []byte(hard+"\n"), 0o644)
	code, _, stderr := runCLI(t, "", "import", "--db", lib, in)
	if code != 2 || !strings.Contains(stderr, lib+" is damaged") || !strings.Contains(stderr, "pencilbox check --db "+lib) {
		t.Errorf("import: exit %d, %s", code, stderr)
	}
	if after, _ := os.ReadFile(lib); string(after) != string(before) {
		t.Error("the refused import changed the library file")
	}
	code, _, stderr = runCLI(t, "", "export", "--db", lib, "--format", "json", "-o", "-")
	if code != 1 || !strings.Contains(stderr, lib+" is damaged") {
		t.Errorf("export: exit %d, %s", code, stderr)
	}
}

// TestImportTagFlagLimits: --tag keeps the library's tag limits.
func TestImportTagFlagLimits(t *testing.T) {
	code, _, stderr := runCLI(t, "", "import", "--db", filepath.Join(t.TempDir(), "lib.db"), "--tag", strings.Repeat("x", 65), "-")
	if code != 2 || !strings.Contains(stderr, "--tag: tag \"xxxxxxxxxxxxxxxxxxxxxxxx...\" is 65 bytes long: a tag takes at most 64") {
		t.Errorf("exit %d, %s", code, stderr)
	}
}

// TestExportCleansStaleParts: the temporary files a killed export left
// beside its output (kill -9 before the rename) go on the next export to
// that name once their process is gone or they are an hour old; a live
// export's file and other files stay.
func TestExportCleansStaleParts(t *testing.T) {
	lib := sampleLibrary(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "book.jsonl")
	old := time.Now().Add(-2 * time.Hour)
	live := fmt.Sprintf(".book.jsonl.%d-5.part", os.Getpid())
	for _, name := range []string{".book.jsonl.999999999-1.part", ".book.jsonl.123456.part", live, ".other.jsonl.999999999-1.part", "notes.part"} {
		os.WriteFile(filepath.Join(dir, name), []byte("half"), 0o600)
	}
	os.Chtimes(filepath.Join(dir, ".book.jsonl.123456.part"), old, old) // an older pencilbox's name, an hour old
	os.Chtimes(filepath.Join(dir, "notes.part"), old, old)
	if code, _, stderr := runCLI(t, "", "export", "--db", lib, "--format", "json", "--limit", "2", "-o", out); code != 0 {
		t.Fatalf("export: %d %s", code, stderr)
	}
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{live, ".other.jsonl.999999999-1.part", "book.jsonl", "notes.part"}; fmt.Sprint(left) != fmt.Sprint(want) {
		t.Errorf("left %v, want %v", left, want)
	}
}
