package explainer_test

import (
	"slices"
	"strings"
	"testing"
	"time"

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
// in 2011, ER 9.7-11.9), one puzzle per op in file order, one thread (needs
// ../shared). -benchtime 375x rates each once.
func BenchmarkRateHardest(b *testing.B) {
	rateEach(b, puzzles(b, "data/sudoku/forum_hardest_1106.txt", 0))
}

// BenchmarkRateHardest6 rates every sixth puzzle of forum_hardest_1106 (the
// 1st, 7th, ...: 63 puzzles, the sample docs/bench/er-steps-same.sh calls
// hardest6), a share of the whole that a loaded machine measures in
// minutes. -benchtime 63x rates each once.
func BenchmarkRateHardest6(b *testing.B) {
	var gs []sudoku.Grid
	for i, g := range puzzles(b, "data/sudoku/forum_hardest_1106.txt", 0) {
		if i%6 == 0 {
			gs = append(gs, g)
		}
	}
	rateEach(b, gs)
}

// hardest6Mid lists, by their place in hardest6, the 21 puzzles whose CPU
// time was nearest the median (the middle third, 0.19-0.46 s each) at
// 4b9cbfe: the puzzles a change must speed up for hardest6's median to
// move (issue 34 asks for it).
var hardest6Mid = []int{62, 56, 27, 59, 1, 42, 6, 34, 44, 50, 43, 3, 40, 41, 49, 31, 4, 36, 57, 26, 30}

// BenchmarkRateHardest6Mid rates hardest6's middle third (hardest6Mid), a
// 7-second run to profile and compare the median's work on. -benchtime 21x
// rates each once.
func BenchmarkRateHardest6Mid(b *testing.B) {
	var all []sudoku.Grid
	for i, g := range puzzles(b, "data/sudoku/forum_hardest_1106.txt", 0) {
		if i%6 == 0 {
			all = append(all, g)
		}
	}
	var gs []sudoku.Grid
	for _, i := range hardest6Mid {
		if i < len(all) {
			gs = append(gs, all[i])
		}
	}
	rateEach(b, gs)
}

// rateEach rates gs in turn, one per op. Besides the mean (cpu-us/op) it
// reports the median and the largest CPU time of one puzzle: on the hardest
// puzzles a few take tens of times the median, so the mean alone hides what
// most puzzles cost.
func rateEach(b *testing.B, gs []sudoku.Grid) {
	b.ResetTimer()
	start := cpuTime()
	each := make([]time.Duration, 0, b.N)
	for i := 0; i < b.N; i++ {
		g := gs[i%len(gs)]
		t := cpuTime()
		r := explainer.Rate(&g, explainer.Options{})
		each = append(each, cpuTime()-t)
		if r.Err != nil {
			b.Log(r.Err)
		}
	}
	reportCPU(b, start)
	slices.Sort(each)
	b.ReportMetric(float64(each[len(each)/2])/1e3, "median-cpu-us")
	b.ReportMetric(float64(each[len(each)-1])/1e3, "max-cpu-us")
}
