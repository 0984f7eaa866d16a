package killer

import (
	"fmt"
	"strconv"

	"pencilbox/draw"
	"pencilbox/engine"
)

// Describe is the board of a killer (engine.Describer): N x N cells in
// their boxes, each cage a dashed outline with its sum in its top left
// cell's corner, the givens bold; with solution (N*N digits) the other
// digits over them.
func (Kind) Describe(givens, solution string) (*draw.Board, error) {
	p, err := Parse(givens)
	if err != nil {
		return nil, err
	}
	if solution != "" && len(solution) != p.N*p.N {
		return nil, fmt.Errorf("solution of %d digits, the grid has %d cells", len(solution), p.N*p.N)
	}
	b := newBoard(p)
	for i := range b.Cells {
		switch {
		case p.Given[i] != 0:
			b.Cells[i] = draw.Cell{Text: digit(int(p.Given[i])), TextRole: draw.Given}
		case solution != "":
			d := int(solution[i] - '0')
			if d < 1 || d > p.N {
				return nil, fmt.Errorf("solution: %s holds %q, not a digit 1-%d", engine.CellName(i, p.N), solution[i], p.N)
			}
			b.Cells[i] = draw.Cell{Text: digit(d), TextRole: draw.Solved}
		}
	}
	return b, nil
}

// newBoard is p's empty board: boxes, the candidate sub-grid (3x3 for
// 1-9, 2x3 for 1-6, 2x2 for 1-4) and the cages with their sums.
func newBoard(p *Puzzle) *draw.Board {
	b := &draw.Board{Rows: p.N, Cols: p.N, Name: fmt.Sprintf("Killer Sudoku board, %dx%d", p.N, p.N),
		Cells: make([]draw.Cell, p.N*p.N), BoxRows: p.BoxH, BoxCols: p.BoxW}
	b.MarkRows, b.MarkCols = p.BoxH, p.BoxW
	for k, cells := range p.Cages() {
		b.Regions = append(b.Regions, draw.Region{Cells: cells, Style: draw.RegionCage,
			Label: strconv.Itoa(p.Sums[k]), Title: p.CageName(k)})
	}
	return b
}

// digit is d's numeral (a slice of a constant: no allocation per cell).
func digit(d int) string { return "0123456789"[d : d+1] }

// DescribeStep is the board before step n (engine.Describer): the digits
// placed so far and the other cells' candidates, with step n drawn by the
// shared engine.DrawStep (its pattern, the rows, columns, boxes and
// cages it names, eliminations and placements).
func (Kind) DescribeStep(givens string, steps []engine.Step, n int) (*draw.Board, error) {
	p, err := Parse(givens)
	if err != nil {
		return nil, err
	}
	n = min(max(n, 0), len(steps))
	st, err := Replay(p, steps[:n])
	if err != nil {
		return nil, err
	}
	b := newBoard(p)
	for i, m := range st {
		if st.placed(i) {
			role := draw.Solved
			if p.Given[i] != 0 {
				role = draw.Given
			}
			b.Cells[i] = draw.Cell{Text: digit(digitOf(m &^ placedBit)), TextRole: role}
			continue
		}
		for d := 1; d <= p.N; d++ {
			if m&Bit(d) != 0 {
				b.Marks = append(b.Marks, draw.Mark{Cell: i, At: d, Text: digit(d)})
			}
		}
	}
	if n < len(steps) {
		engine.DrawStep(b, steps[n], stepDrawing(p))
	}
	return b, nil
}

// stepDrawing reads a killer step: its regions by the names the steps use
// (StepRegion: rows, columns, boxes, cages), digits as candidate marks.
func stepDrawing(p *Puzzle) engine.StepDrawing {
	return engine.StepDrawing{
		Region: func(name string) ([]int, bool) { return StepRegion(p, name) },
		Value: func(v int) (int, string, draw.Symbol) {
			if v < 1 || v > p.N {
				return 0, "", draw.NoSymbol
			}
			return v, digit(v), draw.NoSymbol
		},
	}
}

func digitOf(m uint16) int {
	for d := 1; d <= MaxN; d++ {
		if m == Bit(d) {
			return d
		}
	}
	return 0
}

// Candidates is a replayed state: each cell's candidate digits (Bit), and
// which cells hold a digit (bit 0 set: a given or a placement).
type Candidates []uint16

const placedBit = 1

func (c Candidates) placed(i int) bool { return c[i]&placedBit != 0 }

// Replay is the state after steps, from p's start: the givens placed and
// their digits cleared from their rows, columns, boxes and cages, every
// other digit a candidate. A placement places the digit and clears it
// from the cell's peers; an elimination removes a candidate (one already
// gone is no error: a step may repeat what a placement implied). It fails
// on a mark off the grid, a placement of a digit the cell no longer has or
// into a filled cell, and a cell left without a candidate.
func Replay(p *Puzzle, steps []engine.Step) (Candidates, error) {
	area := p.N * p.N
	st := make(Candidates, area)
	full := AllDigits(p.N)
	for i := range st {
		st[i] = full
	}
	place := func(i, d int) {
		st[i] = Bit(d) | placedBit
		for j := range area {
			if j != i && st[j]&placedBit == 0 && (j/p.N == i/p.N || j%p.N == i%p.N || p.Box(j) == p.Box(i) || p.Cage[j] == p.Cage[i]) {
				st[j] &^= Bit(d)
			}
		}
	}
	for i, g := range p.Given {
		if g != 0 {
			place(i, int(g))
		}
	}
	for k, s := range steps {
		for _, m := range s.Eliminate {
			if m.Cell < 0 || m.Cell >= area || m.Value < 1 || m.Value > p.N {
				return nil, fmt.Errorf("step %d: elimination %d in cell %d is off the grid", k+1, m.Value, m.Cell)
			}
			if st.placed(m.Cell) {
				continue
			}
			st[m.Cell] &^= Bit(m.Value)
			if st[m.Cell] == 0 {
				return nil, fmt.Errorf("step %d: %s has no candidate left", k+1, engine.CellName(m.Cell, p.N))
			}
		}
		for _, m := range s.Place {
			if m.Cell < 0 || m.Cell >= area || m.Value < 1 || m.Value > p.N {
				return nil, fmt.Errorf("step %d: placement %d in cell %d is off the grid", k+1, m.Value, m.Cell)
			}
			if st.placed(m.Cell) {
				if st[m.Cell]&Bit(m.Value) != 0 {
					continue // placed again: a step may restate it
				}
				return nil, fmt.Errorf("step %d: places %d in %s, which holds %d", k+1, m.Value, engine.CellName(m.Cell, p.N), digitOf(st[m.Cell]&^placedBit))
			}
			if st[m.Cell]&Bit(m.Value) == 0 {
				return nil, fmt.Errorf("step %d: %d is not a candidate of %s", k+1, m.Value, engine.CellName(m.Cell, p.N))
			}
			place(m.Cell, m.Value)
		}
	}
	return st, nil
}
