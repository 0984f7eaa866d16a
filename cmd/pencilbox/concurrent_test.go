package main

import (
	"database/sql"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	_ "modernc.org/sqlite"
)

// TestTwoImportsAtOnce: two imports into one database at the same time,
// each with its own connections (as two processes would be), both complete
// and nothing is lost: the library holds the union, each job's counts add up.
func TestTwoImportsAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lib.db")
	files, _ := filepath.Glob("../../data/sample/*.txt")
	half := len(files) / 2
	var wg sync.WaitGroup
	codes := make([]int, 2)
	outs := make([]string, 2)
	for i, part := range [][]string{files[:half], files[half:]} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var stderr string
			codes[i], outs[i], stderr = runCLI(t, "", append([]string{"import", "--db", path, "--jobs", "1"}, part...)...)
			outs[i] += stderr
		}()
	}
	wg.Wait()
	for i := range codes {
		if codes[i] != 0 || strings.Contains(outs[i], "locked") {
			t.Errorf("import %d: exit %d: %s", i+1, codes[i], outs[i])
		}
	}
	// a third run of everything finds only duplicates
	code, out, _ := runCLI(t, "", append([]string{"import", "--db", path}, files...)...)
	if code != 0 || !strings.Contains(out, "imported 0,") {
		t.Errorf("re-import of both halves: %d %s", code, out)
	}
	d, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var puzzles, sum int
	d.QueryRow(`SELECT count(*) FROM puzzles`).Scan(&puzzles)
	d.QueryRow(`SELECT sum(imported + invalid) FROM jobs WHERE id <= 2`).Scan(&sum)
	if puzzles != sum || puzzles < 300 {
		t.Errorf("%d puzzles stored, the two jobs say %d", puzzles, sum)
	}
	var bad int
	d.QueryRow(`SELECT count(*) FROM jobs WHERE read <> imported + duplicates + invalid + rejected`).Scan(&bad)
	if bad != 0 {
		t.Errorf("%d jobs whose counts do not add up", bad)
	}
}
