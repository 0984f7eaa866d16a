package kind

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku/explainer"
)

// TestExplainerThorough: the registered explainer rater keeps the bulk work
// limit (an import gives up on the hardest puzzles) and its thorough form,
// which pencilbox rate --er asks, has the default limit that rates every
// puzzle of forum_hardest_1106 (docs/EXPLAINER.md); a puzzle needing
// 5.4 million units, over the bulk limit, takes seconds, too slow to rate
// here.
func TestExplainerThorough(t *testing.T) {
	r := Bundle{}.SecondRater()
	if r != (explainerRater{}) {
		t.Fatalf("registered rater %#v, want the bulk form", r)
	}
	if got := engine.Thorough(r); got != (explainerRater{limit: explainer.DefaultWorkLimit}) {
		t.Errorf("thorough form %#v, want the limit %d", got, int64(explainer.DefaultWorkLimit))
	}
}
