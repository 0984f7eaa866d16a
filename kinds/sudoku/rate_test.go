package sudoku_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
)

func puzzles(t *testing.T, rel string, n int) []sudoku.Grid {
	t.Helper()
	var out []sudoku.Grid
	for _, l := range shared.LinesOrSample(t, rel) {
		if len(l) < 81 {
			continue
		}
		g, err := sudoku.ParseLine(l[:81])
		if err != nil {
			continue
		}
		out = append(out, g)
		if n > 0 && len(out) == n {
			break
		}
	}
	return out
}

func TestRateReplaysToSolution(t *testing.T) {
	for _, set := range []struct {
		file string
		n    int
	}{
		{"data/sudoku/hodoku/qqwing_simple.sdm", 40},
		{"data/sudoku/hodoku/qqwing_expert.sdm", 40},
		{"data/sudoku/17_clue.txt", 40},
		{"data/sudoku/magictour_top1465.txt", 30},
		{"data/sudoku/forum_hardest_1106.txt", 8},
	} {
		for i, g := range puzzles(t, set.file, set.n) {
			r := sudoku.Rate(&g, true)
			if r.Status != engine.Unique {
				t.Errorf("%s #%d: status %v", set.file, i, r.Status)
				continue
			}
			states, err := sudoku.Replay(&g, r.Steps)
			if err != nil {
				t.Fatalf("%s #%d: replay: %v", set.file, i, err)
			}
			fin := states[len(states)-1].Grid()
			if fin.String() != r.Solution {
				t.Fatalf("%s #%d: replay ends at %s, want %s", set.file, i, fin.String(), r.Solution)
			}
			maxL := 0
			for _, s := range r.Steps {
				if s.Level > maxL {
					maxL = s.Level
				}
				if s.Sentence == "" || s.Technique == "" {
					t.Fatalf("%s #%d: step without text: %+v", set.file, i, s)
				}
			}
			if maxL != r.Rank {
				t.Errorf("%s #%d: rank %d, highest step level %d", set.file, i, r.Rank, maxL)
			}
			r2 := sudoku.Rate(&g, false)
			if r2.Rank != r.Rank || r2.Score != r.Score || engine.ProfileString(r2.Profile) != engine.ProfileString(r.Profile) || r2.Verdict != r.Verdict {
				t.Errorf("%s #%d: rating differs with and without steps", set.file, i)
			}
		}
	}
}
