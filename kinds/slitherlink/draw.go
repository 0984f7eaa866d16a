package slitherlink

import (
	"fmt"
	"strings"

	"pencilbox/draw"
	"pencilbox/engine"
)

// Describe is the board of a Slitherlink: the dots, the clue numbers; with
// solution (rows of '1' inside, '0' outside, joined by '/') the loop's
// edges drawn in.
func (Kind) Describe(givens, solution string) (*draw.Board, error) {
	p, err := Parse(givens)
	if err != nil {
		return nil, err
	}
	b := describe(p)
	if solution == "" {
		return b, nil
	}
	rows := strings.Split(solution, "/")
	if len(rows) != p.H {
		return nil, fmt.Errorf("solution of %d rows, the grid has %d", len(rows), p.H)
	}
	for r, row := range rows {
		if len(row) != p.W {
			return nil, fmt.Errorf("solution row %d has %d cells, the grid %d", r+1, len(row), p.W)
		}
	}
	in := func(r, c int) bool { return r >= 0 && r < p.H && c >= 0 && c < p.W && rows[r][c] == '1' }
	for r := 0; r <= p.H; r++ {
		for c := 0; c <= p.W; c++ {
			if c < p.W && in(r-1, c) != in(r, c) {
				b.Edges = append(b.Edges, draw.Edge{Row: r, Col: c, Style: draw.EdgeLine})
			}
			if r < p.H && in(r, c-1) != in(r, c) {
				b.Edges = append(b.Edges, draw.Edge{Row: r, Col: c, Down: true, Style: draw.EdgeLine})
			}
		}
	}
	return b, nil
}

// describe is the question's board: dots at the corners, the clues.
func describe(p *Puzzle) *draw.Board {
	b := &draw.Board{Rows: p.H, Cols: p.W, Name: "Slitherlink board", Grid: draw.GridDots, Cells: make([]draw.Cell, len(p.Clue))}
	for i, k := range p.Clue {
		if k != NoClue {
			b.Cells[i].Text = string('0' + byte(k))
		}
	}
	return b
}

// DescribeStep is the board before step n: the lines drawn and the edges
// crossed by the steps before it, then step n's cells shaded and its edges
// in green (drawn) or red (crossed) by the shared engine.DrawStep.
func (Kind) DescribeStep(givens string, steps []engine.Step, n int) (*draw.Board, error) {
	p, err := Parse(givens)
	if err != nil {
		return nil, err
	}
	n = min(max(n, 0), len(steps))
	b := describe(p)
	if err := engine.ReplaySteps(b, steps[:n], stepDrawing); err != nil {
		return nil, err
	}
	if n < len(steps) {
		engine.DrawStep(b, steps[n], stepDrawing)
	}
	return b, nil
}

// stepDrawing is how the shared step drawing reads a Slitherlink step:
// its marks are edges (engine.EdgeMark), its pattern the cells it reasons
// from, shaded.
var stepDrawing = engine.StepDrawing{}
