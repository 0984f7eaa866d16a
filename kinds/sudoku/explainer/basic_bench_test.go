package explainer_test

import (
	"syscall"
	"testing"
	"time"

	"pencilbox/kinds/sudoku/explainer"
)

// BenchmarkRate17Clue rates the 17-clue collection (49,158 puzzles, mostly
// easy), one puzzle per op, one thread (needs ../shared).
func BenchmarkRate17Clue(b *testing.B) {
	gs := puzzles(b, "data/sudoku/17_clue.txt", 0)
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		g := gs[i%len(gs)]
		if r := explainer.Rate(&g, explainer.Options{}); r.Err != nil {
			b.Log(r.Err)
		}
	}
	reportCPU(b, start)
}

// BenchmarkRateSteps17Clue is the same with the step log built.
func BenchmarkRateSteps17Clue(b *testing.B) {
	gs := puzzles(b, "data/sudoku/17_clue.txt", 0)
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		g := gs[i%len(gs)]
		if r := explainer.Rate(&g, explainer.Options{Steps: true}); r.Err != nil {
			b.Log(r.Err)
		}
	}
	reportCPU(b, start)
}

// BenchmarkBasicsStuck asks every basic hinter once on top1465 grids that
// none of them can advance (each puzzle taken as far as the basic
// techniques go): the cost each chain step pays before the chains are
// asked. One grid per op, one thread (needs ../shared).
func BenchmarkBasicsStuck(b *testing.B) {
	var stuck []explainer.Grid
	for _, g := range puzzles(b, "data/sudoku/magictour_top1465.txt", 300) {
		s := explainer.NewGrid(&g)
		c := explainer.Context{Limit: explainer.DefaultWorkLimit}
		for {
			h, ok := explainer.NextBasic(&s, &c)
			if !ok {
				break
			}
			explainer.Apply(&s, &h)
		}
		if !s.Solved() {
			stuck = append(stuck, s)
		}
	}
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		s := stuck[i%len(stuck)]
		c := explainer.Context{Limit: explainer.DefaultWorkLimit}
		if _, ok := explainer.NextBasic(&s, &c); ok {
			b.Fatal("a basic hint on a stuck grid")
		}
	}
	reportCPU(b, start)
}

// cpuTime is the process's user and system CPU time: on a shared machine
// the wall time of a benchmark counts other programs' work too, so the
// benchmarks also report CPU time per op.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds the cpu-us/op metric from a start taken after setup.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e3, "cpu-us/op")
}
