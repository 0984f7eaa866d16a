package slitherlink_test

import (
	"testing"
	"time"

	"pencilbox/kinds/slitherlink"
)

// BenchmarkSolveJanko solves every Janko dev puzzle (the committed sample
// without ../shared) once per iteration and reports the slowest puzzle.
func BenchmarkSolveJanko(b *testing.B) {
	js := loadJanko(b)
	b.ResetTimer()
	var slow time.Duration
	var slowID string
	var nodes, unique int
	for range b.N {
		for _, j := range js {
			t0 := time.Now()
			r, st := slitherlink.SolveStats(j.p)
			if d := time.Since(t0); d > slow {
				slow, slowID = d, j.id
			}
			nodes += st.Nodes
			if r.Solution == j.solution {
				unique++
			}
		}
	}
	b.ReportMetric(float64(len(js)), "puzzles")
	b.ReportMetric(float64(slow.Microseconds())/1000, "slowest-ms")
	b.ReportMetric(float64(nodes)/float64(b.N*len(js)), "nodes/puzzle")
	b.Logf("slowest %s %v; %d of %d solved as published", slowID, slow, unique/b.N, len(js))
}
