package main

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"pencilbox/db"
	"pencilbox/kinds/sudoku"
)

// TestImportKeepsSolutionKeys (issue 33, item 1): `pencilbox import` keeps
// each unique puzzle's solution key, so a later generator run makes no
// puzzle on the solution grid of an imported one (library.Make asks
// KnownSolution); before, only generated puzzles had keys.
func TestImportKeepsSolutionKeys(t *testing.T) {
	const p17 = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.db")
	files := writeFiles(t, dir, map[string]string{"a.txt": p17 + "\n"}, "a.txt")
	if code, _, errs := runCLI(t, "", append([]string{"import", "--db", lib}, files...)...); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	g, _ := sudoku.ParseLine(p17)
	r := (&sudoku.Puzzle{Grid: g}).Solve()
	sol, _ := sudoku.ParseLine(r.Solution)
	// any image of the grid has the key
	img := sudoku.RandomSymmetry(rand.New(rand.NewPCG(3, 4))).Apply(&sol)
	d, err := db.Open(lib)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if ok, err := d.KnownSolution(context.Background(), "sudoku", sudoku.FullCanonical(&img)); err != nil || !ok {
		t.Errorf("the imported puzzle's solution key is not kept (%v)", err)
	}
}
