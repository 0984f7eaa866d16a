package templates

import (
	"github.com/a-h/templ"

	"pencilbox/engine"
	"pencilbox/engine/sudoku"
	"pencilbox/web/model"
)

// SudokuView draws 9x9 Sudoku: givens, pencil marks before a step, the
// step's pattern cells, eliminated candidates struck in red and placements
// in green.
type SudokuView struct{}

// Candidate marks of a drawn cell.
const (
	candNone = iota
	candOn
	candEliminated
	candPlaced
)

type sdCell struct {
	Index   int
	Digit   uint8
	Given   bool
	Placed  bool // the digit is placed by the step shown (green)
	Pattern bool
	Cands   [9]int8
}

// The board's geometry: sdSize px a cell (540 px for the grid: the
// candidates stay readable), sdMargin px at the top and left for the row
// and column labels.
const (
	sdSize   = 60
	sdMargin = 22
	sdGridPx = 9 * sdSize
	sdFull   = sdMargin + sdGridPx + 4
)

func sdGrid(givens string) (sudoku.Grid, error) { return sudoku.ParseLine(givens) }

func (SudokuView) Thumb(p model.Puzzle) templ.Component {
	g, err := sdGrid(p.Givens)
	if err != nil {
		return givensText(p.Givens)
	}
	return sudokuThumb(g)
}

func (SudokuView) Board(p model.Puzzle, solution string) templ.Component {
	g, err := sdGrid(p.Givens)
	if err != nil {
		return givensText(p.Givens)
	}
	cells := make([]sdCell, 81)
	var sol sudoku.Grid
	if solution != "" {
		sol, _ = sudoku.ParseLine(solution)
	}
	for i := range cells {
		cells[i] = sdCell{Index: i, Digit: g[i], Given: g[i] != 0}
		if g[i] == 0 && sol[i] != 0 {
			cells[i].Digit = sol[i]
		}
	}
	return sudokuBoard(sdBoard{Cells: cells})
}

func (SudokuView) Step(p model.Puzzle, steps []engine.Step, n int) (templ.Component, error) {
	g, err := sdGrid(p.Givens)
	if err != nil {
		return nil, err
	}
	n = min(max(n, 0), len(steps))
	states, err := sudoku.Replay(&g, steps[:n])
	if err != nil {
		return nil, err
	}
	before := &states[n]
	cells := make([]sdCell, 81)
	for i := range cells {
		c := sdCell{Index: i, Digit: uint8(before.Digit(i)), Given: g[i] != 0}
		for d := 0; d < 9 && c.Digit == 0; d++ {
			if before[i]&(1<<d) != 0 {
				c.Cands[d] = candOn
			}
		}
		cells[i] = c
	}
	if n < len(steps) {
		st := steps[n]
		for _, c := range st.Pattern {
			if c >= 0 && c < 81 {
				cells[c].Pattern = true
			}
		}
		for _, m := range st.Eliminate {
			cells[m.Cell].Cands[m.Value-1] = candEliminated
		}
		for _, m := range st.Place {
			cells[m.Cell].Cands[m.Value-1] = candPlaced
		}
	}
	b := sdBoard{Cells: cells}
	if n < len(steps) {
		b.Overlay = sdStepOverlay(steps[n])
		for _, c := range b.Overlay.Marked {
			if c.Class == "contra" {
				cells[c.Cell].Pattern = true
			}
		}
	}
	return sudokuBoard(b), nil
}

func sdX(i int) int { return sdMargin + 2 + i%9*sdSize }
func sdY(i int) int { return sdMargin + 2 + i/9*sdSize }

// candX, candY place candidate d (0-based) in its cell's 3x3 mini grid
// (the text's baseline; candCX, candCY are its centre).
func candX(i, d int) int  { return candCX(i, d) }
func candY(i, d int) int  { return candCY(i, d) + 5 }
func candCX(i, d int) int { return sdX(i) + sdSize/6 + d%3*sdSize/3 }
func candCY(i, d int) int { return sdY(i) + sdSize/6 + d/3*sdSize/3 }

func sdCellClass(c sdCell) string {
	switch {
	case c.Pattern:
		return "cell pattern"
	}
	return "cell"
}

func sdDigitClass(c sdCell) string {
	if c.Given {
		return "given"
	}
	return "solved"
}

func candClass(m int8) string {
	switch m {
	case candEliminated:
		return "cand elim"
	case candPlaced:
		return "cand place"
	}
	return "cand"
}

func sdLines() []int { return []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9} }

func lineClass(k int) string {
	if k%3 == 0 {
		return "thick"
	}
	return "thin"
}
