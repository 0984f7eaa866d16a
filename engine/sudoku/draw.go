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

// DescribeStep is the board before step n: the digits placed so far, the
// other cells' candidates, and step n drawn as a reader of HoDoKu expects:
// its pattern cells shaded, a fish's base and cover houses, a single's or
// a locking's house outlined, a wing's pivot and pincers and a
// rectangle's corners marked, a contradiction's cell or house in red, its
// eliminations struck and its placements in green, and a chain's links as
// arrows between candidate dots in order (strong solid, weak dashed).
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
		stepMarks(b, steps[n])
	}
	return b, nil
}

var (
	houseRE = regexp.MustCompile(`^(row|column|box) ([1-9])$`)
	cellRE  = regexp.MustCompile(`r([1-9])c([1-9])`)
)

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

// stepMarks draws step st on b.
func stepMarks(b *draw.Board, st engine.Step) {
	for _, c := range st.Pattern {
		if c >= 0 && c < 81 {
			b.Cells[c].Shade = draw.ShadeFocus
		}
	}
	setMark := func(m engine.Mark, role draw.Role) {
		if m.Cell < 0 || m.Cell >= 81 || m.Value < 1 || m.Value > 9 {
			return
		}
		for k := range b.Marks {
			if b.Marks[k].Cell == m.Cell && b.Marks[k].At == m.Value {
				b.Marks[k].Role = role
				return
			}
		}
		b.Marks = append(b.Marks, draw.Mark{Cell: m.Cell, At: m.Value, Text: digit(m.Value), Role: role})
	}
	for _, m := range st.Eliminate {
		setMark(m, draw.Eliminated)
	}
	for _, m := range st.Place {
		setMark(m, draw.Placed)
	}
	houses := func(names []string, role draw.Role) {
		for _, n := range names {
			if cells, ok := houseCells(n); ok {
				b.Regions = append(b.Regions, draw.Region{Cells: cells, Style: draw.RegionHighlight, Role: role, Title: n})
			}
		}
	}
	houses(st.Base, draw.Base)
	houses(st.Cover, draw.Cover)
	if len(st.Base) == 0 && len(st.Cover) == 0 {
		houses(st.Houses, draw.Unit)
	}
	frame := func(cells []int, role draw.Role, title string) {
		for _, c := range cells {
			if c >= 0 && c < 81 {
				b.Frames = append(b.Frames, draw.Frame{Cell: c, Role: role, Title: title})
			}
		}
	}
	frame(st.Pivots, draw.Pivot, "pivot")
	frame(st.Pincers, draw.Pincer, "pincer")
	frame(st.Corners, draw.Corner, "corner")
	if st.Contradiction != "" {
		if cells, ok := houseCells(st.Contradiction); ok {
			b.Regions = append(b.Regions, draw.Region{Cells: cells, Style: draw.RegionHighlight, Role: draw.Contra, Title: st.Contradiction})
		} else if m := cellRE.FindStringSubmatch(st.Contradiction); m != nil {
			r, _ := strconv.Atoi(m[1])
			c, _ := strconv.Atoi(m[2])
			i := (r-1)*9 + c - 1
			frame([]int{i}, draw.Contra, "contradiction at "+m[0])
			b.Cells[i].Shade = draw.ShadeFocus
		}
	}
	seen := map[engine.Mark]bool{}
	dot := func(m engine.Mark, on bool) (draw.Point, bool) {
		if m.Cell < 0 || m.Cell >= 81 || m.Value < 1 || m.Value > 9 {
			return draw.Point{}, false
		}
		p := draw.CellPoint(m.Cell, 9, m.Value)
		if !seen[m] {
			seen[m] = true
			role := draw.Off
			if on {
				role = draw.On
			}
			b.Dots = append(b.Dots, draw.Dot{At: p, Role: role})
		}
		return p, true
	}
	for i, l := range st.Links {
		from, ok1 := dot(l.From, l.FromOn)
		to, ok2 := dot(l.To, l.ToOn)
		if !ok1 || !ok2 {
			continue
		}
		role := draw.Weak
		if l.Strong {
			role = draw.Strong
		}
		b.Lines = append(b.Lines, draw.Line{Points: []draw.Point{from, to}, Role: role, Arrow: true, Nested: l.Parent > 0,
			Order: i + 1, Group: l.Chain,
			Title: fmt.Sprintf("%d. %s %s %s", i+1, candText(l.From, l.FromOn), arrowWord(l.Strong), candText(l.To, l.ToOn))})
	}
}

func candText(m engine.Mark, on bool) string {
	s := "r" + strconv.Itoa(m.Cell/9+1) + "c" + strconv.Itoa(m.Cell%9+1)
	if on {
		return s + "=" + strconv.Itoa(m.Value)
	}
	return s + "≠" + strconv.Itoa(m.Value)
}

func arrowWord(strong bool) string {
	if strong {
		return "⇒ (strong)"
	}
	return "→ (weak)"
}
