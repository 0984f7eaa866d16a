package sudoku_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

// TestImage: a printed image of a 17-clue puzzle is the same puzzle (same
// canonical form, unique) with the solution the image's own, differs from
// the stored form, and the same choice gives it again.
func TestImage(t *testing.T) {
	k := sudoku.Kind{}
	const givens = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
	p, err := k.Parse(givens)
	if err != nil {
		t.Fatal(err)
	}
	r := p.Solve()
	if r.Status != engine.Unique {
		t.Fatalf("sample is %v", r.Status)
	}
	seen := map[string]bool{}
	for choice := uint64(1); choice <= 20; choice++ {
		g, s, err := k.Image(givens, r.Solution, choice)
		if err != nil {
			t.Fatal(err)
		}
		q, err := k.Parse(g)
		if err != nil {
			t.Fatalf("choice %d: image %q: %v", choice, g, err)
		}
		if q.Canonical() != p.Canonical() {
			t.Errorf("choice %d: image %s is another puzzle", choice, g)
		}
		if qr := q.Solve(); qr.Status != engine.Unique || qr.Solution != s {
			t.Errorf("choice %d: image's solution %s, Image gave %s", choice, qr.Solution, s)
		}
		g2, s2, _ := k.Image(givens, r.Solution, choice)
		if g2 != g || s2 != s {
			t.Errorf("choice %d: a second call gave another image", choice)
		}
		seen[g] = true
	}
	if len(seen) < 19 || seen[givens] {
		t.Errorf("20 choices gave %d images (stored form among them: %v)", len(seen), seen[givens])
	}
	if g, s, _ := k.Image(givens, r.Solution, 0); g != givens || s != r.Solution {
		t.Errorf("choice 0 changed the puzzle: %s", g)
	}
	if _, _, err := k.Image("12", "", 5); err == nil {
		t.Error("Image took a malformed puzzle")
	}
}
