package akari

import (
	"fmt"

	"pencilbox/draw"
	"pencilbox/engine"
)

// Describe is the board of an Akari: black cells, clue numbers on them;
// with solution (a '#' black, 'L' light, '.' lit white cell per cell) the
// lights as discs and the lit cells shaded.
func (Kind) Describe(givens, solution string) (*draw.Board, error) {
	p, err := Parse(givens)
	if err != nil {
		return nil, err
	}
	st := State{W: p.W, H: p.H, Cells: append([]byte(nil), p.Cells...)}
	if solution != "" {
		if len(solution) != len(st.Cells) {
			return nil, fmt.Errorf("solution of %d cells, the grid has %d", len(solution), len(st.Cells))
		}
		st.Lit = make([]bool, len(st.Cells))
		for i := range len(solution) {
			if solution[i] == 'L' {
				st.Cells[i] = 'L'
			}
			st.Lit[i] = solution[i] != '#'
		}
	}
	return describe(st), nil
}

// describe is the board of a solving state: cells '#' black, '0'-'4' clue, 'L'
// light, 'x' no light, and the lit cells.
func describe(st State) *draw.Board {
	b := &draw.Board{Rows: st.H, Cols: st.W, Name: "Akari board", Cells: make([]draw.Cell, len(st.Cells))}
	for i, ch := range st.Cells {
		c := &b.Cells[i]
		switch {
		case ch == '#':
			c.Shade = draw.ShadeDark
		case ch >= '0' && ch <= '4':
			c.Shade, c.Text, c.TextRole = draw.ShadeDark, string(ch), draw.Clue
		case ch == 'L':
			c.Symbol = draw.Disc
		case ch == 'x':
			c.Symbol = draw.SmallDot
		}
		if c.Shade == draw.ShadePlain && st.Lit != nil && st.Lit[i] {
			c.Shade = draw.ShadeLit
		}
	}
	return b
}

// DescribeStep is the board before step n (lights, no-light marks and lit
// cells so far), with step n's pattern outlined and its placements (a
// light or a no-light mark) drawn in green, or red where it removes one.
func (Kind) DescribeStep(givens string, steps []engine.Step, n int) (*draw.Board, error) {
	p, err := Parse(givens)
	if err != nil {
		return nil, err
	}
	n = min(max(n, 0), len(steps))
	states, err := Replay(p, steps[:n])
	if err != nil {
		return nil, err
	}
	b := describe(states[len(states)-1])
	if n < len(steps) {
		engine.DrawStep(b, steps[n], stepDrawing)
	}
	return b, nil
}

// stepDrawing is how the shared step drawing reads an Akari step: a light
// is a disc, a no-light mark a dot; the pattern is framed, since lit cells
// are shaded.
var stepDrawing = engine.StepDrawing{
	Value: func(v int) (int, string, draw.Symbol) {
		switch v {
		case Light:
			return 0, "light", draw.Disc
		case NoLight:
			return 0, "no light", draw.SmallDot
		}
		return 0, "", draw.NoSymbol
	},
	FrameFocus: true,
}
