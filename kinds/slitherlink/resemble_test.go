package slitherlink_test

import (
	"strings"
	"testing"

	"pencilbox/kinds/slitherlink"
)

// TestSolutionKey: every image of a puzzle has its key; the same loop
// with a clue fewer has it too (near); another loop has another key; a
// malformed solution is refused.
func TestSolutionKey(t *testing.T) {
	k := slitherlink.Kind{}
	p, err := slitherlink.Parse("7x7t0:3a2b1b3a3a111a032b2a2a12a3a1b2b22b3b2222a3")
	if err != nil {
		t.Fatal(err)
	}
	sol := p.Solve().Solution
	key, err := k.SolutionKey(p, "")
	if err != nil {
		t.Fatal(err)
	}
	for s := 1; s < 8; s++ {
		if got, err := k.SolutionKey(p.Transform(s), ""); err != nil || got != key {
			t.Errorf("image %d: key %q, %v; want %q", s, got, err, key)
		}
	}
	fewer := *p
	fewer.Clue = append([]int8(nil), p.Clue...)
	for i, c := range fewer.Clue {
		if c != slitherlink.NoClue {
			fewer.Clue[i] = slitherlink.NoClue
			break
		}
	}
	if got, err := k.SolutionKey(&fewer, sol); err != nil || got != key {
		t.Errorf("a clue dropped: key %q, %v; want %q", got, err, key)
	}
	other, err := slitherlink.Parse("7x7t0:3a33a2a2a0a1c3a3a3231121b2a1b3b3a22c22a32a")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := k.SolutionKey(other, ""); err != nil || got == key {
		t.Errorf("another loop: key %q, %v", got, err)
	}
	if _, err := k.SolutionKey(p, strings.Repeat("1", 5)); err == nil {
		t.Error("a solution of 5 cells for 49 was taken")
	}
}
