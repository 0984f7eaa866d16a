package sudoku_test

import (
	"testing"

	"pencilbox/engine/sudoku"
	"pencilbox/internal/shared"
)

func loadGrids(tb testing.TB, rel string) []sudoku.Grid {
	tb.Helper()
	lines := shared.Lines(tb, rel)
	gs := make([]sudoku.Grid, 0, len(lines))
	for _, l := range lines {
		g, err := sudoku.ParseLine(l)
		if err != nil {
			tb.Fatalf("%s: %v", rel, err)
		}
		gs = append(gs, g)
	}
	return gs
}

var benchSets = []struct{ name, file string }{
	{"17clue", "data/sudoku/17_clue.txt"},
	{"top1465", "data/sudoku/magictour_top1465.txt"},
	{"hardest1905_11plus", "data/sudoku/forum_hardest_1905_11plus.txt"},
	{"hardest1106", "data/sudoku/forum_hardest_1106.txt"},
}

// BenchmarkFast measures the uniqueness check (count to 2) per puzzle.
func BenchmarkFast(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			gs := loadGrids(b, set.file)
			var sv sudoku.Solver
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sv.Count(&gs[i%len(gs)], 2)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
