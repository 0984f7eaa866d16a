package engine

import (
	"fmt"
	"regexp"
	"strconv"

	"pencilbox/draw"
)

// StepDrawing is what the shared step drawing (DrawStep) needs to know of
// a kind: how its steps name regions and how its values look. The rest of
// a step is the kind's sentence.
type StepDrawing struct {
	// Region gives the cells of a region a step names ("row 3", "box 2",
	// a cage's name); false when the name is not one. Nil: the kind's
	// steps name no regions.
	Region func(name string) ([]int, bool)
	// Value is how value v placed in or removed from a cell is drawn: at
	// the candidate mark place at (1-based) with text, or, when at is 0,
	// as the cell's symbol sym (a light, a no-light dot). Nil: values are
	// drawn as their number's candidate mark place.
	Value func(v int) (at int, text string, sym draw.Symbol)
	// FrameFocus frames the pattern's cells instead of shading them, for
	// a board whose cells carry shades of their own (lit cells).
	FrameFocus bool
}

// EdgeMark is an edge a step draws in (Set) or rules out: a side of a
// cell, from grid corner (Row, Col) right, or down when Down (the kinds
// played on edges: Slitherlink, Hashi).
type EdgeMark struct {
	Row  int  `json:"row"`
	Col  int  `json:"col"`
	Down bool `json:"down,omitempty"`
	Set  bool `json:"set"`
}

var cellNameRE = regexp.MustCompile(`r(\d+)c(\d+)`)

// DrawStep draws step st's marks on b, the kind's board before the step,
// in draw's roles: the pattern's cells (focus), its regions (Houses as
// the region it works in, Base and Cover, a contradiction's region or
// cell), its parts (pivot, pincers, corners), its eliminations and
// placements (candidate marks or symbols, red and green), its edges (drawn
// or crossed), and its chain (a dot per candidate, on or off, and an arrow
// per link in order, strong solid, weak dashed). Marks off the board are
// skipped. Every kind's step viewer draws its steps with it, so a kind
// names what a step touches and never how it is drawn.
func DrawStep(b *draw.Board, st Step, d StepDrawing) {
	n := b.Len()
	in := func(c int) bool { return c >= 0 && c < n && c < len(b.Cells) }
	focus := func(c int) {
		if d.FrameFocus || b.Cells[c].Shade != draw.ShadePlain {
			b.Frames = append(b.Frames, draw.Frame{Cell: c, Role: draw.Focus})
			return
		}
		b.Cells[c].Shade = draw.ShadeFocus
	}
	for _, c := range st.Pattern {
		if in(c) {
			focus(c)
		}
	}
	value := func(v int) (int, string, draw.Symbol) {
		if d.Value != nil {
			return d.Value(v)
		}
		return v, strconv.Itoa(v), draw.NoSymbol
	}
	setMark := func(m Mark, role draw.Role) {
		if !in(m.Cell) {
			return
		}
		at, text, sym := value(m.Value)
		if at <= 0 {
			c := &b.Cells[m.Cell]
			c.SymbolRole = role
			if role == draw.Placed {
				c.Symbol = sym
			}
			return
		}
		if at > b.MarkRows*b.MarkCols {
			return
		}
		for k := range b.Marks {
			if b.Marks[k].Cell == m.Cell && b.Marks[k].At == at {
				b.Marks[k].Role = role
				return
			}
		}
		b.Marks = append(b.Marks, draw.Mark{Cell: m.Cell, At: at, Text: text, Role: role})
	}
	for _, m := range st.Eliminate {
		setMark(m, draw.Eliminated)
	}
	for _, m := range st.Place {
		setMark(m, draw.Placed)
	}
	for _, e := range st.Edges {
		de := draw.Edge{Row: e.Row, Col: e.Col, Down: e.Down, Style: draw.EdgeCross, Role: draw.Eliminated}
		if e.Set {
			de.Style, de.Role = draw.EdgeLine, draw.Placed
		}
		if b.OnGrid(de) {
			b.Edges = append(b.Edges, de)
		}
	}
	region := func(name string) ([]int, bool) {
		if d.Region == nil {
			return nil, false
		}
		return d.Region(name)
	}
	regions := func(names []string, role draw.Role) {
		for _, name := range names {
			if cells, ok := region(name); ok {
				b.Regions = append(b.Regions, draw.Region{Cells: cells, Style: draw.RegionHighlight, Role: role, Title: name})
			}
		}
	}
	regions(st.Base, draw.Base)
	regions(st.Cover, draw.Cover)
	if len(st.Base) == 0 && len(st.Cover) == 0 {
		regions(st.Houses, draw.Unit)
	}
	frame := func(cells []int, role draw.Role, title string) {
		for _, c := range cells {
			if in(c) {
				b.Frames = append(b.Frames, draw.Frame{Cell: c, Role: role, Title: title})
			}
		}
	}
	frame(st.Pivots, draw.Pivot, "pivot")
	frame(st.Pincers, draw.Pincer, "pincer")
	frame(st.Corners, draw.Corner, "corner")
	if st.Contradiction != "" {
		if cells, ok := region(st.Contradiction); ok {
			b.Regions = append(b.Regions, draw.Region{Cells: cells, Style: draw.RegionHighlight, Role: draw.Contra, Title: st.Contradiction})
		} else if m := cellNameRE.FindStringSubmatch(st.Contradiction); m != nil {
			r, _ := strconv.Atoi(m[1])
			c, _ := strconv.Atoi(m[2])
			if r >= 1 && r <= b.Rows && c >= 1 && c <= b.Cols {
				i := (r-1)*b.Cols + c - 1
				frame([]int{i}, draw.Contra, "contradiction at "+m[0])
				if in(i) && !d.FrameFocus && b.Cells[i].Shade == draw.ShadePlain {
					b.Cells[i].Shade = draw.ShadeFocus
				}
			}
		}
	}
	drawLinks(b, st.Links, value)
}

