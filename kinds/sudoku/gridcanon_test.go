package sudoku_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
)

// solutionGrids solves the committed 17-clue sample: 200 solution grids.
func solutionGrids(tb testing.TB) []sudoku.Grid {
	tb.Helper()
	var out []sudoku.Grid
	for _, l := range shared.LinesOrSample(tb, "data/sudoku/17_clue.txt") {
		if len(out) == 200 {
			break
		}
		g, err := sudoku.ParseLine(l)
		if err != nil {
			continue
		}
		p := &sudoku.Puzzle{Grid: g}
		r := p.Solve()
		s, err := sudoku.ParseLine(r.Solution)
		if err != nil {
			tb.Fatalf("%s: %v", l, err)
		}
		out = append(out, s)
	}
	if len(out) < 100 {
		tb.Fatalf("%d grids", len(out))
	}
	return out
}

// TestFullCanonical: on solution grids, FullCanonical is Canonical (the
// true minlex form, so keys stored before it stay valid), and every
// random image of a grid has the same form.
func TestFullCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i, g := range solutionGrids(t) {
		want := sudoku.Canonical(&g)
		if got := sudoku.FullCanonical(&g); got != want {
			t.Fatalf("grid %d %s:\nFullCanonical %s\nCanonical     %s", i, g.String(), got, want)
		}
		if i%10 == 0 {
			img := sudoku.RandomSymmetry(rng).Apply(&g)
			if got := sudoku.FullCanonical(&img); got != want {
				t.Fatalf("an image of grid %d: %s, want %s", i, got, want)
			}
		}
	}
	// a grid's rows are all 1..9 after relabelling: the form starts so
	g := solutionGrids(t)[0]
	if f := sudoku.FullCanonical(&g); !strings.HasPrefix(f, "123456789") {
		t.Errorf("form %s does not start with 123456789", f)
	}
}

func BenchmarkFullCanonical(b *testing.B) {
	gs := solutionGrids(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		sudoku.FullCanonical(&gs[i%len(gs)])
	}
}

func BenchmarkCanonicalOfSolution(b *testing.B) {
	gs := solutionGrids(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		sudoku.Canonical(&gs[i%len(gs)])
	}
}
