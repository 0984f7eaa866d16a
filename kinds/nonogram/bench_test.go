package nonogram_test

import (
	"slices"
	"testing"
	"time"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

// BenchmarkSolveJanko solves every Janko puzzle (all 1,402 beside
// ../shared, else the committed sample) once per iteration; it reports
// the slowest puzzle's time and the line solves of the whole set.
func BenchmarkSolveJanko(b *testing.B) {
	recs := loadJanko(b)
	b.ResetTimer()
	type timed struct {
		id string
		d  time.Duration
	}
	var times []timed
	var lines, nodes int64
	for b.Loop() {
		lines, nodes, times = 0, 0, times[:0]
		for _, rc := range recs {
			t0 := time.Now()
			r, st := rc.p.SolveLimit(nonogram.SolveWorkLimit)
			times = append(times, timed{rc.id, time.Since(t0)})
			if r.Status != engine.Unique {
				b.Fatalf("%s: %v", rc.id, r.Status)
			}
			lines += st.LineSolves
			nodes += st.Nodes
		}
	}
	slices.SortFunc(times, func(x, y timed) int { return int(y.d - x.d) })
	b.ReportMetric(float64(len(recs)), "puzzles")
	b.ReportMetric(float64(times[0].d.Microseconds())/1000, "slowest-ms")
	b.ReportMetric(float64(lines), "linesolves")
	b.ReportMetric(float64(nodes), "nodes")
	for _, x := range times[:min(5, len(times))] {
		b.Logf("slow: %s %v", x.id, x.d)
	}
}
