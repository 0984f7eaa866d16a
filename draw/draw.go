// Package draw describes a puzzle's board in terms no kind owns: a grid of
// cells (shaded, with a text of a role, candidate marks, a symbol), the
// edges between them (drawn, crossed, thick), dots, regions (a border, a
// dashed cage with a label in its corner, a highlighted set of cells),
// lines through cells and marks, and clues outside the grid. A kind
// produces one Board from its puzzle (and solution, or a step's state),
// and shared back ends draw it: SVG for the web (draw/svg) and PDF for
// booklets (export). The back ends never see a kind, so a new kind draws
// on every page and in print by describing its board once.
//
// This package is a leaf: it imports no kind and no layer. Styles are
// roles (a given, a placed mark, a chain's "on" end), which each back end
// maps to its look (the web's stylesheet classes, the booklet's inks).
package draw

// Board is one drawing of a rectangular grid.
type Board struct {
	Rows, Cols int
	// Name says what the picture is to a reader who cannot see it
	// ("Sudoku board"); the SVG's accessible name.
	Name string
	// Cells are row-major, Rows*Cols of them; nil draws empty cells.
	Cells []Cell
	// Grid is how the cell lines are drawn.
	Grid Grid
	// BoxRows and BoxCols divide the grid into equal boxes with thick
	// borders (3x3 for a 9x9 Sudoku, 2x3 for a 6x6); 0 for none. Boxes of
	// other shapes are RegionBorder regions.
	BoxRows, BoxCols int
	// MarkRows and MarkCols are the sub-grid a cell's marks sit in (3x3
	// for the digits 1-9: mark At 1 at the top left, 9 at the bottom
	// right); 0 when the board has no marks. A board with marks takes
	// cells big enough to read them.
	MarkRows, MarkCols int
	// Marks are the cells' candidate marks; a cell's are drawn when it
	// has no Text.
	Marks   []Mark
	Frames  []Frame
	Edges   []Edge
	Dots    []Dot
	Regions []Region
	Lines   []Line
	// Top holds each column's clues outside the grid, read top to
	// bottom; Left each row's, read left to right (a Nonogram's). Either
	// may be nil.
	Top, Left [][]string
}

// Grid is the style of the lines between cells.
type Grid uint8

const (
	// GridLines draws every cell's sides in a thin line.
	GridLines Grid = iota
	// GridDots draws a dot at each corner instead, no lines (a loop
	// puzzle's edges are drawn, crossed or open).
	GridDots
	// GridNone draws no cell lines.
	GridNone
)

// Cell is what one cell shows. It holds no highlight and no marks (the
// board's Frames and Marks do): a list page describes fifty boards for
// their thumbnails, so a cell stays small.
type Cell struct {
	// Text is the cell's number or letter, drawn in the role TextRole.
	Text     string
	Shade    Shade
	TextRole TextRole
	// Symbol is drawn in the cell's centre, in the role SymbolRole (a
	// step's change: Placed or Eliminated, or None).
	Symbol     Symbol
	SymbolRole Role
}

// Frame outlines a cell in a role (Focus: its sides; the pattern roles
// Pivot, Pincer, Corner, Contra: a rounded mark inside it), with Title as
// its tooltip.
type Frame struct {
	Cell  int
	Role  Role
	Title string
}

// Shade is a cell's background.
type Shade uint8

const (
	ShadePlain Shade = iota
	// ShadeDark is a filled cell: a wall, a clue's black cell, a painted
	// cell of a picture.
	ShadeDark
	// ShadeLit is a cell a rule reaches (a lit cell).
	ShadeLit
	// ShadeFocus is a cell of the pattern a step reasons from.
	ShadeFocus
)

// TextRole is the role of a cell's text.
type TextRole uint8

const (
	// Given is a puzzle's given, bold in ink.
	Given TextRole = iota
	// Solved is a value the solution or a step filled in.
	Solved
	// Clue is a number on a dark cell, light on dark.
	Clue
)

// Symbol is a shape drawn in a cell's centre.
type Symbol uint8

