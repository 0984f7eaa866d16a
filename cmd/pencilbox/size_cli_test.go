package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSizeFlag: --size takes a size or a range of sizes in every command
// with the filter's flags (export, set build), and a malformed one is
// refused with a sentence, exit 2. The sample's Akari are 10x10, 17x17,
// 18x10 and 24x14.
func TestSizeFlag(t *testing.T) {
	lib := sampleLibrary(t)
	out := filepath.Join(t.TempDir(), "akari.txt")
	for size, want := range map[string][]string{
		"17x17":       {"/17/17/"},
		"17x10-18x17": {"/17/17/", "/18/10/"},
		"18x14-":      {"/24/14/"},
	} {
		code, _, stderr := runCLI(t, "", "export", "--db", lib, "--kind", "akari", "--size", size, "--format", "url", "-o", out)
		if code != 0 {
			t.Fatalf("--size %s: exit %d: %s", size, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if strings.HasPrefix(l, "#") || l == "" {
				continue
			}
			n++
			ok := false
			for _, w := range want {
				ok = ok || strings.Contains(l, w)
			}
			if !ok {
				t.Errorf("--size %s exported %s", size, l)
			}
		}
		if n == 0 {
			t.Errorf("--size %s exported nothing", size)
		}
	}
	for _, bad := range []string{"17", "17x", "axb", "18x18-10x10", "0x9"} {
		code, _, stderr := runCLI(t, "", "export", "--db", lib, "--size", bad, "--format", "json", "-o", out+".bad")
		if code != 2 || !strings.Contains(stderr, `--size "`+bad+`"`) || !strings.Contains(stderr, "write WIDTHxHEIGHT like 10x10") {
			t.Errorf("--size %q: exit %d, %q; want 2 and a sentence", bad, code, stderr)
		}
	}
	// a recipe's week of one size
	if code, _, stderr := runCLI(t, "", "set", "build", "--db", lib, "--kind", "akari", "--size", "10x10", "--recipe", "rank=1-:5", "--seed", "1", "Akari 10x10"); code != 0 {
		t.Fatalf("set build --size: exit %d: %s", code, stderr)
	}
	code, _, stderr := runCLI(t, "", "export", "--db", lib, "--set", "Akari 10x10", "--format", "url", "-o", out)
	b, _ := os.ReadFile(out)
	if code != 0 || strings.Count(string(b), "/10/10/") != 5 || strings.Count(string(b), "akari/") != 5 {
		t.Errorf("the set built with --size 10x10: exit %d %s\n%s", code, stderr, b)
	}
}
