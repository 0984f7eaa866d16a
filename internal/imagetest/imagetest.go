// Package imagetest checks a kind's engine.Imager the same way for every
// kind: the tests of the kinds' packages call Check.
package imagetest

import (
	"testing"

	"pencilbox/engine"
)

// Check asks k for the images of givens (a puzzle with one solution) under
// choices 1-40 and fails t unless each is the same puzzle (same canonical
// form) whose solution is the image's own, the same choice gives it again,
// at least distinct of them differ, choice 0 is the puzzle as given, and
// a solution of the wrong size is refused.
func Check(t *testing.T, k engine.Imager, givens string, distinct int) {
	t.Helper()
	p, err := k.Parse(givens)
	if err != nil {
		t.Fatal(err)
	}
	r := p.Solve()
	if r.Status != engine.Unique {
		t.Fatalf("%s is %v, want unique", givens, r.Status)
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
			t.Errorf("choice %d: the image's solution is %s, Image gave %s", choice, qr.Solution, s)
		}
		if g2, s2, _ := k.Image(p.Givens(), r.Solution, choice); g2 != g || s2 != s {
			t.Errorf("choice %d: a second call gave another image", choice)
		}
		seen[g] = true
	}
	if len(seen) < distinct {
		t.Errorf("40 choices gave %d images, want at least %d", len(seen), distinct)
	}
	if g, s, _ := k.Image(p.Givens(), r.Solution, 0); g != p.Givens() || s != r.Solution {
		t.Errorf("choice 0 changed the puzzle: %s", g)
	}
	if _, _, err := k.Image(p.Givens(), "12", 3); err == nil {
		t.Error("Image took a solution of the wrong size")
	}
}
