package nonogram

import (
	"fmt"
	"strconv"
	"strings"

	"pencilbox/draw"
	"pencilbox/engine"
)

// Describe is the board of a nonogram: the column clues above the grid and
// the row clues to its left (the shared back ends size those margins to
// the longest clue), and, with solution, the picture: filled cells dark,
// empty cells plain.
func (Kind) Describe(givens, solution string) (*draw.Board, error) {
	p, err := Parse(givens)
	if err != nil {
		return nil, err
	}
	b := p.board()
	if solution != "" {
		cells, err := p.ParseSolution(solution)
		if err != nil {
			return nil, err
		}
		for i, f := range cells {
			if f {
				b.Cells[i].Shade = draw.ShadeDark
			}
		}
	}
	return b, nil
}

// board is p's empty grid with its clues outside it; an empty line's clue
// is printed 0, as books do, so that no line looks forgotten.
func (p *Puzzle) board() *draw.Board {
	b := &draw.Board{Rows: p.H, Cols: p.W, Name: fmt.Sprintf("Nonogram board, %dx%d", p.W, p.H),
		Cells: make([]draw.Cell, p.W*p.H)}
	texts := func(lines [][]int) [][]string {
		out := make([][]string, len(lines))
		for i, l := range lines {
			if len(l) == 0 {
				out[i] = []string{"0"}
				continue
			}
			out[i] = make([]string, len(l))
			for j, v := range l {
				out[i][j] = strconv.Itoa(v)
			}
		}
		return out
	}
	b.Top, b.Left = texts(p.Cols), texts(p.Rows)
	return b
}

// DescribeStep is the board before step n: the cells earlier steps filled
// (dark) and crossed out (a cross), with step n's line highlighted (its
// Houses, "row 7" or "column 3"), its pattern cells in focus and the cells
// it decides marked: a disc for a cell it fills, a cross for one it
// empties.
func (Kind) DescribeStep(givens string, steps []engine.Step, n int) (*draw.Board, error) {
	p, err := Parse(givens)
	if err != nil {
		return nil, err
	}
	n = min(max(n, 0), len(steps))
	b := p.board()
	for i, st := range steps[:n] {
		for _, m := range st.Place {
			if m.Cell < 0 || m.Cell >= len(b.Cells) {
				return nil, fmt.Errorf("step %d: cell %d off the %dx%d board", i+1, m.Cell, p.W, p.H)
			}
			c := &b.Cells[m.Cell]
			switch Cell(m.Value) {
			case CellFilled:
				c.Shade, c.Symbol = draw.ShadeDark, draw.NoSymbol
			case CellEmpty:
				c.Shade, c.Symbol = draw.ShadePlain, draw.Cross
			default:
				return nil, fmt.Errorf("step %d: mark value %d in %s is neither filled nor crossed", i+1, m.Value, engine.CellName(m.Cell, p.W))
			}
		}
	}
	if n < len(steps) {
		engine.DrawStep(b, steps[n], p.stepDrawing())
	}
	return b, nil
}

// stepDrawing is how the shared step drawing reads a nonogram step: its
// regions are lines ("row 7", "column 3"), a cell filled is a disc, a cell
// crossed out a cross.
func (p *Puzzle) stepDrawing() engine.StepDrawing {
	return engine.StepDrawing{
		Region: p.lineCells,
		Value: func(v int) (int, string, draw.Symbol) {
			switch Cell(v) {
			case CellFilled:
				return 0, "filled", draw.Disc
			case CellEmpty:
				return 0, "crossed", draw.Cross
			}
			return 0, "", draw.NoSymbol
		},
	}
}

// lineCells resolves a line's name ("row 7", "column 3", 1-based) to its
// cells, row-major indices.
func (p *Puzzle) lineCells(name string) ([]int, bool) {
	word, num, ok := strings.Cut(name, " ")
	if !ok {
		return nil, false
	}
	i, err := strconv.Atoi(num)
	if err != nil || i < 1 {
		return nil, false
	}
	switch word {
	case "row":
		if i > p.H {
			return nil, false
		}
		out := make([]int, p.W)
		for c := range out {
			out[c] = (i-1)*p.W + c
		}
		return out, true
	case "column":
		if i > p.W {
			return nil, false
		}
		out := make([]int, p.H)
		for r := range out {
			out[r] = r*p.W + i - 1
		}
		return out, true
	}
	return nil, false
}
