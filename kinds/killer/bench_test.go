package killer_test

import (
	"testing"
	"time"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/killer"
)

// BenchmarkSolveJanko solves every Janko killer of ../shared (486) once
// per iteration: the CPU time of all and of the slowest (docs/BENCHMARKS.md;
// the thread's CPU clock ticks in 1-4 ms steps on some kernels, so a
// single puzzle's figure is coarse, the total is not).
func BenchmarkSolveJanko(b *testing.B) {
	if shared.Dir() == "" {
		b.Skip("needs ../shared for the 486 Janko killers; not present in this clone")
	}
	var ps []*killer.Puzzle
	for _, r := range loadJanko(b) {
		p, err := killer.ParseJanko(r.n, r.problem)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	defer lockThread()()
	var slowest, cpu time.Duration
	b.ResetTimer()
	for b.Loop() {
		for _, p := range ps {
			t0 := threadCPU()
			if r := p.Solve(); r.Status != engine.Unique && r.Status != engine.Multiple {
				b.Fatal(r.Status)
			}
			d := threadCPU() - t0
			cpu += d
			slowest = max(slowest, d)
		}
	}
	// CPU time (the thread's), as Tatham's driver measures: the machine is
	// shared, and wall time counts the waits.
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N)/1e3, "cpu-ms/all")
	b.ReportMetric(float64(slowest.Microseconds())/1e3, "slowest-cpu-ms")
}

// BenchmarkCanonicalJanko: the canonical form of every Janko killer, a
// third of them with givens (a relabelling to find).
func BenchmarkCanonicalJanko(b *testing.B) {
	if shared.Dir() == "" {
		b.Skip("needs ../shared for the 486 Janko killers; not present in this clone")
	}
	var ps []*killer.Puzzle
	for k, r := range loadJanko(b) {
		p, _ := killer.ParseJanko(r.n, r.problem)
		if k%3 == 0 {
			g := make([]int8, len(p.Given))
			for i := range g {
				if i%7 == 3 {
					g[i] = int8(r.solution[i] - '0')
				}
			}
			p, _ = killer.New(p.N, g, p.Cage, p.Sums)
		}
		ps = append(ps, p)
	}
	b.ResetTimer()
	for b.Loop() {
		for _, p := range ps {
			_ = p.Canonical()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps))/1e3, "µs/puzzle")
}
