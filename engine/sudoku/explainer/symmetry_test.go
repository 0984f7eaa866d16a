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
			if figures(got) != figures(base) || got.Err != nil {
				changed = append(changed, row.puzzle+" -> "+img.String()+": "+figures(base)+" vs "+figures(got))
			}
		}
	}
	return tried, changed
}

func figures(r explainer.Rating) string {
	return explainer.FormatRating(r.ER) + "/" + explainer.FormatRating(r.EP) + "/" + explainer.FormatRating(r.ED)
}

// TestSymmetryInvariance: the ER, EP and ED of each sample puzzle are the
// same for two random images under the Sudoku symmetries (relabelled
// digits, permuted rows, columns, bands and stacks, transposed). serate's
// own figures change on some images (its choice among equal hints depends
// on the grid's orientation); Rate works on the canonical image, so these
// must not.
func TestSymmetryInvariance(t *testing.T) {
	tried, changed := symmetryChanges(readSample(t), 2, 1)
	for _, c := range changed {
		t.Error("ER changed under a symmetry: " + c)
	}
	t.Logf("%d images rated", tried)
}

// TestSymmetryDev does the same for every dev puzzle, two images each
// (needs ../shared).
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
