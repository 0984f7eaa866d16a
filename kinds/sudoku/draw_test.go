package sudoku_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pencilbox/draw"
	"pencilbox/draw/svg"
	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

const stepGivens = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

// TestSudokuStepDrawing: each part of a step a reader needs is described
// and drawn by the shared SVG back end: a
// fish's base and cover houses, a wing's pivot and pincers, a
// contradiction's cell, a single's house, and one arrow per chain link
// (strong solid, weak dashed, in the links' order) between candidate
// dots; the board has its row and column labels and is at least 540 px.
func TestSudokuStepDrawing(t *testing.T) {
	chain := []engine.Link{
		{From: engine.Mark{Cell: 1, Value: 2}, FromOn: true, To: engine.Mark{Cell: 1, Value: 6}, Strong: false},
		{From: engine.Mark{Cell: 1, Value: 6}, To: engine.Mark{Cell: 10, Value: 6}, ToOn: true, Strong: true},
		{From: engine.Mark{Cell: 10, Value: 6}, FromOn: true, To: engine.Mark{Cell: 12, Value: 6}, Strong: false},
	}
	for _, tc := range []struct {
		name string
		step engine.Step
		want map[string]int // element pattern -> count
	}{
		{"fish", engine.Step{Technique: "X-Wing", Base: []string{"row 2", "row 7"}, Cover: []string{"column 3", "column 8"}},
			map[string]int{`class="region base"`: 2, `class="region cover"`: 2, `class="link`: 0}},
		{"wing", engine.Step{Technique: "XY-Wing", Pivots: []int{40}, Pincers: []int{36, 44}},
			map[string]int{`class="frame pivot"`: 1, `class="frame pincer"`: 2}},
		{"single", engine.Step{Technique: "Hidden Single", Houses: []string{"box 5"}},
			map[string]int{`class="region unit"`: 1}},
		{"negation", engine.Step{Technique: "negation", Contradiction: "r4c8"},
			map[string]int{`class="frame contra"`: 1}},
		{"chain", engine.Step{Technique: "Forcing Chain", Links: chain},
			map[string]int{`class="link weak"`: 2, `class="link strong"`: 1, `class="node on"`: 2, `class="node off"`: 2, `marker-end="url(#arrowhead)"`: 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := sudoku.Kind{}.DescribeStep(stepGivens, []engine.Step{tc.step}, 0)
			if err != nil {
				t.Fatal(err)
			}
			out := string(svg.Board(b, "board fit"))
			for pat, n := range tc.want {
				if got := strings.Count(out, pat); got != n {
					t.Errorf("%d of %s, want %d", got, pat, n)
				}
			}
			if tc.name == "chain" {
				orders := regexp.MustCompile(`data-order="(\d+)"`).FindAllStringSubmatch(out, -1)
				for i, o := range orders {
					if o[1] != strconv.Itoa(i+1) {
						t.Errorf("arrow %d drawn as link %s", i+1, o[1])
					}
				}
			}
			for _, label := range []string{">r1<", ">r9<", ">c1<", ">c9<"} {
				if !strings.Contains(out, label) {
					t.Errorf("no label %s", label)
				}
			}
			w := regexp.MustCompile(`<svg class="board fit" width="(\d+)"`).FindStringSubmatch(out)
			if w == nil {
				t.Fatal("no board")
			}
			if n, _ := strconv.Atoi(w[1]); n < 540 {
				t.Errorf("board width %d, want at least 540", n)
			}
		})
	}
}

// TestDescribe: a grid's givens are drawn as givens, the solution's other
// digits as solved, in 3x3 boxes; a solution that is not a grid is
// refused.
func TestDescribe(t *testing.T) {
	p, err := sudoku.Kind{}.Parse(stepGivens)
	if err != nil {
		t.Fatal(err)
	}
	sol := p.Solve().Solution
	b, err := sudoku.Kind{}.Describe(stepGivens, sol)
	if err != nil {
		t.Fatal(err)
	}
	if b.Rows != 9 || b.Cols != 9 || b.BoxRows != 3 || b.BoxCols != 3 || len(b.Cells) != 81 {
		t.Fatalf("board %dx%d boxes %dx%d", b.Rows, b.Cols, b.BoxRows, b.BoxCols)
	}
	for i, c := range b.Cells {
		role := draw.Solved
		if stepGivens[i] != '.' {
			role = draw.Given
		}
		if c.Text != sol[i:i+1] || c.TextRole != role {
			t.Errorf("cell %d: %q %v, want %q %v", i, c.Text, c.TextRole, sol[i:i+1], role)
		}
	}
	if _, err := (sudoku.Kind{}).Describe(stepGivens, "12"); err == nil {
		t.Error("a solution of 2 cells is drawn")
	}
}
