package kind

import (
	"errors"
	"strings"
	"testing"

	"pencilbox/data/sample"
	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
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

// TestExplainerQuick: the quick form (an import's first pass) has
// QuickWorkLimit; on the committed samples it gives the bulk form's
// rating whenever it finishes, rates some of the 17-clue puzzles, and
// gives up (engine.ErrWorkLimit) on every one of the forum's hardest.
func TestExplainerQuick(t *testing.T) {
	q, ok := engine.Quick(Bundle{}.SecondRater())
	if !ok || q != (explainerRater{limit: QuickWorkLimit}) {
		t.Fatalf("quick form %#v, want the limit %d", q, QuickWorkLimit)
	}
	bulk := Bundle{}.SecondRater()
	for _, tc := range []struct {
		file      string
		someRated bool
	}{{"sudoku_17_clue.txt", true}, {"sudoku_forum_hardest.txt", false}} {
		rated := 0
		for _, p := range samplePuzzles(t, tc.file) {
			r := q.RateSecond(p, false)
			if r.Err != nil {
				if !errors.Is(r.Err, engine.ErrWorkLimit) {
					t.Errorf("%s: %v", p.Givens(), r.Err)
				}
				continue
			}
			rated++
			if b := bulk.RateSecond(p, false); b.Values != r.Values || b.Note != r.Note {
				t.Errorf("%s: quick %v %q, bulk %v %q", p.Givens(), r.Values, r.Note, b.Values, b.Note)
			}
		}
		if tc.someRated != (rated > 0) {
			t.Errorf("%s: the quick form rated %d", tc.file, rated)
		}
	}
}

func samplePuzzles(t *testing.T, name string) []engine.Puzzle {
	t.Helper()
	b, err := sample.FS.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Puzzle
	for _, line := range strings.Split(string(b), "\n") {
		if p, err := (sudoku.Kind{}).Parse(strings.TrimSpace(line)); err == nil {
			p.Canonical()
			out = append(out, p)
		}
	}
	return out
}