// drawLinks draws a chain: a dot on each candidate (on where the chain
// makes it true, off where false, as it first appears) and an arrow per
// link in order.
func drawLinks(b *draw.Board, links []Link, value func(int) (int, string, draw.Symbol)) {
	seen := map[Mark]bool{}
	text := func(m Mark, on bool) string {
		_, t, _ := value(m.Value)
		if on {
			return CellName(m.Cell, b.Cols) + "=" + t
		}
		return CellName(m.Cell, b.Cols) + "≠" + t
	}
	dot := func(m Mark, on bool) (draw.Point, bool) {
		at, _, _ := value(m.Value)
		p := draw.CellPoint(m.Cell, max(b.Cols, 1), max(at, 0))
		if m.Cell < 0 || m.Cell >= b.Len() || !b.Inside(p) {
			return draw.Point{}, false
		}
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
	for i, l := range links {
		from, ok1 := dot(l.From, l.FromOn)
		to, ok2 := dot(l.To, l.ToOn)
		if !ok1 || !ok2 {
			continue
		}
		role, word := draw.Weak, "→ (weak)"
		if l.Strong {
			role, word = draw.Strong, "⇒ (strong)"
		}
		b.Lines = append(b.Lines, draw.Line{Points: []draw.Point{from, to}, Role: role, Arrow: true, Nested: l.Parent > 0,
			Order: i + 1, Group: l.Chain,
			Title: fmt.Sprintf("%d. %s %s %s", i+1, text(l.From, l.FromOn), word, text(l.To, l.ToOn))})
	}
}

// ReplaySteps draws the outcome of steps on b, the board of the givens:
// each placement as the value's text (solved) or symbol, each elimination
// as its candidate mark removed, each edge drawn in or crossed out. It is
// the state before the next step for a kind whose state is what its steps
// placed (a loop's edges, a picture's cells, a Latin square's digits); a
// kind whose steps imply more (a Sudoku placement removes the digit from
// its peers, a light lights its row) replays with its own rules. It fails
// on a step that places into a cell that already holds a text, or names a
// cell or edge off the board.
func ReplaySteps(b *draw.Board, steps []Step, d StepDrawing) error {
	value := func(v int) (int, string, draw.Symbol) {
		if d.Value != nil {
			return d.Value(v)
		}
		return v, strconv.Itoa(v), draw.NoSymbol
	}
	for i, st := range steps {
		for _, m := range st.Eliminate {
			if m.Cell < 0 || m.Cell >= b.Len() || m.Cell >= len(b.Cells) {
				return fmt.Errorf("step %d: elimination in cell %d, off the board", i+1, m.Cell)
			}
			at, _, _ := value(m.Value)
			b.Marks = dropMarks(b.Marks, func(k draw.Mark) bool { return k.Cell == m.Cell && k.At == at })
		}
		for _, m := range st.Place {
			if m.Cell < 0 || m.Cell >= b.Len() || m.Cell >= len(b.Cells) {
				return fmt.Errorf("step %d: placement in cell %d, off the board", i+1, m.Cell)
			}
			c := &b.Cells[m.Cell]
			_, text, sym := value(m.Value)
			if sym != draw.NoSymbol {
				c.Symbol = sym
				continue
			}
			if c.Text != "" {
				return fmt.Errorf("step %d: places %s in %s, which holds %s", i+1, text, CellName(m.Cell, b.Cols), c.Text)
			}
			c.Text, c.TextRole = text, draw.Solved
			b.Marks = dropMarks(b.Marks, func(k draw.Mark) bool { return k.Cell == m.Cell })
		}
		for _, e := range st.Edges {
			de := draw.Edge{Row: e.Row, Col: e.Col, Down: e.Down, Style: draw.EdgeCross}
			if e.Set {
				de.Style = draw.EdgeLine
			}
			if !b.OnGrid(de) {
				return fmt.Errorf("step %d: edge at row %d, column %d off the board", i+1, e.Row+1, e.Col+1)
			}
			b.Edges = append(dropEdges(b.Edges, de), de)
		}
	}
	return nil
}

// dropMarks is marks without those drop picks, in order, in place.
func dropMarks(marks []draw.Mark, drop func(draw.Mark) bool) []draw.Mark {
	out := marks[:0]
	for _, m := range marks {
		if !drop(m) {
			out = append(out, m)
		}
	}
	return out
}

// dropEdges is edges without the one at e's place (a step that draws an
// edge in replaces its cross, and the reverse).
func dropEdges(edges []draw.Edge, e draw.Edge) []draw.Edge {
	out := edges[:0]
	for _, x := range edges {
		if x.Row != e.Row || x.Col != e.Col || x.Down != e.Down || x.Style == draw.EdgeThick {
			out = append(out, x)
		}
	}
	return out
}
