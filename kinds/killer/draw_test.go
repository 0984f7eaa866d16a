package killer_test

import (
	"strings"
	"testing"

	"pencilbox/draw"
	"pencilbox/engine"
	"pencilbox/kinds/killer"
)

// TestDescribe: the board has the boxes, one dashed cage per cage with
// its sum as label, the givens bold and the solution over them.
func TestDescribe(t *testing.T) {
	p, err := killer.Parse(small4)
	if err != nil {
		t.Fatal(err)
	}
	b, err := killer.Kind{}.Describe(p.Givens(), small4Solution)
	if err != nil {
		t.Fatal(err)
	}
	if b.Rows != 4 || b.BoxRows != 2 || b.BoxCols != 2 || len(b.Regions) != len(p.Sums) {
		t.Fatalf("board %dx%d boxes %dx%d, %d regions", b.Rows, b.Cols, b.BoxRows, b.BoxCols, len(b.Regions))
	}
	for k, r := range b.Regions {
		if r.Style != draw.RegionCage || r.Label != []string{"1", "6", "7", "5", "6", "4", "6", "4", "1"}[k] {
			t.Errorf("region %d: %+v", k, r)
		}
	}
	if c := b.Cells[0]; c.Text != "1" || c.TextRole != draw.Given {
		t.Errorf("given cell %+v", c)
	}
	if c := b.Cells[1]; c.Text != "2" || c.TextRole != draw.Solved {
		t.Errorf("solved cell %+v", c)
	}
	// 6x6: boxes 3 wide, 2 high; candidate marks in 2 rows of 3
	six := "2x3k:zj,_a_b__aa_______a___aabaa__c_aba__b__aa,12_9a10_6e6a7_6b10_9a15_11_7g11b7c"
	b, err = killer.Kind{}.Describe(six, "")
	if err != nil {
		t.Fatal(err)
	}
	if b.BoxCols != 3 || b.BoxRows != 2 || b.MarkCols != 3 || b.MarkRows != 2 || b.Cells[0].Text != "" {
		t.Errorf("6x6 board: boxes %dx%d marks %dx%d", b.BoxCols, b.BoxRows, b.MarkCols, b.MarkRows)
	}
	if _, err := (killer.Kind{}).Describe(p.Givens(), "123"); err == nil {
		t.Error("a short solution is drawn")
	}
	if _, err := (killer.Kind{}).Describe("3x3k:", ""); err == nil {
		t.Error("a bad puzzle is drawn")
	}
}

// TestDescribeStep: the board before a step holds what the steps before
// it placed, with candidates cleared from rows, columns, boxes and cages;
// the step's marks and the houses it names are drawn; a bad log fails.
func TestDescribeStep(t *testing.T) {
	p, err := killer.Parse(small4)
	if err != nil {
		t.Fatal(err)
	}
	steps := []engine.Step{
		{Technique: "t", Sentence: "r4c4 is a cage of one cell.", Pattern: []int{15}, Place: []engine.Mark{{Cell: 15, Value: 1}}},
		{Technique: "t", Sentence: "x", Houses: []string{"row 1"}, Pattern: []int{1}, Eliminate: []engine.Mark{{Cell: 1, Value: 4}},
			Place: []engine.Mark{{Cell: 1, Value: 2}}},
	}
	b, err := killer.Kind{}.DescribeStep(p.Givens(), steps, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c := b.Cells[15]; c.Text != "1" || c.TextRole != draw.Solved {
		t.Errorf("placed cell %+v", c)
	}
	if c := b.Cells[0]; c.Text != "1" || c.TextRole != draw.Given {
		t.Errorf("given cell %+v", c)
	}
	marks := map[int]string{}
	for _, m := range b.Marks {
		marks[m.Cell] += m.Text
		if m.Cell == 1 && m.Text == "4" && m.Role != draw.Eliminated {
			t.Errorf("eliminated mark %+v", m)
		}
	}
	// r1c2: 1 is in its row (given r1c1); r4c2 loses 1 to r4c4's row
	if marks[1] != "234" || marks[13] != "234" || marks[3] != "234" || marks[12] != "234" {
		t.Errorf("marks %v", marks)
	}
	found := false
	for _, r := range b.Regions {
		found = found || r.Title == "row 1" && r.Style == draw.RegionHighlight
	}
	if !found {
		t.Error("the step's house is not drawn")
	}
	if b.Cells[1].Shade != draw.ShadeFocus {
		t.Error("the pattern is not shaded")
	}
	// the end: every step replayed
	b, err = killer.Kind{}.DescribeStep(p.Givens(), steps, 9)
	if err != nil || b.Cells[1].Text != "2" {
		t.Errorf("after the log: %v %+v", err, b.Cells[1])
	}
	for _, bad := range []struct {
		st   engine.Step
		want string
	}{
		{engine.Step{Place: []engine.Mark{{Cell: 0, Value: 2}}}, "places 2 in r1c1, which holds 1"},
		{engine.Step{Place: []engine.Mark{{Cell: 1, Value: 1}}}, "1 is not a candidate of r1c2"},
		{engine.Step{Place: []engine.Mark{{Cell: 99, Value: 1}}}, "off the grid"},
		{engine.Step{Eliminate: []engine.Mark{{Cell: 2, Value: 2}, {Cell: 2, Value: 3}, {Cell: 2, Value: 4}}}, "r1c3 has no candidate left"},
	} {
		_, err := killer.Kind{}.DescribeStep(p.Givens(), []engine.Step{bad.st, {}}, 1)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: %v, want %q", bad.st, err, bad.want)
		}
	}
}

// TestDescribeRatedSteps: every step of the rater's log on the sample
// killers draws (the replay accepts the log: placements of candidates,
// eliminations of digits), and the regions the steps name are drawn.
func TestDescribeRatedSteps(t *testing.T) {
	named, drawn := 0, 0
	for k, r := range loadJanko(t) {
		if k%4 != 0 || twoSolutions[r.id] {
			continue
		}
		p, err := killer.ParseJanko(r.n, r.problem)
		if err != nil {
			t.Fatal(err)
		}
		rt := p.Rate(true)
		if rt.Status != engine.Unique || len(rt.Steps) == 0 {
			t.Fatalf("%s: %v, %d steps", r.id, rt.Status, len(rt.Steps))
		}
		for n := range len(rt.Steps) + 1 {
			b, err := killer.Kind{}.DescribeStep(p.Givens(), rt.Steps, n)
			if err != nil {
				t.Fatalf("%s: step %d (%s): %v", r.id, n+1, rt.Steps[min(n, len(rt.Steps)-1)].Sentence, err)
			}
			if n < len(rt.Steps) {
				st := rt.Steps[n]
				names := len(st.Houses) + len(st.Base) + len(st.Cover)
				named += names
				for _, reg := range b.Regions {
					if reg.Style == draw.RegionHighlight {
						drawn++
					}
				}
			} else {
				for i, c := range b.Cells {
					if c.Text != r.solution[i:i+1] {
						t.Fatalf("%s: after the log %s holds %q, want %c", r.id, engine.CellName(i, p.N), c.Text, r.solution[i])
					}
				}
			}
		}
	}
	if named == 0 || drawn < named/2 {
		t.Errorf("steps name %d regions, %d drawn", named, drawn)
	}
}
