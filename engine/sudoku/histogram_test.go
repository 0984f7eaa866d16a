package sudoku_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/engine/sudoku"
)

// TestHistogram prints the rank histogram of each collection, how many
// puzzles need trial and error (8 stars) and how many are counterexamples
// to the Enclosure+Negation hypothesis. It is a report, not a check: run it
// with PENCILBOX_HISTOGRAM=1 (see docs/SUDOKU-RATING.md).
func TestHistogram(t *testing.T) {
	if os.Getenv("PENCILBOX_HISTOGRAM") == "" {
		t.Skip("a report; set PENCILBOX_HISTOGRAM=1 to run it")
	}
	sets := []struct {
		file string
		n    int // 0: all
	}{
		{"data/sudoku/hodoku/qqwing_simple.sdm", 0},
		{"data/sudoku/hodoku/qqwing_easy.sdm", 0},
		{"data/sudoku/hodoku/qqwing_intermediate.sdm", 0},
		{"data/sudoku/hodoku/qqwing_expert.sdm", 0},
		{"data/sudoku/hodoku/sudocue_top10000.sdm", 0},
		{"data/sudoku/hodoku/sudocue_learningcurve.sdm", 0},
		{"data/sudoku/hodoku/sudocue_almostdn.sdm", 0},
		{"data/sudoku/hodoku/sudocue_noponies.sdm", 0},
		{"data/sudoku/hodoku/sudocue_superiors.sdm", 0},
		{"data/sudoku/17_clue.txt", 0},
		{"data/sudoku/magictour_top1465.txt", 0},
		{"data/sudoku/forum_hardest_1106.txt", 0},
		{"data/sudoku/forum_hardest_1905_11plus.txt", 5000},
	}
	fmt.Println("| collection | puzzles | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | not unique | hypothesis counterexamples |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, set := range sets {
		gs := puzzles(t, set.file, set.n)
		var hist [9]int
		other, counter := 0, 0
		for _, g := range gs {
			r := sudoku.Rate(&g, false)
			if r.Status != engine.Unique {
				other++
				continue
			}
			hist[r.Rank]++
			if r.Verdict == engine.No {
				counter++
			}
		}
		name := set.file[strings.LastIndex(set.file, "/")+1:]
		if set.n > 0 {
			name += fmt.Sprintf(" (first %d)", set.n)
		}
		fmt.Printf("| %s | %d |", name, len(gs))
		for r := 1; r <= 8; r++ {
			fmt.Printf(" %d |", hist[r])
		}
		fmt.Printf(" %d | %d |\n", other, counter)
	}
}
