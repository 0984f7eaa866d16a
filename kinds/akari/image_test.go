package akari_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

// TestImage: a printed image of an Akari is the same puzzle (same
// canonical form) whose solution is the image's own, the same choice gives
// it again, and choices reach more than one of the 8 images.
func TestImage(t *testing.T) {
	k := akari.Kind{}
	const givens = "6x6:h4g2b0g1h"
	p, err := k.Parse(givens)
	if err != nil {
		t.Fatal(err)
	}
	r := p.Solve()
	if r.Status != engine.Unique {
		t.Fatalf("sample is %v", r.Status)
	}
	seen := map[string]bool{}
	for choice := uint64(1); choice <= 40; choice++ {
		g, s, err := k.Image(p.Givens(), r.Solution, choice)
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
		if g2, s2, _ := k.Image(p.Givens(), r.Solution, choice); g2 != g || s2 != s {
			t.Errorf("choice %d: a second call gave another image", choice)
		}
		seen[g] = true
	}
	if len(seen) < 6 {
		t.Errorf("40 choices gave %d of the 8 images", len(seen))
	}
	if _, _, err := k.Image(p.Givens(), "L#", 3); err == nil {
		t.Error("Image took a solution of the wrong size")
	}
}
