package akari_test

import (
	"strings"
	"testing"

	"pencilbox/draw"
	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

// TestDescribe: an Akari's board is its black cells (dark), its clues on
// them, and with the solution its lights (discs) and lit cells; a
// solution of the wrong length is refused, not drawn askew.
func TestDescribe(t *testing.T) {
	const id = "3x3:a1c2c" // . 1 . / . . 2 / . . .
	b, err := akari.Kind{}.Describe(id, "")
	if err != nil {
		t.Fatal(err)
	}
	if b.Rows != 3 || b.Cols != 3 || b.Cells[1] != (draw.Cell{Shade: draw.ShadeDark, Text: "1", TextRole: draw.Clue}) || b.Cells[0] != (draw.Cell{}) {
		t.Fatalf("givens: %+v", b)
	}
	p, err := akari.Parse(id)
	if err != nil {
		t.Fatal(err)
	}
	r := p.Solve()
	sol, err := akari.Kind{}.Describe(id, r.Solution)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range sol.Cells {
		want := draw.Cell{Shade: draw.ShadeLit}
		switch r.Solution[i] {
		case 'L':
			want.Symbol = draw.Disc
		case '#':
			want = b.Cells[i]
		}
		if c != want {
			t.Errorf("cell %d (%c): %+v, want %+v", i, r.Solution[i], c, want)
		}
	}
	if _, err := (akari.Kind{}).Describe(id, r.Solution[1:]); err == nil || !strings.Contains(err.Error(), "solution of 8 cells") {
		t.Errorf("a short solution: %v", err)
	}
}

// TestDescribeStep: a step's pattern cells are framed (focus) and its
// placements drawn in its role: a light placed, a no-light mark placed.
func TestDescribeStep(t *testing.T) {
	const id = "3x3:a1c2c"
	p, err := akari.Parse(id)
	if err != nil {
		t.Fatal(err)
	}
	rt := p.Rate(true)
	if len(rt.Steps) == 0 {
		t.Fatal("no steps")
	}
	b, err := akari.Kind{}.DescribeStep(id, rt.Steps, 0)
	if err != nil {
		t.Fatal(err)
	}
	st := rt.Steps[0]
	if len(b.Frames) != len(st.Pattern) {
		t.Errorf("%d frames for a pattern of %d cells", len(b.Frames), len(st.Pattern))
	}
	for _, m := range st.Place {
		c := b.Cells[m.Cell]
		want := draw.SmallDot
		if m.Value == akari.Light {
			want = draw.Disc
		}
		if c.SymbolRole != draw.Placed || c.Symbol != want {
			t.Errorf("placement %+v drawn as %+v", m, c)
		}
	}
	if _, err := (akari.Kind{}).DescribeStep(id, []engine.Step{{Place: []engine.Mark{{Cell: 1, Value: akari.Light}}}}, 1); err == nil {
		t.Error("a step placing a light on a clue replays")
	}
}
