package sudoku_test

import (
	"testing"

	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
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

// BenchmarkFast measures the uniqueness check (count to 2) per puzzle, and
// the search nodes it takes.
func BenchmarkFast(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			gs := loadGrids(b, set.file)
			var sv sudoku.Solver
			nodes := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sv.Count(&gs[i%len(gs)], 2)
				nodes += sv.Nodes
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/puzzle")
		})
	}
}

// BenchmarkReference compares the three solvers on the same sample of QQWing
// expert puzzles: the reference solvers need minutes on 17-clue puzzles.
func BenchmarkReference(b *testing.B) {
	gs := loadGrids(b, "data/sudoku/hodoku/qqwing_expert.sdm")[:200]
	for _, s := range []struct {
		name  string
		count func(*sudoku.Grid, int) (int, sudoku.Grid)
	}{
		{"fast", func(g *sudoku.Grid, n int) (int, sudoku.Grid) { var s sudoku.Solver; return s.Count(g, n) }},
		{"table", sudoku.TableCount},
		{"backtrack", sudoku.BacktrackCount},
	} {
		b.Run("qqwing_expert/"+s.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s.count(&gs[i%len(gs)], 2)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
