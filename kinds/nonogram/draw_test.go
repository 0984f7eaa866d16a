package nonogram_test

import (
	"slices"
	"testing"

	"pencilbox/draw"
	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

func TestDescribe(t *testing.T) {
	k := nonogram.Kind{}
	// A plus in a 3x3 with an empty last row: 4x3 columns, clue "0".
	p := mustParse(t, "3x4:1/3/1/1/3/1/")
	b, err := k.Describe(p.Givens(), "")
	if err != nil {
		t.Fatal(err)
	}
	if b.Rows != 4 || b.Cols != 3 || len(b.Cells) != 12 {
		t.Fatalf("board %dx%d with %d cells", b.Cols, b.Rows, len(b.Cells))
	}
	if !slices.Equal(b.Top[1], []string{"3"}) || !slices.Equal(b.Left[3], []string{"0"}) || draw.Clues(b.Left) != 1 {
		t.Errorf("clues top %v left %v", b.Top, b.Left)
	}
	r := p.Solve()
	b, err = k.Describe(p.Givens(), r.Solution)
	if err != nil {
		t.Fatal(err)
	}
	var dark []int
	for i, c := range b.Cells {
		if c.Shade == draw.ShadeDark {
			dark = append(dark, i)
		}
	}
	if !slices.Equal(dark, []int{1, 3, 4, 5, 7}) {
		t.Errorf("solution's filled cells %v", dark)
	}
	if _, err := k.Describe(p.Givens(), "111/000"); err == nil {
		t.Error("a solution of the wrong size is drawn")
	}
	// Margins sized to the longest clue.
	q := mustParse(t, "9x1:1//1//1//1//1/1.1.1.1.1")
	qb, _ := k.Describe(q.Givens(), "")
	if draw.Clues(qb.Left) != 5 || draw.Clues(qb.Top) != 1 {
		t.Errorf("margins %d, %d", draw.Clues(qb.Left), draw.Clues(qb.Top))
	}
}

func TestDescribeStep(t *testing.T) {
	k := nonogram.Kind{}
	p := mustParse(t, "3x3:1/3/1/1/3/1")
	steps := []engine.Step{
		{Technique: "x", Houses: []string{"row 2"}, Place: []engine.Mark{{Cell: 3, Value: int(nonogram.CellFilled)}, {Cell: 4, Value: int(nonogram.CellFilled)}, {Cell: 5, Value: int(nonogram.CellFilled)}}},
		{Technique: "x", Houses: []string{"column 1"}, Pattern: []int{3}, Place: []engine.Mark{{Cell: 0, Value: int(nonogram.CellEmpty)}, {Cell: 6, Value: int(nonogram.CellEmpty)}}},
	}
	b, err := k.DescribeStep(p.Givens(), steps, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Before step 2: row 2 filled; step 2's line highlighted, its crosses marked.
	for _, c := range []int{3, 4, 5} {
		if b.Cells[c].Shade != draw.ShadeDark {
			t.Errorf("cell %d not filled", c)
		}
	}
	if len(b.Regions) != 1 || !slices.Equal(b.Regions[0].Cells, []int{0, 3, 6}) || b.Regions[0].Title != "column 1" {
		t.Errorf("regions %+v", b.Regions)
	}
	if b.Cells[0].Symbol != draw.Cross || b.Cells[0].SymbolRole != draw.Placed {
		t.Errorf("cell 0: %+v", b.Cells[0])
	}
	// After both steps: the crosses stay, no highlight.
	b, err = k.DescribeStep(p.Givens(), steps, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Regions) != 0 || b.Cells[6].Symbol != draw.Cross || b.Cells[6].SymbolRole != draw.None {
		t.Errorf("after: regions %d, cell 6 %+v", len(b.Regions), b.Cells[6])
	}
	// A mark off the board is an error, not a panic.
	bad := []engine.Step{{Place: []engine.Mark{{Cell: 99, Value: 1}}}}
	if _, err := k.DescribeStep(p.Givens(), bad, 1); err == nil {
		t.Error("a mark off the board is drawn")
	}
	// Step 0 of a row step: the row's cells a disc each.
	b, _ = k.DescribeStep(p.Givens(), steps, 0)
	if b.Cells[4].Symbol != draw.Disc || b.Regions[0].Title != "row 2" {
		t.Errorf("step 1: cell 4 %+v", b.Cells[4])
	}
}
