package engine_test

import (
	"strconv"
	"testing"

	"pencilbox/draw"
	"pencilbox/engine"
)

// board is a 4x4 board with marks in a 2x2 sub-grid (values 1-4), one
// dark cell (5).
func board() *draw.Board {
	b := &draw.Board{Rows: 4, Cols: 4, Cells: make([]draw.Cell, 16), MarkRows: 2, MarkCols: 2}
	b.Cells[5].Shade = draw.ShadeDark
	b.Marks = []draw.Mark{{Cell: 0, At: 1, Text: "1"}, {Cell: 0, At: 2, Text: "2"}}
	return b
}

// rows names the board's rows "row N".
var rows = engine.StepDrawing{Region: func(name string) ([]int, bool) {
	if len(name) != 5 || name[:4] != "row " || name[4] < '1' || name[4] > '4' {
		return nil, false
	}
	r := int(name[4] - '1')
	return []int{r * 4, r*4 + 1, r*4 + 2, r*4 + 3}, true
}}

// TestDrawStep: each part of a step lands on the board in its role, by
// shared code: the pattern shaded (framed on a shaded cell, or on a board
// that asks for frames), named regions, parts framed, eliminations and
// placements on the candidate marks (a new mark added), a contradiction at
// a region or a cell, edges drawn or crossed, a chain's dots (each
// candidate once) and arrows in order; marks off the board are skipped.
func TestDrawStep(t *testing.T) {
	b := board()
	st := engine.Step{
		Pattern:       []int{1, 5, 99, -1},
		Base:          []string{"row 1"},
		Cover:         []string{"row 4", "col 9"},
		Houses:        []string{"row 2"}, // a fish's houses are its base and cover
		Pivots:        []int{2},
		Pincers:       []int{3, 16},
		Eliminate:     []engine.Mark{{Cell: 0, Value: 2}, {Cell: 40, Value: 1}, {Cell: 1, Value: 9}},
		Place:         []engine.Mark{{Cell: 0, Value: 1}, {Cell: 4, Value: 3}},
		Contradiction: "r3c2 and r3c3 both need 4",
		Edges:         []engine.EdgeMark{{Row: 0, Col: 0, Set: true}, {Row: 4, Col: 1}, {Row: 4, Col: 4, Down: true}},
		Links: []engine.Link{
			{From: engine.Mark{Cell: 0, Value: 1}, FromOn: true, To: engine.Mark{Cell: 4, Value: 3}, Strong: true},
			{From: engine.Mark{Cell: 4, Value: 3}, To: engine.Mark{Cell: 8, Value: 3}, ToOn: true},
			{From: engine.Mark{Cell: 8, Value: 3}, To: engine.Mark{Cell: 99, Value: 1}},
		},
	}
	engine.DrawStep(b, st, rows)
	if b.Cells[1].Shade != draw.ShadeFocus || b.Cells[5].Shade != draw.ShadeDark {
		t.Errorf("pattern: cell 1 %v, dark cell 5 %v", b.Cells[1].Shade, b.Cells[5].Shade)
	}
	frames := map[string]bool{}
	for _, f := range b.Frames {
		frames[strconv.Itoa(f.Cell)+" "+f.Role.String()] = true
	}
	for _, want := range []string{"5 focus", "2 pivot", "3 pincer", "9 contra"} {
		if !frames[want] {
			t.Errorf("no frame %s in %v", want, frames)
		}
	}
	if len(b.Frames) != 4 || b.Cells[9].Shade != draw.ShadeFocus {
		t.Errorf("%d frames, contradiction cell %v", len(b.Frames), b.Cells[9].Shade)
	}
	var regions []string
	for _, r := range b.Regions {
		regions = append(regions, r.Title+" "+r.Role.String())
	}
	if len(regions) != 2 || regions[0] != "row 1 base" || regions[1] != "row 4 cover" {
		t.Errorf("regions %v", regions)
	}
	marks := map[string]draw.Role{}
	for _, m := range b.Marks {
		marks[strconv.Itoa(m.Cell)+"/"+strconv.Itoa(m.At)+" "+m.Text] = m.Role
	}
	if len(marks) != 3 || marks["0/1 1"] != draw.Placed || marks["0/2 2"] != draw.Eliminated || marks["4/3 3"] != draw.Placed {
		t.Errorf("marks %v", marks)
	}
	if len(b.Edges) != 2 || b.Edges[0] != (draw.Edge{Style: draw.EdgeLine, Role: draw.Placed}) ||
		b.Edges[1] != (draw.Edge{Row: 4, Col: 1, Style: draw.EdgeCross, Role: draw.Eliminated}) {
		t.Errorf("edges %+v", b.Edges)
	}
	if len(b.Dots) != 3 || b.Dots[0].Role != draw.On || b.Dots[1].Role != draw.Off || b.Dots[2].Role != draw.On {
		t.Errorf("dots %+v", b.Dots)
	}
	if len(b.Lines) != 2 || b.Lines[0].Role != draw.Strong || b.Lines[1].Role != draw.Weak || b.Lines[1].Order != 2 ||
		b.Lines[0].Title != "1. r1c1=1 ⇒ (strong) r2c1≠3" {
		t.Errorf("lines %+v", b.Lines)
	}

	// a board with shades of its own frames the pattern; values drawn as
	// symbols set the cell's symbol and its role
	b = board()
	engine.DrawStep(b, engine.Step{Pattern: []int{1}, Place: []engine.Mark{{Cell: 2, Value: 7}}, Eliminate: []engine.Mark{{Cell: 3, Value: 7}},
		Contradiction: "row 2"}, engine.StepDrawing{
		Region:     rows.Region,
		Value:      func(v int) (int, string, draw.Symbol) { return 0, "light", draw.Disc },
		FrameFocus: true,
	})
	if b.Cells[1].Shade != draw.ShadePlain || len(b.Frames) != 1 || b.Frames[0] != (draw.Frame{Cell: 1, Role: draw.Focus}) {
		t.Errorf("framed pattern: %+v %+v", b.Cells[1], b.Frames)
	}
	if b.Cells[2].Symbol != draw.Disc || b.Cells[2].SymbolRole != draw.Placed || b.Cells[3].Symbol != draw.NoSymbol || b.Cells[3].SymbolRole != draw.Eliminated {
		t.Errorf("symbols: %+v %+v", b.Cells[2], b.Cells[3])
	}
	if len(b.Regions) != 1 || b.Regions[0].Role != draw.Contra {
		t.Errorf("a contradiction in a region: %+v", b.Regions)
	}
}

