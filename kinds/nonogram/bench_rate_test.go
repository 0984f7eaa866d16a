package nonogram_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

// BenchmarkRateJanko rates every Janko puzzle (all 1,402 beside
// ../shared, else the committed sample) once per iteration, the solve
// included: thread CPU time of the set and of its slowest puzzle, and the
// same for the hard share (rank 3 and up: a line solver cannot finish
// them).
func BenchmarkRateJanko(b *testing.B) {
	recs := loadJanko(b)
	defer lockThread()()
	type timed struct {
		id   string
		d    time.Duration
		rank int
	}
	var times []timed
	for b.Loop() {
		times = times[:0]
		for _, rc := range recs {
			t0 := threadCPU()
			r := rc.p.Rate(false)
			times = append(times, timed{rc.id, threadCPU() - t0, r.Rank})
			if r.Status != engine.Unique {
				b.Fatalf("%s: %v", rc.id, r.Status)
			}
		}
	}
	var total, hard time.Duration
	nhard := 0
	for _, x := range times {
		total += x.d
		if x.rank >= 3 {
			hard += x.d
			nhard++
		}
	}
	slices.SortFunc(times, func(x, y timed) int { return int(y.d - x.d) })
	b.ReportMetric(float64(len(recs)), "puzzles")
	b.ReportMetric(float64(total.Microseconds())/1000, "cpu-ms")
	b.ReportMetric(float64(times[0].d.Microseconds())/1000, "slowest-ms")
	b.ReportMetric(float64(nhard), "hard")
	b.ReportMetric(float64(hard.Microseconds())/1000, "hard-cpu-ms")
	for _, x := range times[:min(5, len(times))] {
		b.Logf("slow: %s rank %d %v", x.id, x.rank, x.d)
	}
}

// BenchmarkGenerate makes line-solvable puzzles (rank 1-2, what Tatham's
// Pattern makes) of each size, rated as the library stores them, and
// reports puzzles per CPU second of the thread.
func BenchmarkGenerate(b *testing.B) {
	for _, size := range []string{"10x10", "15x15", "20x20", "25x25", "30x30"} {
		b.Run(size, func(b *testing.B) { benchGenerate(b, size, 1, 2) })
	}
}

// BenchmarkGenerateHard makes puzzles of rank 3 (reasoning across lines).
func BenchmarkGenerateHard(b *testing.B) {
	for _, size := range []string{"10x10", "15x15", "20x20"} {
		b.Run(size, func(b *testing.B) { benchGenerate(b, size, 3, 3) })
	}
}

func benchGenerate(b *testing.B, size string, lo, hi int) {
	src, err := nonogram.Kind{}.NewSource(engine.GenOptions{MinRank: lo, MaxRank: hi, Params: engine.GenValues{"size": size}},
		rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		b.Fatal(err)
	}
	defer lockThread()()
	t0 := threadCPU()
	n := 0
	for b.Loop() {
		if _, _, err := src.Next(context.Background()); err != nil {
			b.Fatal(err)
		}
		n++
	}
	cpu := threadCPU() - t0
	b.ReportMetric(float64(n)/cpu.Seconds(), "puzzles/cpu-s")
	b.Logf("%s rank %d-%d: %s", size, lo, hi, fmt.Sprint(src.Tried()))
}
