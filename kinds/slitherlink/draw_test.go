package slitherlink_test

import (
	"testing"

	"pencilbox/draw"
	"pencilbox/engine"
	"pencilbox/kinds/slitherlink"
)

func TestDescribe(t *testing.T) {
	k := slitherlink.Kind{}
	b, err := k.Describe("3x2t0:3e", "110/100")
	if err != nil {
		t.Fatal(err)
	}
	if b.Rows != 2 || b.Cols != 3 || b.Grid != draw.GridDots || b.Cells[0].Text != "3" || b.Cells[1].Text != "" {
		t.Fatalf("board %dx%d grid %v cells %+v", b.Rows, b.Cols, b.Grid, b.Cells)
	}
	// The L-shaped loop around r1c1, r1c2 and r2c1 has 8 sides.
	want := map[draw.Edge]bool{
		{Row: 0, Col: 0}: true, {Row: 0, Col: 1}: true, {Row: 1, Col: 1}: true, {Row: 2, Col: 0}: true,
		{Row: 0, Col: 0, Down: true}: true, {Row: 1, Col: 0, Down: true}: true,
		{Row: 0, Col: 2, Down: true}: true, {Row: 1, Col: 1, Down: true}: true,
	}
	if len(b.Edges) != len(want) {
		t.Errorf("%d edges, want %d: %+v", len(b.Edges), len(want), b.Edges)
	}
	for _, e := range b.Edges {
		if !want[e] {
			t.Errorf("edge %+v is not on the loop", e)
		}
	}
	for _, bad := range []string{"110", "110/10"} {
		if _, err := k.Describe("3x2t0:3e", bad); err == nil {
			t.Errorf("solution %q accepted", bad)
		}
	}
	if _, err := k.Describe("3x2t0:3", ""); err == nil {
		t.Error("bad givens accepted")
	}
}

func TestDescribeStep(t *testing.T) {
	k := slitherlink.Kind{}
	steps := []engine.Step{
		{Pattern: []int{0}, Edges: []engine.EdgeMark{{Row: 0, Col: 0, Set: true}, {Row: 0, Col: 0, Down: true, Set: true}}},
		{Pattern: []int{1}, Edges: []engine.EdgeMark{{Row: 0, Col: 2, Down: true}}},
	}
	b, err := k.DescribeStep("3x2t0:3e", steps, 1)
	if err != nil {
		t.Fatal(err)
	}
	var lines, crosses int
	for _, e := range b.Edges {
		switch {
		case e.Style == draw.EdgeLine && e.Role == draw.None:
			lines++
		case e.Style == draw.EdgeCross && e.Role == draw.Eliminated && e.Down && e.Col == 2:
			crosses++
		default:
			t.Errorf("unexpected edge %+v", e)
		}
	}
	if lines != 2 || crosses != 1 || b.Cells[1].Shade != draw.ShadeFocus || b.Cells[0].Shade != draw.ShadePlain {
		t.Errorf("lines %d crosses %d, cells %+v", lines, crosses, b.Cells[:2])
	}
	bad := []engine.Step{{Edges: []engine.EdgeMark{{Row: 9, Col: 0}}}}
	if _, err := k.DescribeStep("3x2t0:3e", bad, 1); err == nil {
		t.Error("an edge off the board replayed")
	}
}

// TestStepsDrawTheSolution: the board after the last step of a rating's
// log draws in exactly the solution's loop and crosses every other edge,
// on sample puzzles of several ranks, so the steps' edges and the
// describer's agree on where each edge is.
func TestStepsDrawTheSolution(t *testing.T) {
	k := slitherlink.Kind{}
	n := 0
	for _, j := range loadJanko(t) {
		if j.p.W*j.p.H > 100 {
			continue
		}
		n++
		r := j.p.Rate(true)
		if r.Status != engine.Unique || len(r.Steps) == 0 {
			t.Fatalf("%s: %v, %d steps", j.id, r.Status, len(r.Steps))
		}
		after, err := k.DescribeStep(j.p.Givens(), r.Steps, len(r.Steps))
		if err != nil {
			t.Fatal(err)
		}
		solved, err := k.Describe(j.p.Givens(), r.Solution)
		if err != nil {
			t.Fatal(err)
		}
		loop := map[draw.Edge]bool{}
		for _, e := range solved.Edges {
			loop[e] = true
		}
		lines, crosses := 0, 0
		for _, e := range after.Edges {
			e.Role = draw.None
			switch e.Style {
			case draw.EdgeLine:
				lines++
				if !loop[e] {
					t.Errorf("%s: the steps draw %+v, off the loop", j.id, e)
				}
			case draw.EdgeCross:
				crosses++
				e.Style = draw.EdgeLine
				if loop[e] {
					t.Errorf("%s: the steps cross %+v, on the loop", j.id, e)
				}
			}
		}
		all := (j.p.H+1)*j.p.W + j.p.H*(j.p.W+1)
		if lines != len(loop) || lines+crosses != all {
			t.Errorf("%s: the steps draw %d lines and %d crosses; the loop has %d of %d edges", j.id, lines, crosses, len(loop), all)
		}
	}
	if n < 10 {
		t.Fatalf("%d puzzles checked", n)
	}
}