const (
	NoSymbol Symbol = iota
	// Disc is a large disc (a light, a pearl).
	Disc
	// SmallDot is a small dot (a cell marked empty).
	SmallDot
	// Cross is an X (a cell ruled out).
	Cross
)

// Role is a highlight's meaning, by what a reader should see in it, never
// by kind: the back ends style each role once.
type Role uint8

const (
	None Role = iota
	// Focus: the cells a step reasons from.
	Focus
	// Placed and Eliminated: what a step fills in and what it rules out.
	Placed
	Eliminated
	// Base, Cover and Unit are regions of a step: the sets it reasons
	// from, the sets it clears, a single region it works in.
	Base
	Cover
	Unit
	// Contra is where a contradiction shows.
	Contra
	// Pivot, Pincer and Corner are the parts of a step's pattern a reader
	// tells apart: its hinge, its ends, a rectangle's corners.
	Pivot
	Pincer
	Corner
	// On and Off are a chain's ends: a candidate true, a candidate false.
	On
	Off
	// Strong and Weak are a chain's links (an arrow drawn solid, dashed).
	Strong
	Weak
)

// Mark is one candidate mark in a cell.
type Mark struct {
	Cell int
	// At is the mark's place in the cell's sub-grid, 1-based, row-major.
	At   int
	Text string
	Role Role // None, Placed or Eliminated
}

// Point is a place on the board: a cell's centre, one of its mark places,
// or a corner of the grid.
type Point struct {
	Row, Col int
	// Mark is a mark place (1-based) inside the cell; 0 its centre.
	Mark int
	// Corner: the grid's corner at the top left of cell (Row, Col)
	// instead (Row may be Rows and Col Cols: the bottom and right ends).
	Corner bool
}

// CellPoint is the centre of the row-major cell i of a board of cols
// columns, or its mark place mark (1-based) when mark > 0.
func CellPoint(i, cols, mark int) Point {
	return Point{Row: i / cols, Col: i % cols, Mark: mark}
}

// Edge is one side of a cell, between two grid corners.
type Edge struct {
	// Row and Col are its first corner (the top left corner of cell
	// (Row, Col)); Down runs it to (Row+1, Col), else to (Row, Col+1).
	Row, Col int
	Down     bool
	Style    EdgeStyle
	Role     Role
}

// EdgeStyle is how an edge is drawn.
type EdgeStyle uint8

const (
	// EdgeLine is an edge drawn in (a loop's).
	EdgeLine EdgeStyle = iota
	// EdgeCross is an edge ruled out: a small X at its middle.
	EdgeCross
	// EdgeThick is a thick border (a region's side given edge by edge).
	EdgeThick
)

// Dot is a small circle at a point.
type Dot struct {
	At    Point
	Role  Role // On, Off, or None (a plain ink dot)
	Title string
}

// Region is a set of cells drawn as one.
type Region struct {
	Cells []int // row-major cell indices
	Style RegionStyle
	Role  Role
	// Label is written in the region's top left cell's corner (a cage's
	// sum); Title is its tooltip.
	Label, Title string
}

// RegionStyle is how a region is drawn.
type RegionStyle uint8

const (
	// RegionBorder draws the region's outline as a thick grid line (a
	// Sudoku's boxes, a jigsaw's pieces).
	RegionBorder RegionStyle = iota
	// RegionCage draws a dashed outline just inside the region's cells,
	// with its label in the corner (a killer's cage).
	RegionCage
	// RegionHighlight shades the region and outlines it in its Role's
	// colours (a step's houses).
	RegionHighlight
)

// Line is a path through points, drawn in its role; an arrow ends at its
// last point. Nested marks a line of a chain inside another's.
type Line struct {
	Points []Point
	Role   Role
	Arrow  bool
	Nested bool
	// Order and Group number the lines of a step (its links in order,
	// and the chain each belongs to), for a reader stepping through them.
	Order, Group int
	Title        string
}

// Len is the board's cell count (0 for a board with no rows or columns,
// or a negative count of either).
func (b *Board) Len() int {
	if b.Rows <= 0 || b.Cols <= 0 {
		return 0
	}
	return b.Rows * b.Cols
}

