package sudoku_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

// BenchmarkGenerate measures minimal puzzles with rot180 symmetry made per
// second on one thread, for any rank and for each rank.
func BenchmarkGenerate(b *testing.B) {
	for rank := 0; rank <= 8; rank++ {
		name := "any"
		if rank > 0 {
			name = fmt.Sprintf("rank%d", rank)
		}
		b.Run(name, func(b *testing.B) {
			opt := engine.GenOptions{MinRank: rank, MaxRank: rank, Params: engine.GenValues{"symmetry": "rot180"}}
			src, err := sudoku.Kind{}.NewSource(opt, rand.New(rand.NewPCG(1, uint64(rank))))
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
		})
	}
}

// processCPU is the CPU time this process has used: the machine is shared,
// so rates are also given per CPU second, which other work disturbs less.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
