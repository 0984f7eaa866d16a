package slitherlink_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/slitherlink"
)

// BenchmarkGenerate measures puzzles made on one thread at Tatham's
// sizes and levels (10x10 at levels 1-4, 20x20 at 4) and at level 5.
func BenchmarkGenerate(b *testing.B) {
	cases := []struct{ size, rank int }{{10, 1}, {10, 2}, {10, 3}, {10, 4}, {10, 5}, {20, 4}}
	for _, tc := range cases {
		b.Run(fmt.Sprintf("%dx%d/rank%d", tc.size, tc.size, tc.rank), func(b *testing.B) {
			opt := engine.GenOptions{MinRank: tc.rank, MaxRank: tc.rank, Params: engine.GenValues{"size": fmt.Sprintf("%dx%d", tc.size, tc.size)}}
			src, err := slitherlink.Kind{}.NewSource(opt, rand.New(rand.NewPCG(1, uint64(tc.rank))))
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
