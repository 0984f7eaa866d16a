package akari_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

// processCPU is the CPU time this process has used: the machine is shared,
// so rates are also given per CPU second, which other work disturbs less.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkGenerate measures minimal puzzles (20% black cells, no symmetry)
// made on one thread: 10x10 at each rank and any rank, 30x30 at rank 4.
func BenchmarkGenerate(b *testing.B) {
	cases := []struct {
		size, rank int
	}{{10, 0}, {10, 1}, {10, 2}, {10, 3}, {10, 4}, {10, 5}, {30, 4}}
	for _, tc := range cases {
		name := fmt.Sprintf("%dx%d/any", tc.size, tc.size)
		if tc.rank > 0 {
			name = fmt.Sprintf("%dx%d/rank%d", tc.size, tc.size, tc.rank)
		}
		b.Run(name, func(b *testing.B) {
			opt := engine.GenOptions{MinRank: tc.rank, MaxRank: tc.rank, Params: engine.GenValues{"size": fmt.Sprintf("%dx%d", tc.size, tc.size)}}
			src, err := akari.Kind{}.NewSource(opt, rand.New(rand.NewPCG(1, uint64(tc.rank))))
			if err != nil {
				b.Fatal(err)
			}
			start := processCPU()
			for b.Loop() {
				if _, _, err := src.Next(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(b.N)/(processCPU()-start).Seconds(), "puzzles/cpu-s")
			b.ReportMetric(0, "ns/op")
		})
	}
}
