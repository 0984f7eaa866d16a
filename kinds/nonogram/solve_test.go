package nonogram_test

import (
	"errors"
	"strings"
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

// TestSolveWorkLimit: a solve stopped by its work limit says unknown and
// why; the same puzzle within SolveWorkLimit is decided.
func TestSolveWorkLimit(t *testing.T) {
	var hard *nonogram.Puzzle
	for _, rc := range loadJanko(t) {
		if rc.id == "583_30x30" {
			hard = rc.p
		}
	}
	if hard == nil {
		t.Fatal("583_30x30 is not in the sample")
	}
	r, st := hard.SolveLimit(1000)
	if r.Status != engine.Unknown || !errors.Is(r.Err, engine.ErrWorkLimit) || st.LineSolves > 1001 {
		t.Fatalf("limit 1000: %v, %v, %d line solves", r.Status, r.Err, st.LineSolves)
	}
	if !strings.Contains(engine.GaveUp(r.Err), "work limit") {
		t.Errorf("said %q", engine.GaveUp(r.Err))
	}
	r, st = hard.SolveLimit(nonogram.SolveWorkLimit)
	if r.Status != engine.Unique || st.LineSolves >= nonogram.SolveWorkLimit/10 {
		t.Errorf("within the limit: %v after %d line solves", r.Status, st.LineSolves)
	}
}