// TestReplaySteps: the shared replay draws what steps placed: a value's
// text as solved (the cell's marks gone), a symbol, an elimination's mark
// removed, an edge drawn and later crossed (one edge, the last word); a
// step that places into a filled cell or names a cell or edge off the
// board is an error naming the step.
func TestReplaySteps(t *testing.T) {
	b := board()
	b.Marks = append(b.Marks, draw.Mark{Cell: 2, At: 3, Text: "3"}, draw.Mark{Cell: 2, At: 4, Text: "4"})
	steps := []engine.Step{
		{Eliminate: []engine.Mark{{Cell: 0, Value: 2}}, Edges: []engine.EdgeMark{{Row: 0, Col: 0, Set: true}}},
		{Place: []engine.Mark{{Cell: 2, Value: 4}}, Edges: []engine.EdgeMark{{Row: 0, Col: 0}, {Row: 1, Col: 4, Down: true, Set: true}}},
	}
	if err := engine.ReplaySteps(b, steps, engine.StepDrawing{}); err != nil {
		t.Fatal(err)
	}
	if b.Cells[2].Text != "4" || b.Cells[2].TextRole != draw.Solved {
		t.Errorf("placed cell %+v", b.Cells[2])
	}
	if len(b.Marks) != 1 || b.Marks[0] != (draw.Mark{Cell: 0, At: 1, Text: "1"}) {
		t.Errorf("marks %+v, want cell 0's 1 alone", b.Marks)
	}
	if len(b.Edges) != 2 || b.Edges[0] != (draw.Edge{Style: draw.EdgeCross}) || b.Edges[1] != (draw.Edge{Row: 1, Col: 4, Down: true}) {
		t.Errorf("edges %+v", b.Edges)
	}
	sym := engine.StepDrawing{Value: func(int) (int, string, draw.Symbol) { return 0, "light", draw.Disc }}
	if err := engine.ReplaySteps(b, []engine.Step{{Place: []engine.Mark{{Cell: 3, Value: 1}}}}, sym); err != nil || b.Cells[3].Symbol != draw.Disc {
		t.Errorf("a symbol placed: %v, %+v", err, b.Cells[3])
	}
	for _, tc := range []struct {
		step engine.Step
		want string
	}{
		{engine.Step{Place: []engine.Mark{{Cell: 2, Value: 1}}}, "step 2: places 1 in r1c3, which holds 4"},
		{engine.Step{Place: []engine.Mark{{Cell: 16, Value: 1}}}, "step 2: placement in cell 16, off the board"},
		{engine.Step{Eliminate: []engine.Mark{{Cell: -1, Value: 1}}}, "step 2: elimination in cell -1, off the board"},
		{engine.Step{Edges: []engine.EdgeMark{{Row: 4, Col: 0, Down: true}}}, "step 2: edge at row 5, column 1 off the board"},
	} {
		err := engine.ReplaySteps(b, []engine.Step{{}, tc.step}, engine.StepDrawing{})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %q", tc.step, err, tc.want)
		}
	}
}
