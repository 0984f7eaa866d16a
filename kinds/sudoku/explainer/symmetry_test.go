package explainer_test

import (
	"math/rand/v2"
	"testing"

	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
)

// symmetryChanges rates each row's puzzle under n random symmetries and
// returns the images whose ER, EP or ED differ from want(row) (nil: the
// puzzle's own rating).
func symmetryChanges(rows []seRow, n int, seed uint64, want func(seRow) string) (tried int, changed []string) {
	r := rand.New(rand.NewPCG(seed, 1))
	for _, row := range rows {
		g, err := sudoku.ParseLine(row.puzzle)
		if err != nil {
			continue
		}
		var base string
		if want != nil {
			base = want(row)
		} else {
			base = figures(explainer.Rate(&g, explainer.Options{}))
		}
		for range n {
			img := sudoku.RandomSymmetry(r).Apply(&g)
			got := explainer.Rate(&img, explainer.Options{})
			tried++
			if figures(got) != base || got.Err != nil {
				changed = append(changed, row.puzzle+" -> "+img.String()+": "+base+" vs "+figures(got))
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
	// the puzzle's own figures are serate's on its canonical image
	// (TestSerateSample checks Rate gives them)
	canon := map[string]string{}
	for _, r := range readSE(t, "testdata/se_sample_200_canon.tsv") {
		canon[r.puzzle] = r.er + "/" + r.ep + "/" + r.ed
	}
	tried, changed := symmetryChanges(readSample(t), 2, 1, func(r seRow) string {
		g, err := sudoku.ParseLine(r.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		return canon[sudoku.Canonical(&g)]
	})
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
	tried, changed := symmetryChanges(rows, 2, 2, nil)
	for _, c := range changed {
		t.Error("ER changed under a symmetry: " + c)
	}
	t.Logf("%d images rated, %d with another ER", tried, len(changed))
}