// Cell returns cell i, or a plain empty cell when Cells is nil or i is
// out of range.
func (b *Board) Cell(i int) Cell {
	if i < 0 || i >= len(b.Cells) {
		return Cell{}
	}
	return b.Cells[i]
}

// Inside reports whether a point lies on the board: a cell's point inside
// the grid (its mark inside the sub-grid), a corner on the grid's corners.
func (b *Board) Inside(p Point) bool {
	if p.Corner {
		return p.Row >= 0 && p.Row <= b.Rows && p.Col >= 0 && p.Col <= b.Cols
	}
	if p.Row < 0 || p.Row >= b.Rows || p.Col < 0 || p.Col >= b.Cols {
		return false
	}
	return p.Mark >= 0 && p.Mark <= b.MarkRows*b.MarkCols
}

// Clues is the most clues a row (Left) or column (Top) has outside the
// grid: the depth of that margin in cells.
func Clues(lists [][]string) int {
	n := 0
	for _, l := range lists {
		n = max(n, len(l))
	}
	return n
}

// Segment is one cell side on a region's outline: horizontal from corner
// (Row, Col) to (Row, Col+1), or vertical (Down) to (Row+1, Col).
type Segment struct {
	Row, Col int
	Down     bool
}

// Outline is the sides of the region's cells that border a cell outside
// it (or the grid's edge), in a fixed order: horizontal ones by row then
// column, then vertical ones by column then row. Cells out of range are
// ignored.
func (b *Board) Outline(cells []int) []Segment {
	in := make(map[int]bool, len(cells))
	for _, c := range cells {
		if c >= 0 && c < b.Len() {
			in[c] = true
		}
	}
	has := func(r, c int) bool {
		return r >= 0 && r < b.Rows && c >= 0 && c < b.Cols && in[r*b.Cols+c]
	}
	var h, v []Segment
	for r := 0; r <= b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			if has(r-1, c) != has(r, c) {
				h = append(h, Segment{Row: r, Col: c})
			}
		}
	}
	for c := 0; c <= b.Cols; c++ {
		for r := 0; r < b.Rows; r++ {
			if has(r, c-1) != has(r, c) {
				v = append(v, Segment{Row: r, Col: c, Down: true})
			}
		}
	}
	return append(h, v...)
}

// Run is a straight stretch of the grid's lines: from corner (Row, Col)
// over Len cell sides, right or (Down) down.
type Run struct {
	Row, Col, Len int
	Down          bool
}

// Runs joins segments in Outline's order into straight runs, so a back
// end draws a box's side as one line rather than three.
func Runs(segs []Segment) []Run {
	var out []Run
	for _, s := range segs {
		if n := len(out); n > 0 {
			last := &out[n-1]
			if last.Down == s.Down && !s.Down && last.Row == s.Row && last.Col+last.Len == s.Col {
				last.Len++
				continue
			}
			if last.Down == s.Down && s.Down && last.Col == s.Col && last.Row+last.Len == s.Row {
				last.Len++
				continue
			}
		}
		out = append(out, Run{Row: s.Row, Col: s.Col, Len: 1, Down: s.Down})
	}
	return out
}

// IsRect reports whether the cells (no repeats) fill their bounding box,
// and returns it (top row, left column, rows, columns).
func (b *Board) IsRect(cells []int) (r0, c0, rows, cols int, ok bool) {
	if len(cells) == 0 || b.Cols <= 0 {
		return 0, 0, 0, 0, false
	}
	r0, c0 = b.Rows, b.Cols
	r1, c1 := -1, -1
	seen := make(map[int]bool, len(cells))
	for _, c := range cells {
		if c < 0 || c >= b.Len() || seen[c] {
			return 0, 0, 0, 0, false
		}
		seen[c] = true
		r, col := c/b.Cols, c%b.Cols
		r0, c0, r1, c1 = min(r0, r), min(c0, col), max(r1, r), max(c1, col)
	}
	rows, cols = r1-r0+1, c1-c0+1
	return r0, c0, rows, cols, rows*cols == len(cells)
}

