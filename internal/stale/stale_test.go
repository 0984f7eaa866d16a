package stale_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"pencilbox/internal/stale"
)

// TestClean: of our own names, the files of a process that is gone, and
// any older than an hour, are removed; a live process's recent files,
// other names and folders stay.
func TestClean(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	me := os.Getpid()
	files := map[string]time.Duration{ // name: age
		fmt.Sprintf("up-%d-1", me):     time.Minute,      // ours, alive: kept
		fmt.Sprintf("up-%d-2", me):     2 * time.Hour,    // ours, alive, but old: removed
		"up-999999999-3":               time.Minute,      // a process that cannot exist: removed
		"up-123":                       time.Minute,      // no process named, recent: kept
		"up-456":                       90 * time.Minute, // no process named, old: removed
		"other-999999999-4":            3 * time.Hour,    // not our prefix: kept
		"up-":                          3 * time.Hour,    // the bare prefix: kept
		fmt.Sprintf("up-%d-5.x", me+1): 3 * time.Hour,    // any ending (the suffix is ""), old: removed
	}
	for name, age := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "up-999999999-dir"), 0o700)
	removed, err := stale.Clean(dir, "up-", "", now)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range removed {
		got = append(got, filepath.Base(p))
	}
	slices.Sort(got)
	want := []string{"up-456", "up-999999999-3", fmt.Sprintf("up-%d-2", me), fmt.Sprintf("up-%d-5.x", me+1)}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("removed %v, want %v", got, want)
	}
	for _, name := range want {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s still there", name)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "up-999999999-dir")); err != nil {
		t.Error("a folder was removed")
	}
	// with a suffix, only names that end with it
	p := filepath.Join(dir, ".book.pdf.999999999-7.part")
	os.WriteFile(p, nil, 0o600)
	q := filepath.Join(dir, ".book.pdf.999999999-7.pdf")
	os.WriteFile(q, nil, 0o600)
	if removed, _ := stale.Clean(dir, ".book.pdf.", ".part", now); len(removed) != 1 || removed[0] != p {
		t.Errorf("removed %v, want %s", removed, p)
	}
}
