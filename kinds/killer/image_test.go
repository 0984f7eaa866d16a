package killer_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/killer"
)

// TestImage: a printed image (publications printed as random images) is
// the same puzzle (same canonical form) whose solution is the image's
// own; the same choice gives it again; choices reach several images.
func TestImage(t *testing.T) {
	k := killer.Kind{}
	p, err := k.Parse("2x3kada:zj,_a_b__aa_______a___aabaa__c_aba__b__aa,12_9a10_6e6a7_6b10_9a15_11_7g11b7c")
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
	if len(seen) < 4-2 {
		t.Errorf("40 choices gave %d of the 4 images", len(seen))
	}
	if g, s, _ := k.Image(p.Givens(), r.Solution, 0); g != p.Givens() || s != r.Solution {
		t.Errorf("choice 0 changed the puzzle: %s", g)
	}
	if _, _, err := k.Image(p.Givens(), "12", 3); err == nil {
		t.Error("Image took a solution of the wrong size")
	}
}