// LabelCell is the region's top left cell (the first of its top row): where
// its label goes.
func LabelCell(cells []int) int {
	best := -1
	for _, c := range cells {
		if c >= 0 && (best < 0 || c < best) {
			best = c
		}
	}
	return best
}

// The names of the styles: the web's stylesheet classes, the words a test
// or a reader of the SVG sees.
var (
	shadeNames  = [...]string{ShadePlain: "", ShadeDark: "dark", ShadeLit: "lit", ShadeFocus: "focus"}
	textNames   = [...]string{Given: "given", Solved: "solved", Clue: "clue"}
	symbolNames = [...]string{NoSymbol: "", Disc: "disc", SmallDot: "dot", Cross: "cross"}
	roleNames   = [...]string{None: "", Focus: "focus", Placed: "placed", Eliminated: "eliminated",
		Base: "base", Cover: "cover", Unit: "unit", Contra: "contra",
		Pivot: "pivot", Pincer: "pincer", Corner: "corner", On: "on", Off: "off", Strong: "strong", Weak: "weak"}
)

func name(names []string, i int) string {
	if i < 0 || i >= len(names) {
		return ""
	}
	return names[i]
}

func (s Shade) String() string    { return name(shadeNames[:], int(s)) }
func (t TextRole) String() string { return name(textNames[:], int(t)) }
func (s Symbol) String() string   { return name(symbolNames[:], int(s)) }
func (r Role) String() string     { return name(roleNames[:], int(r)) }

// Borders are the thick lines of a board (both back ends draw them): its
// boxes' sides, its border regions' outlines and its thick edges, each side once, joined
// into straight runs: horizontal ones by row, then vertical ones by
// column. A list page draws a thumbnail's borders fifty times, so this
// marks sides in two flat tables rather than sets.
func (b *Board) Borders() []Run {
	if b.Rows <= 0 || b.Cols <= 0 {
		return nil
	}
	// h[r*Cols+c]: the side from corner (r, c) to (r, c+1), r <= Rows;
	// v[c*Rows+r]: from (r, c) to (r+1, c), c <= Cols
	sides := make([]bool, (b.Rows+1)*b.Cols+(b.Cols+1)*b.Rows)
	h, v := sides[:(b.Rows+1)*b.Cols], sides[(b.Rows+1)*b.Cols:]
	if b.BoxRows > 0 && b.BoxCols > 0 {
		for r := 0; r <= b.Rows; r += b.BoxRows {
			for c := 0; c < b.Cols; c++ {
				h[r*b.Cols+c] = true
			}
		}
		for c := 0; c <= b.Cols; c += b.BoxCols {
			for r := 0; r < b.Rows; r++ {
				v[c*b.Rows+r] = true
			}
		}
	}
	var in []bool
	for _, rg := range b.Regions {
		if rg.Style != RegionBorder {
			continue
		}
		if in == nil {
			in = make([]bool, b.Len())
		}
		for _, c := range rg.Cells {
			if c >= 0 && c < len(in) {
				in[c] = true
			}
		}
		has := func(r, c int) bool { return r >= 0 && r < b.Rows && c >= 0 && c < b.Cols && in[r*b.Cols+c] }
		for _, c := range rg.Cells {
			if c < 0 || c >= len(in) {
				continue
			}
			r, col := c/b.Cols, c%b.Cols
			if !has(r-1, col) {
				h[r*b.Cols+col] = true
			}
			if !has(r+1, col) {
				h[(r+1)*b.Cols+col] = true
			}
			if !has(r, col-1) {
				v[col*b.Rows+r] = true
			}
			if !has(r, col+1) {
				v[(col+1)*b.Rows+r] = true
			}
		}
		for _, c := range rg.Cells {
			if c >= 0 && c < len(in) {
				in[c] = false
			}
		}
	}
	for _, e := range b.Edges {
		if e.Style == EdgeThick && b.OnGrid(e) {
			if e.Down {
				v[e.Col*b.Rows+e.Row] = true
			} else {
				h[e.Row*b.Cols+e.Col] = true
			}
		}
	}
	out := make([]Run, 0, b.Rows+b.Cols+2)
	for r := 0; r <= b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			if !h[r*b.Cols+c] {
				continue
			}
			if n := len(out); n > 0 && !out[n-1].Down && out[n-1].Row == r && out[n-1].Col+out[n-1].Len == c {
				out[n-1].Len++
				continue
			}
			out = append(out, Run{Row: r, Col: c, Len: 1})
		}
	}
	for c := 0; c <= b.Cols; c++ {
		for r := 0; r < b.Rows; r++ {
			if !v[c*b.Rows+r] {
				continue
			}
			if n := len(out); n > 0 && out[n-1].Down && out[n-1].Col == c && out[n-1].Row+out[n-1].Len == r {
				out[n-1].Len++
				continue
			}
			out = append(out, Run{Row: r, Col: c, Len: 1, Down: true})
		}
	}
	return out
}

