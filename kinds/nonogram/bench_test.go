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
// the CPU time of the set and of its slowest puzzle (thread CPU time: the
// machine is shared, and wall time counts the waits), and the line solves
// of the whole set.
func BenchmarkSolveJanko(b *testing.B) {
	benchSolve(b, loadJanko(b), nil)
}

// BenchmarkSolveJankoHard solves the Janko puzzles Tatham's Pattern
// solver leaves unfinished (testdata/tatham_unfinished.txt: 244 of the
// 1,402; the committed sample holds 14 of them).
func BenchmarkSolveJankoHard(b *testing.B) {
	hard := map[string]bool{}
	for _, id := range sharedLinesAt(b, "testdata/tatham_unfinished.txt") {
		hard[id] = true
	}
	benchSolve(b, loadJanko(b), func(rc jankoRecord) bool { return hard[rc.id] })
}

func benchSolve(b *testing.B, recs []jankoRecord, keep func(jankoRecord) bool) {
	if keep != nil {
		recs = slices.DeleteFunc(recs, func(rc jankoRecord) bool { return !keep(rc) })
	}
	defer lockThread()()
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
			t0 := threadCPU()
			r, st := rc.p.SolveLimit(nonogram.SolveWorkLimit)
			times = append(times, timed{rc.id, threadCPU() - t0})
			if r.Status != engine.Unique {
				b.Fatalf("%s: %v", rc.id, r.Status)
			}
			lines += st.LineSolves
			nodes += st.Nodes
		}
	}
	var total time.Duration
	for _, x := range times {
		total += x.d
	}
	slices.SortFunc(times, func(x, y timed) int { return int(y.d - x.d) })
	b.ReportMetric(float64(len(recs)), "puzzles")
	b.ReportMetric(float64(total.Microseconds())/1000, "cpu-ms")
	b.ReportMetric(float64(times[0].d.Microseconds())/1000, "slowest-ms")
	b.ReportMetric(float64(lines), "linesolves")
	b.ReportMetric(float64(nodes), "nodes")
	for _, x := range times[:min(5, len(times))] {
		b.Logf("slow: %s %v", x.id, x.d)
	}
}
