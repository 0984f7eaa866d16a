package slitherlink_test

import (
	"testing"
	"time"

	"pencilbox/kinds/slitherlink"
)

// BenchmarkSolveJanko solves (counting to two) every Janko dev puzzle (the
// committed sample without ../shared) once per iteration, reporting the
// whole file's CPU time, the slowest puzzle (wall and CPU) and the search
// nodes a puzzle.
func BenchmarkSolveJanko(b *testing.B) {
	js := loadJanko(b)
	b.ResetTimer()
	var slow, slowCPU time.Duration
	var slowID string
	var nodes int
	start := processCPU()
	for range b.N {
		for _, j := range js {
			t0, c0 := time.Now(), processCPU()
			r, st := slitherlink.SolveStats(j.p)
			if d := time.Since(t0); d > slow {
				slow, slowID, slowCPU = d, j.id, processCPU()-c0
			}
			nodes += st.Nodes
			if r.Solution != j.solution {
				b.Fatalf("%s: %v, not the published solution", j.id, r.Status)
			}
		}
	}
	b.ReportMetric(float64(len(js)), "puzzles")
	b.ReportMetric((processCPU()-start).Seconds()/float64(b.N), "cpu-s/file")
	b.ReportMetric(float64(slow.Microseconds())/1000, "slowest-ms")
	b.ReportMetric(float64(nodes)/float64(b.N*len(js)), "nodes/puzzle")
	b.Logf("slowest %s %v wall, %v CPU", slowID, slow, slowCPU)
}
