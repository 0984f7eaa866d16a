package explainer_test

import (
	"strings"
	"testing"

	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
)

// puzzles reads the puzzle lines of a shared data file (comments skipped).
func puzzles(tb testing.TB, file string, n int) []sudoku.Grid {
	tb.Helper()
	var gs []sudoku.Grid
	for _, l := range shared.Lines(tb, file) {
		l = strings.TrimSpace(l)
		if len(l) < 81 || strings.HasPrefix(l, "#") {
			continue
		}
		g, err := sudoku.ParseLine(l)
		if err != nil {
			continue
		}
		gs = append(gs, g)
		if n > 0 && len(gs) == n {
			break
		}
	}
	return gs
}

// BenchmarkRateTop1465 rates magictour's top1465, one puzzle per op, one
// thread (needs ../shared).
func BenchmarkRateTop1465(b *testing.B) {
	gs := puzzles(b, "data/sudoku/magictour_top1465.txt", 0)
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		g := gs[i%len(gs)]
		r := explainer.Rate(&g, explainer.Options{})
		if r.Err != nil {
			b.Log(r.Err)
		}
	}
	reportCPU(b, start)
}

// BenchmarkRateHardest rates forum_hardest_1106 (the hardest puzzles known
// in 2011, ER 9.7-11.9), one puzzle per op, one thread (needs ../shared).
func BenchmarkRateHardest(b *testing.B) {
	gs := puzzles(b, "data/sudoku/forum_hardest_1106.txt", 0)
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		g := gs[i%len(gs)]
		r := explainer.Rate(&g, explainer.Options{})
		if r.Err != nil {
			b.Log(r.Err)
		}
	}
	reportCPU(b, start)
}
