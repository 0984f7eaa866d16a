package slitherlink_test

import (
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkLadderTatham10 rates (Rate) the 10x10 Tatham dev puzzles of
// one level, one puzzle per op: the ladder alone, as none needs search.
func BenchmarkLadderTatham10(b *testing.B) {
	all := loadSgt(b)
	for _, lv := range []string{"Easy", "Normal", "Tricky", "Hard"} {
		var set []sgtRec
		for _, r := range all {
			if strings.HasPrefix(r.id, "10x10") && r.level == levelOf[lv] {
				set = append(set, r)
			}
		}
		b.Run(lv, func(b *testing.B) {
			start := processCPU()
			for i := 0; i < b.N; i++ {
				r := set[i%len(set)]
				r.p.Rate(false)
			}
			b.ReportMetric(float64((processCPU()-start).Microseconds())/float64(b.N), "cpu-us/op")
		})
	}
}

// processCPU is the CPU time this process has used: the machine is shared,
// so times are also given in CPU, which other work disturbs less.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRateJanko rates every Janko dev puzzle (Rate: the ladder, and a
// solve only for those that need search) once per iteration, reporting
// the whole file's CPU time and the slowest puzzle (wall and CPU).
func BenchmarkRateJanko(b *testing.B) {
	js := loadJanko(b)
	b.ResetTimer()
	var slow, slowCPU time.Duration
	var slowID string
	start := processCPU()
	for range b.N {
		for _, j := range js {
			t0, c0 := time.Now(), processCPU()
			rt := j.p.Rate(false)
			if d := time.Since(t0); d > slow {
				slow, slowID, slowCPU = d, j.id, processCPU()-c0
			}
			if rt.Solution != j.solution {
				b.Fatalf("%s: %v, not the published solution", j.id, rt.Status)
			}
		}
	}
	b.ReportMetric(float64(len(js)), "puzzles")
	b.ReportMetric((processCPU()-start).Seconds()/float64(b.N), "cpu-s/file")
	b.ReportMetric(float64(slow.Microseconds())/1000, "slowest-ms")
	b.Logf("slowest %s %v wall, %v CPU", slowID, slow, slowCPU)
}
