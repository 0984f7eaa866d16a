package killer_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/killer"
)

// BenchmarkRateTatham rates the Tatham dev killers of one size and level
// (60 each in ../shared) per iteration, steps off, Solve included:
// docs/BENCHMARKS.md sets it beside Tatham's grader on the same puzzles.
func BenchmarkRateTatham(b *testing.B) {
	if shared.Dir() == "" {
		b.Skip("needs ../shared for the 720 Tatham killers; not present in this clone")
	}
	groups := map[string][]*killer.Puzzle{}
	var keys []string
	for _, l := range sgtLines(b) {
		k := l.size + "/" + l.level
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], mustParse(b, l.id))
	}
	for _, k := range keys {
		ps := groups[k]
		b.Run(k, func(b *testing.B) {
			defer lockThread()()
			cpu := threadCPU()
			for b.Loop() {
				for _, p := range ps {
					if rt := p.Rate(false); rt.Rank == 0 {
						b.Fatal(rt.Status)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps))/1e6, "ms/puzzle")
			b.ReportMetric(float64((threadCPU()-cpu).Nanoseconds())/float64(b.N)/float64(len(ps))/1e6, "cpu-ms/puzzle")
		})
	}
}

// BenchmarkRateJanko solves and rates all 486 Janko dev killers per
// iteration (steps off) and reports the slowest puzzle, in the thread's
// CPU time (the machine is shared).
func BenchmarkRateJanko(b *testing.B) {
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
	var slowest time.Duration
	cpu := threadCPU()
	for b.Loop() {
		for _, p := range ps {
			t0 := threadCPU()
			if rt := p.Rate(false); rt.Err != nil {
				b.Fatal(rt.Err)
			}
			slowest = max(slowest, threadCPU()-t0)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/all")
	b.ReportMetric(float64(slowest.Nanoseconds())/1e6, "cpu-ms/slowest")
	b.ReportMetric(float64((threadCPU()-cpu).Nanoseconds())/float64(b.N)/1e6, "cpu-ms/all")
}

// BenchmarkGenerate makes one puzzle per iteration at each size and level
// (steps off, the final rating included), to set beside Tatham's
// generator: docs/BENCHMARKS.md.
func BenchmarkGenerate(b *testing.B) {
	for _, size := range []string{"9x9", "6x6", "4x4"} {
		top := killer.LevelUnreasonable
		if size == "4x4" {
			top = killer.LevelTrivial
		}
		for lvl := 1; lvl <= top; lvl++ {
			b.Run(fmt.Sprintf("%s/%s", size, killer.TathamLevels[lvl]), func(b *testing.B) {
				src, err := killer.Kind{}.NewSource(engine.GenOptions{MinRank: lvl, MaxRank: lvl,
					Params: engine.GenValues{"size": size}}, rand.New(rand.NewPCG(uint64(lvl), 1)))
				if err != nil {
					b.Fatal(err)
				}
				defer lockThread()()
				cpu := threadCPU()
				for b.Loop() {
					if _, _, err := src.Next(context.Background()); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(float64(b.N)/(threadCPU()-cpu).Seconds(), "puzzles/cpu-s")
			})
		}
	}
}
