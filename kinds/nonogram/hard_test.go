package nonogram_test

import (
	"slices"
	"testing"
)

// TestTathamUnfinishedNeedMore: every Janko puzzle Tatham's line solver
// leaves unfinished is unique (TestJankoSolutions), and the complete line
// solver finishes at most the few his loop order stops short of: all but
// 7 of the 244 need more than one line at a time.
func TestTathamUnfinishedNeedMore(t *testing.T) {
	hard := map[string]bool{}
	for _, id := range sharedLinesAt(t, "testdata/tatham_unfinished.txt") {
		hard[id] = true
	}
	if len(hard) != 244 {
		t.Fatalf("%d ids", len(hard))
	}
	finished := 0
	for _, rc := range loadJanko(t) {
		cells, ok := rc.p.LineSolve()
		done := ok && !slices.Contains(cells, 0)
		if done && hard[rc.id] {
			finished++
		}
		if !done && !hard[rc.id] {
			t.Errorf("%s: line solving stops, but Tatham's solver finishes it", rc.id)
		}
	}
	if finished > 7 {
		t.Errorf("%d of Tatham's unfinished are line solvable", finished)
	}
}
