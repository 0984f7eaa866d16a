package sudoku_test

import (
	"strings"
	"testing"

	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
)

// BenchmarkCanonical reports microseconds per puzzle over whole files.
func BenchmarkCanonical(b *testing.B) {
	sets := []struct{ name, rel string }{
		{"17clue", "data/sudoku/17_clue.txt"},
		{"hardest1905_11plus", "data/sudoku/forum_hardest_1905_11plus.txt"},
		{"vectors", "data/sudoku/minlex_vectors_400.txt"},
	}
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			var gs []sudoku.Grid
			for _, l := range shared.Lines(b, set.rel) {
				g, err := sudoku.ParseLine(strings.Fields(l)[0])
				if err != nil {
					b.Fatal(err)
				}
				gs = append(gs, g)
			}
			n := 0
			for b.Loop() {
				for i := range gs {
					sudoku.Canonical(&gs[i])
				}
				n += len(gs)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "µs/puzzle")
		})
	}
}

// BenchmarkCanonicalEdge times the tie-heavy edge cases one grid at a time.
func BenchmarkCanonicalEdge(b *testing.B) {
	cases := []struct{ name, line string }{
		{"empty", strings.Repeat(".", 81)},
		{"one", strings.Repeat(".", 40) + "5" + strings.Repeat(".", 40)},
		{"full", "123456789456789123789123456214365897365897214897214365531642978642978531978531642"},
		{"fullsym", "123456789456789123789123456234567891567891234891234567345678912678912345912345678"},
		{"diag", "1...........2...........3...........4...........5...........6...........7........"},
	}
	for _, cs := range cases {
		b.Run(cs.name, func(b *testing.B) {
			g, err := sudoku.ParseLine(cs.line)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				sudoku.Canonical(&g)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1000/float64(b.N), "µs/puzzle")
		})
	}
}
