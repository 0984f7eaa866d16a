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

// Dir returns the shared folder, or "" when there is none.
func Dir() string {
	if d := os.Getenv("PENCILBOX_SHARED"); d != "" {
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
	f, err := os.Open(Path(tb, rel))
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
