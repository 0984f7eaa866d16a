package sudoku

import (
	"fmt"
	"regexp"
	"strconv"

	"pencilbox/draw"
	"pencilbox/engine"
)

// Describe is the board of a grid's givens (bold), with the solution's
// other digits when solution is given: 9x9 cells in 3x3 boxes, candidate
// marks in a 3x3 sub-grid.
func (Kind) Describe(givens, solution string) (*draw.Board, error) {
	g, err := ParseLine(givens)
	if err != nil {
		return nil, err
	}
	var sol Grid
	if solution != "" {
		if sol, err = ParseLine(solution); err != nil {
			return nil, fmt.Errorf("solution: %w", err)
		}
	}
	b := newBoard()
	for i := range 81 {
		switch {
		case g[i] != 0:
			b.Cells[i] = draw.Cell{Text: digit(int(g[i])), TextRole: draw.Given}
		case sol[i] != 0:
			b.Cells[i] = draw.Cell{Text: digit(int(sol[i])), TextRole: draw.Solved}
		}
	}
	return b, nil
}

// newBoard is an empty 9x9 board with its boxes.
func newBoard() *draw.Board {
	return &draw.Board{Rows: 9, Cols: 9, Name: "Sudoku board", Cells: make([]draw.Cell, 81),
		BoxRows: 3, BoxCols: 3, MarkRows: 3, MarkCols: 3}
}

// digit is d's numeral (a slice of a constant: no allocation per cell).
func digit(d int) string { return "0123456789"[d : d+1] }

// DescribeStep is the board before step n: the digits placed so far and
// the other cells' candidates; the shared engine.DrawStep draws step n
// on it as a reader of HoDoKu expects (its pattern shaded, a fish's base
// and cover houses, a single's house, a wing's pivot and pincers, a
// contradiction in red, eliminations struck, placements green, a chain's
// links as arrows between candidate dots).
func (Kind) DescribeStep(givens string, steps []engine.Step, n int) (*draw.Board, error) {
	g, err := ParseLine(givens)
	if err != nil {
		return nil, err
	}
	n = min(max(n, 0), len(steps))
	states, err := Replay(&g, steps[:n])
	if err != nil {
		return nil, err
	}
	before := &states[n]
	b := newBoard()
	for i := range 81 {
		if d := before.Digit(i); d != 0 {
			role := draw.Solved
			if g[i] != 0 {
				role = draw.Given
			}
			b.Cells[i] = draw.Cell{Text: digit(d), TextRole: role}
			continue
		}
		for d := range 9 {
			if before[i]&(1<<d) != 0 {
				b.Marks = append(b.Marks, draw.Mark{Cell: i, At: d + 1, Text: digit(d + 1)})
			}
		}
	}
	if n < len(steps) {
		engine.DrawStep(b, steps[n], stepDrawing)
	}
	return b, nil
}

var houseRE = regexp.MustCompile(`^(row|column|box) ([1-9])$`)

// houseCells are the cells of a house named as the sentences name it
// ("row 3", "column 5", "box 2").
func houseCells(name string) ([]int, bool) {
	m := houseRE.FindStringSubmatch(name)
	if m == nil {
		return nil, false
	}
	k, _ := strconv.Atoi(m[2])
	k--
	cells := make([]int, 0, 9)
	for j := range 9 {
		switch m[1] {
		case "row":
			cells = append(cells, k*9+j)
		case "column":
			cells = append(cells, j*9+k)
		default:
			cells = append(cells, (k/3*3+j/3)*9+k%3*3+j%3)
		}
	}
	return cells, true
}

// stepDrawing is how the shared step drawing reads a Sudoku step: houses
// by their names, digits as the candidate marks of their place.
var stepDrawing = engine.StepDrawing{
	Region: houseCells,
	Value: func(v int) (int, string, draw.Symbol) {
		if v < 1 || v > 9 {
			return 0, "", draw.NoSymbol
		}
		return v, digit(v), draw.NoSymbol
	},
}
