package synth_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/synth"
)

func TestGenerate(t *testing.T) {
	f, err := os.Open("../../../data/sample/sudoku_17_clue.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	bases, err := synth.ReadBases(f)
	if err != nil || len(bases) < 30 {
		t.Fatalf("%d bases, %v", len(bases), err)
	}
	var a, b bytes.Buffer
	n, err := synth.Generate(bases, &a, synth.Options{N: 500, Seed: 7, Note: true})
	if err != nil || n != 500 {
		t.Fatalf("wrote %d, %v", n, err)
	}
	synth.Generate(bases, &b, synth.Options{N: 500, Seed: 7, Note: true})
	if a.String() != b.String() {
		t.Error("not deterministic")
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(a.String()), "\n") {
		g, err := sudoku.ParseLine(line)
		if err != nil {
			t.Fatal(err)
		}
		if g.Clues() != 18 || !strings.Contains(line, " plus r") {
			t.Fatalf("line %q", line)
		}
		if n, _ := sudoku.Solve(&g); n != 1 {
			t.Fatalf("%q has %d solutions", line, n)
		}
		c := sudoku.Canonical(&g)
		if seen[c] {
			t.Fatalf("%q repeats a puzzle", line)
		}
		seen[c] = true
	}
	// Asking for more than the bases give stops at what they give.
	var all bytes.Buffer
	n, _ = synth.Generate(bases[:2], &all, synth.Options{N: 1000})
	if n == 0 || n > 2*64 {
		t.Errorf("two bases gave %d puzzles", n)
	}
}
