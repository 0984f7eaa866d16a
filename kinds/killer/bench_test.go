package killer_test

import (
	"testing"
	"time"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/killer"
)

// BenchmarkSolveJanko solves every Janko killer (../shared's 486, or the
// committed sample) once per iteration: docs/BENCHMARKS.md.
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
	slowest := time.Duration(0)
	b.ResetTimer()
	for b.Loop() {
		for _, p := range ps {
			t0 := time.Now()
			if r := p.Solve(); r.Status != engine.Unique && r.Status != engine.Multiple {
				b.Fatal(r.Status)
			}
			slowest = max(slowest, time.Since(t0))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps))/1e3, "µs/puzzle")
	b.ReportMetric(float64(slowest.Microseconds()), "slowest-µs")
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
