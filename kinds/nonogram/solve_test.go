package nonogram_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

// TestJankoSolutions: every Janko puzzle (the committed sample in a plain
// clone, all 1,402 beside ../shared) is unique and its published solution
// is ours.
func TestJankoSolutions(t *testing.T) {
	recs := loadJanko(t)
	if len(recs) == 0 {
		t.Fatal("no puzzles read")
	}
	for _, rc := range recs {
		r, st := rc.p.SolveLimit(nonogram.SolveWorkLimit)
		if r.Status != engine.Unique {
			t.Errorf("%s: status %v, want unique (%v)", rc.id, r.Status, r.Err)
			continue
		}
		if r.Solution != rc.solution {
			t.Errorf("%s: solution differs from the published one", rc.id)
		}
		_ = st
	}
}
