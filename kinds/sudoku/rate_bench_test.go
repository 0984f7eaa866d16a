package sudoku_test

import (
	"testing"

	"pencilbox/kinds/sudoku"
)

// BenchmarkRate measures full rating (rank, score, profile, hypothesis; no
// step text), one thread.
func BenchmarkRate(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			gs := loadGrids(b, set.file)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sudoku.Rate(&gs[i%len(gs)], false)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
