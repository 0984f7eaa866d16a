package explainer_test

import (
	"testing"

	"pencilbox/engine/sudoku/explainer"
)

// BenchmarkRate17Clue rates the 17-clue collection (49,158 puzzles, mostly
// easy), one puzzle per op, one thread (needs ../shared).
func BenchmarkRate17Clue(b *testing.B) {
	gs := puzzles(b, "data/sudoku/17_clue.txt", 0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := gs[i%len(gs)]
		if r := explainer.Rate(&g, explainer.Options{}); r.Err != nil {
			b.Log(r.Err)
		}
	}
}

// BenchmarkRateSteps17Clue is the same with the step log built.
func BenchmarkRateSteps17Clue(b *testing.B) {
	gs := puzzles(b, "data/sudoku/17_clue.txt", 0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := gs[i%len(gs)]
		if r := explainer.Rate(&g, explainer.Options{Steps: true}); r.Err != nil {
			b.Log(r.Err)
		}
	}
}
