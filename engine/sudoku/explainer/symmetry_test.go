package explainer_test

import (
	"math/rand/v2"
	"testing"

	"pencilbox/engine/sudoku"
	"pencilbox/engine/sudoku/explainer"
	"pencilbox/internal/shared"
)

// symmetryChanges rates each row's puzzle under n random symmetries and
// returns the images whose ER differs from the puzzle's own.
func symmetryChanges(rows []seRow, n int, seed uint64) (tried int, changed []string) {
	r := rand.New(rand.NewPCG(seed, 1))
	for _, row := range rows {
		if missing(row) != "" {
			continue
		}
		g, err := sudoku.ParseLine(row.puzzle)
		if err != nil {
			continue
		}
		base := explainer.Rate(&g, explainer.Options{})
		for range n {
			img := sudoku.RandomSymmetry(r).Apply(&g)
			got := explainer.Rate(&img, explainer.Options{})
			tried++
			if explainer.FormatRating(got.ER) != explainer.FormatRating(base.ER) || got.Err != nil {
				changed = append(changed, row.puzzle+" -> "+img.String()+": "+explainer.FormatRating(base.ER)+" vs "+explainer.FormatRating(got.ER))
			}
		}
	}
	return tried, changed
}

// TestSymmetryInvariance: the ER of each sample puzzle is the same for
// three random images under the Sudoku symmetries (relabelled digits,
// permuted rows, columns, bands and stacks, transposed).
func TestSymmetryInvariance(t *testing.T) {
	tried, changed := symmetryChanges(readSample(t), 3, 1)
	for _, c := range changed {
		t.Error("ER changed under a symmetry: " + c)
	}
	t.Logf("%d images rated", tried)
}

// TestSymmetryDev does the same for every dev puzzle the path can rate
// yet, two images each, and reports the count per ER band (needs
// ../shared).
func TestSymmetryDev(t *testing.T) {
	if testing.Short() {
		t.Skip("slow cross-check")
	}
	rows := parseSE(t, shared.Lines(t, "data/sudoku/se_rated_dev_1492.tsv"))
	tried, changed := symmetryChanges(rows, 2, 2)
	for _, c := range changed {
		t.Error("ER changed under a symmetry: " + c)
	}
	t.Logf("%d images rated, %d with another ER", tried, len(changed))
}
