// Package shared locates the team's real-data folder (../shared beside the
// repository, or $PENCILBOX_SHARED) for benchmarks and slow cross-checks.
// Tests that need it skip, saying so, where it is missing: a user's clone
// does not have it.
package shared

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir returns the shared folder, or "" when there is none ($PENCILBOX_SHARED
// naming a folder without data/ counts as none, so that
// PENCILBOX_SHARED=/nonexistent runs the tests as a plain clone does).
func Dir() string {
	if d := os.Getenv("PENCILBOX_SHARED"); d != "" {
		if fi, err := os.Stat(filepath.Join(d, "data")); err != nil || !fi.IsDir() {
			return ""
		}
		return d
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			s := filepath.Join(filepath.Dir(d), "shared")
			if fi, err := os.Stat(filepath.Join(s, "data")); err == nil && fi.IsDir() {
				return s
			}
			return ""
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Path returns the path of rel inside the shared folder, skipping tb when
// the folder or the file is missing.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	d := Dir()
	if d == "" {
		tb.Skipf("needs ../shared (the team's data folder) for %s; not present in this clone", rel)
	}
	p := filepath.Join(d, rel)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared data %s missing: %v", rel, err)
	}
	return p
}

// Lines returns the non-blank, non-comment lines of a shared file.
func Lines(tb testing.TB, rel string) []string {
	tb.Helper()
	return readLines(tb, Path(tb, rel))
}

// SampleDir is where a package keeps its committed samples of shared files
// (relative to the package, as go test runs there): testdata/sample/NAME
// holds some lines of the shared file data/KIND/.../NAME, with a header and
// testdata/sample/README.md crediting the collection.
const SampleDir = "testdata/sample"

// LinesOrSample returns the lines of the shared file rel when the shared
// folder is present, else those of the package's committed sample of it
// (SampleDir and rel's base name), so that a test runs in a plain clone on
// the sample and on the whole collection beside the team's data. A missing
// sample fails the test: it is part of the repository.
func LinesOrSample(tb testing.TB, rel string) []string {
	tb.Helper()
	if Dir() != "" {
		return Lines(tb, rel)
	}
	return readLines(tb, filepath.Join(SampleDir, filepath.Base(rel)))
}

// readLines returns the non-blank, non-comment lines of the file at path.
func readLines(tb testing.TB, path string) []string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		l := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}