// OnGrid reports whether an edge lies on the grid.
func (b *Board) OnGrid(e Edge) bool {
	if e.Down {
		return e.Row >= 0 && e.Row < b.Rows && e.Col >= 0 && e.Col <= b.Cols
	}
	return e.Row >= 0 && e.Row <= b.Rows && e.Col >= 0 && e.Col < b.Cols
}

// InsetPoint is a grid corner (Row, Col) moved by DX and DY insets (-1,
// 0 or 1 times the back end's inset, right and down): a point of a cage's
// outline, drawn just inside its cells.
type InsetPoint struct {
	Row, Col int
	DX, DY   int
}

// CageSide is one straight piece of a cage's outline.
type CageSide struct{ From, To InsetPoint }

// CageOutline is the outline of a cage, inset into its cells: one piece
// per cell side on the cage's border, each ending where the outline turns
// (inside a convex corner, outside a concave one) or meets the next cell's
// piece, so the pieces join into closed loops that both back ends draw
// the same. Cells out of range are ignored.
func (b *Board) CageOutline(cells []int) []CageSide {
	in := make(map[int]bool, len(cells))
	for _, c := range cells {
		if c >= 0 && c < b.Len() {
			in[c] = true
		}
	}
	has := func(r, c int) bool { return r >= 0 && r < b.Rows && c >= 0 && c < b.Cols && in[r*b.Cols+c] }
	// end is the inset at a piece's end: inside when the outline turns
	// there (no cage cell ahead), 0 when it runs on (the cell ahead is in
	// the cage, the one beyond the border is not), outside when it turns
	// round a concave corner (both are).
	end := func(ahead, beyond bool, inside int) int {
		switch {
		case !ahead:
			return inside
		case beyond:
			return -inside
		}
		return 0
	}
	var out []CageSide
	for _, c := range cells {
		if c < 0 || c >= b.Len() {
			continue
		}
		r, col := c/b.Cols, c%b.Cols
		if !has(r-1, col) { // top
			out = append(out, CageSide{
				InsetPoint{r, col, end(has(r, col-1), has(r-1, col-1), 1), 1},
				InsetPoint{r, col + 1, end(has(r, col+1), has(r-1, col+1), -1), 1}})
		}
		if !has(r+1, col) { // bottom
			out = append(out, CageSide{
				InsetPoint{r + 1, col, end(has(r, col-1), has(r+1, col-1), 1), -1},
				InsetPoint{r + 1, col + 1, end(has(r, col+1), has(r+1, col+1), -1), -1}})
		}
		if !has(r, col-1) { // left
			out = append(out, CageSide{
				InsetPoint{r, col, 1, end(has(r-1, col), has(r-1, col-1), 1)},
				InsetPoint{r + 1, col, 1, end(has(r+1, col), has(r+1, col-1), -1)}})
		}
		if !has(r, col+1) { // right
			out = append(out, CageSide{
				InsetPoint{r, col + 1, -1, end(has(r-1, col), has(r-1, col+1), 1)},
				InsetPoint{r + 1, col + 1, -1, end(has(r+1, col), has(r+1, col+1), -1)}})
		}
	}
	return out
}
