package akari_test

import (
	"testing"

	"pencilbox/kinds/akari"
)

// TestSolutionKey: every image of a puzzle has its key; a puzzle with the
// same walls and lights but a number dropped has it too (it is near); a
// different board has another.
func TestSolutionKey(t *testing.T) {
	k := akari.Kind{}
	p := mustParse(t, "10x10:1h1cBgBc2bBh1e4l2e2hBb2cBg0c1h1")
	key, err := k.SolutionKey(p, "")
	if err != nil {
		t.Fatal(err)
	}
	for s := 1; s < 8; s++ {
		q := p.Transform(s)
		if got, err := k.SolutionKey(q, ""); err != nil || got != key {
			t.Errorf("image %d: key %q, %v; want %q", s, got, err, key)
		}
	}
	// The same walls and lights with the first number dropped: near.
	fewer := mustParse(t, "10x10:Bh1cBgBc2bBh1e4l2e2hBb2cBg0c1h1")
	if got, err := k.SolutionKey(fewer, p.Solve().Solution); err != nil || got != key {
		t.Errorf("a number dropped: key %q, %v; want %q", got, err, key)
	}
	other := mustParse(t, "10x10:d10c1a0Bc1fBb1cBb2d1aBd0aBdBa1dBa4d2bBcBb1f2cB3aBcBBd")
	if got, err := k.SolutionKey(other, ""); err != nil || got == key {
		t.Errorf("another board: key %q, %v", got, err)
	}
	if _, err := k.SolutionKey(p, "L"); err == nil {
		t.Error("a solution of 1 cell for 100 was taken")
	}
}
