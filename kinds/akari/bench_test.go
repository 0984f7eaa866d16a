package akari_test

import (
	"testing"
	"time"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

func parseAll(tb testing.TB, recs []record) []*akari.Puzzle {
	tb.Helper()
	ps := make([]*akari.Puzzle, len(recs))
	for i, rc := range recs {
		p, err := akari.ParseTatham(rc.tatham)
		if err != nil {
			tb.Fatalf("%s: %v", rc.id, err)
		}
		ps[i] = p
	}
	return ps
}

// BenchmarkJankoSolve solves all 749 Janko puzzles once per iteration, one
// thread. It reports the total and the slowest puzzle.
func BenchmarkJankoSolve(b *testing.B) {
	recs := loadJanko(b)
	ps := parseAll(b, recs)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var slow time.Duration
		slowID := ""
		for j, p := range ps {
			t0 := time.Now()
			if r := p.Solve(); r.Status != engine.Unique {
				b.Fatalf("%s: %v", recs[j].id, r.Status)
			}
			if d := time.Since(t0); d > slow {
				slow, slowID = d, recs[j].id
			}
		}
		b.ReportMetric(float64(slow.Microseconds())/1000, "slowest-ms")
		if i == 0 {
			b.Logf("slowest %s %v", slowID, slow)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/749")
}

// BenchmarkJankoRate rates all 749 Janko puzzles (without steps).
func BenchmarkJankoRate(b *testing.B) {
	recs := loadJanko(b)
	ps := parseAll(b, recs)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var slow time.Duration
		slowID := ""
		for j, p := range ps {
			t0 := time.Now()
			if r := p.Rate(false); r.Status != engine.Unique {
				b.Fatalf("%s: %v", recs[j].id, r.Status)
			}
			if d := time.Since(t0); d > slow {
				slow, slowID = d, recs[j].id
			}
		}
		b.ReportMetric(float64(slow.Microseconds())/1000, "slowest-ms")
		if i == 0 {
			b.Logf("slowest %s %v", slowID, slow)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/749")
}
