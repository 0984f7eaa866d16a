// Package svg draws a draw.Board as SVG for the web: the page's board
// (with row and column labels, so a step's sentence naming r3c10 can be
// followed) and the library list's thumbnail. It styles by class, one per
// role (web/static/app.css gives each its colours, light and dark), and
// never sees a kind.
package svg

import (
	"math"
	"strconv"
	"strings"

	"pencilbox/draw"
)

// FitPx is the side, in pixels, a page's grid fits into: cells shrink to
// fit it down to MinCell; a grid still bigger is shown in a frame that
// pans and zooms (see Big).
const FitPx = 560

// MinCell is the smallest cell of a page's board, in pixels: below it a
// cell's clue stops being readable.
const MinCell = 14

// MaxCell and MaxMarkCell are the largest cells: a board of plain cells
// stays at a pencil-and-paper size, one with candidate marks takes cells
// big enough to read them.
const (
	MaxCell     = 36
	MaxMarkCell = 60
)

// labelPx is the margin the row and column labels take.
const labelPx = 22

// Layout is where a board's parts go, in pixels.
type Layout struct {
	Cell          int // a cell's side
	X, Y          int // the grid's top left corner
	Width, Height int // the whole picture
	LabelLeft     int // the row labels' margin (wider for r100)
}

// PageLayout is the layout of a page's board: cells of the size FitPx
// allows, labels on the top and left, any outside clues between them and
// the grid.
func PageLayout(b *draw.Board) Layout {
	n := max(b.Rows+draw.Clues(b.Top), b.Cols+draw.Clues(b.Left), 1)
	hi := MaxCell
	if b.MarkRows*b.MarkCols > 0 {
		hi = MaxMarkCell
	}
	cs := max(min(max(FitPx/n, 4), hi), MinCell)
	l := Layout{Cell: cs, LabelLeft: max(labelPx, LabelWidth("r"+strconv.Itoa(b.Rows), LabelFont(cs))+5)}
	l.X = l.LabelLeft + draw.Clues(b.Left)*cs + 2
	l.Y = labelPx + draw.Clues(b.Top)*cs + 2
	l.Width = l.X + b.Cols*cs + 2
	l.Height = l.Y + b.Rows*cs + 2
	return l
}

// Big reports whether a page's board is too big to show whole at a
// readable size: its grid is over FitPx at MinCell. The page shows it in
// a frame that pans and zooms.
func Big(b *draw.Board) bool {
	l := PageLayout(b)
	return l.Cell*max(b.Rows+draw.Clues(b.Top), b.Cols+draw.Clues(b.Left)) > FitPx
}

// buf appends SVG text.
type buf struct{ b []byte }

func (w *buf) s(s string) *buf { w.b = append(w.b, s...); return w }
func (w *buf) n(n int) *buf    { w.b = strconv.AppendInt(w.b, int64(n), 10); return w }
func (w *buf) f(f float64) *buf {
	w.b = strconv.AppendFloat(w.b, f, 'f', 1, 64)
	return w
}

// esc appends text escaped for an attribute or an element's content.
func (w *buf) esc(s string) *buf {
	if !strings.ContainsAny(s, `&<>"'`) {
		return w.s(s)
	}
	for _, r := range s {
		switch r {
		case '&':
			w.s("&amp;")
		case '<':
			w.s("&lt;")
		case '>':
			w.s("&gt;")
		case '"':
			w.s("&#34;")
		case '\'':
			w.s("&#39;")
		default:
			w.b = append(w.b, string(r)...)
		}
	}
	return w
}

// attr appends ` name="n"`.
func (w *buf) attr(name string, n int) *buf { return w.s(" ").s(name).s(`="`).n(n).s(`"`) }

// class appends ` class="base role"` (the role left out when empty).
func (w *buf) class(base, role string) *buf {
	w.s(` class="`).s(base)
	if role != "" {
		w.s(" ").s(role)
	}
	return w.s(`"`)
}

// Board is the page's SVG of b, with the given class on its svg element
// (the page's: "board fit", "board big").
func Board(b *draw.Board, class string) []byte {
	l := PageLayout(b)
	w := &buf{b: make([]byte, 0, 4096+b.Len()*48)}
	w.s(`<svg`).class(class, "").attr("width", l.Width).attr("height", l.Height)
	w.s(` viewBox="0 0 `).n(l.Width).s(" ").n(l.Height).s(`" role="img" aria-label="`).esc(b.Name).s(`">`)
	if hasArrow(b) {
		w.s(`<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">` +
			`<path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead"></path></marker></defs>`)
	}
	cs := l.Cell
	cx := func(c int) int { return l.X + c*cs }
	cy := func(r int) int { return l.Y + r*cs }
	// shaded cells (a plain cell is the board's paper)
	for i, c := range b.Cells {
		if i >= b.Len() {
			break
		}
		if c.Shade != draw.ShadePlain {
			w.s(`<rect`).class("cell", c.Shade.String()).attr("x", cx(i%b.Cols)).attr("y", cy(i/b.Cols)).attr("width", cs).attr("height", cs).s(`></rect>`)
		}
	}
	// highlighted regions, under the lines
	for _, rg := range b.Regions {
		if rg.Style == draw.RegionHighlight {
			region(w, b, l, rg)
		}
	}
	grid(w, b, l)
	// frames
	for _, f := range b.Frames {
		if f.Cell < 0 || f.Cell >= b.Len() || f.Role == draw.None {
			continue
		}
		x, y := cx(f.Cell%b.Cols), cy(f.Cell/b.Cols)
		if f.Role == draw.Focus {
			w.s(`<rect`).class("frame", "focus").attr("x", x).attr("y", y).attr("width", cs).attr("height", cs)
		} else {
			in := max(cs/20, 1)
			w.s(`<rect`).class("frame", f.Role.String()).attr("x", x+in).attr("y", y+in).attr("width", cs-2*in).attr("height", cs-2*in).attr("rx", max(cs/10, 1))
		}
		w.s(`>`)
		if f.Title != "" {
			w.s(`<title>`).esc(f.Title).s(`</title>`)
		}
		w.s(`</rect>`)
	}
	// cages
	for _, rg := range b.Regions {
		if rg.Style == draw.RegionCage {
			cage(w, b, l, rg)
		}
	}
	// texts and symbols, then the marks of the cells without a text
	for i, c := range b.Cells {
		if i >= b.Len() {
			break
		}
		x, y := cx(i%b.Cols), cy(i/b.Cols)
		if c.Text != "" {
			size, base := cs*3/5, cs*43/60
			if c.TextRole == draw.Clue {
				size, base = cs*2/3, cs*3/4
			}
			w.s(`<text`).class(c.TextRole.String(), "").attr("x", x+cs/2).attr("y", y+base).attr("font-size", size).s(` text-anchor="middle">`).esc(c.Text).s(`</text>`)
		}
		symbol(w, c, x+cs/2, y+cs/2, cs)
	}
	for _, m := range b.Marks {
		if m.Cell < 0 || m.Cell >= b.Len() || m.At < 1 || m.At > b.MarkRows*b.MarkCols || b.Cell(m.Cell).Text != "" {
			continue
		}
		mx, my := markCentre(b, l, m.Cell, m.At)
		size := cs / 4
		if m.Role == draw.Placed {
			size = cs * 17 / 60
		}
		w.s(`<text`).class("cand", m.Role.String()).attr("x", mx).attr("y", my+cs/12).attr("font-size", size).s(` text-anchor="middle">`).esc(m.Text).s(`</text>`)
		if m.Role == draw.Eliminated {
			d := cs * 7 / 60
			w.s(`<line class="strike"`).attr("x1", mx-d).attr("y1", my).attr("x2", mx+d).attr("y2", my).s(`></line>`)
		}
	}
	edges(w, b, l)
	outside(w, b, l)
	labels(w, b, l)
	for _, d := range b.Dots {
		if !b.Inside(d.At) {
			continue
		}
		x, y := point(b, l, d.At)
		w.s(`<circle`).class("node", d.Role.String()).s(` cx="`).f(x).s(`" cy="`).f(y).s(`"`).attr("r", max(cs*2/15, 2)).s(`>`)
		if d.Title != "" {
			w.s(`<title>`).esc(d.Title).s(`</title>`)
		}
		w.s(`</circle>`)
	}
	for _, ln := range b.Lines {
		line(w, b, l, ln)
	}
	w.s(`</svg>`)
	return w.b
}

func hasArrow(b *draw.Board) bool {
	for _, l := range b.Lines {
		if l.Arrow {
			return true
		}
	}
	return false
}

// markCentre is the centre of mark place at (1-based) in cell i.
func markCentre(b *draw.Board, l Layout, i, at int) (int, int) {
	d := at - 1
	cs := l.Cell
	x := l.X + i%b.Cols*cs + cs/(2*b.MarkCols) + d%b.MarkCols*cs/b.MarkCols
	y := l.Y + i/b.Cols*cs + cs/(2*b.MarkRows) + d/b.MarkCols*cs/b.MarkRows
	return x, y
}

// point is where p lies, in pixels.
func point(b *draw.Board, l Layout, p draw.Point) (float64, float64) {
	if p.Corner {
		return float64(l.X + p.Col*l.Cell), float64(l.Y + p.Row*l.Cell)
	}
	if p.Mark > 0 {
		x, y := markCentre(b, l, p.Row*b.Cols+p.Col, p.Mark)
		return float64(x), float64(y)
	}
	return float64(l.X + p.Col*l.Cell + l.Cell/2), float64(l.Y + p.Row*l.Cell + l.Cell/2)
}

// grid draws the cell lines (or corner dots) and the regions' borders.
func grid(w *buf, b *draw.Board, l Layout) {
	cs := l.Cell
	switch b.Grid {
	case draw.GridLines:
		for k := 0; k <= b.Cols; k++ {
			w.s(`<line class="thin"`).attr("x1", l.X+k*cs).attr("y1", l.Y).attr("x2", l.X+k*cs).attr("y2", l.Y+b.Rows*cs).s(`></line>`)
		}
		for k := 0; k <= b.Rows; k++ {
			w.s(`<line class="thin"`).attr("x1", l.X).attr("y1", l.Y+k*cs).attr("x2", l.X+b.Cols*cs).attr("y2", l.Y+k*cs).s(`></line>`)
		}
	case draw.GridDots:
		for r := 0; r <= b.Rows; r++ {
			for c := 0; c <= b.Cols; c++ {
				w.s(`<circle class="corner"`).attr("cx", l.X+c*cs).attr("cy", l.Y+r*cs).attr("r", max(cs/14, 2)).s(`></circle>`)
			}
		}
	}
	for _, run := range b.Borders() {
		x2, y2 := run.Col, run.Row
		if run.Down {
			y2 += run.Len
		} else {
			x2 += run.Len
		}
		w.s(`<line class="thick"`).attr("x1", l.X+run.Col*cs).attr("y1", l.Y+run.Row*cs).attr("x2", l.X+x2*cs).attr("y2", l.Y+y2*cs).s(`></line>`)
	}
}

// region draws a highlighted region: a rectangle when it is one, else
// its cells' squares filled and its outline stroked.
func region(w *buf, b *draw.Board, l Layout, rg draw.Region) {
	cs := l.Cell
	title := func() {
		if rg.Title != "" {
			w.s(`<title>`).esc(rg.Title).s(`</title>`)
		}
	}
	if r0, c0, rows, cols, ok := b.IsRect(rg.Cells); ok {
		w.s(`<rect`).class("region", rg.Role.String()).attr("x", l.X+c0*cs).attr("y", l.Y+r0*cs).attr("width", cols*cs).attr("height", rows*cs).s(`>`)
		title()
		w.s(`</rect>`)
		return
	}
	w.s(`<g`).class("region", rg.Role.String()).s(`>`)
	title()
	w.s(`<path class="fill" d="`)
	for _, c := range rg.Cells {
		if c >= 0 && c < b.Len() {
			w.s("M").n(l.X + c%b.Cols*cs).s(" ").n(l.Y + c/b.Cols*cs).s("h").n(cs).s("v").n(cs).s("h-").n(cs).s("z")
		}
	}
	w.s(`"></path><path class="outline" d="`)
	runsPath(w, l, draw.Runs(b.Outline(rg.Cells)))
	w.s(`"></path></g>`)
}

func runsPath(w *buf, l Layout, runs []draw.Run) {
	cs := l.Cell
	for _, r := range runs {
		w.s("M").n(l.X + r.Col*cs).s(" ").n(l.Y + r.Row*cs)
		if r.Down {
			w.s("v").n(r.Len * cs)
		} else {
			w.s("h").n(r.Len * cs)
		}
	}
}

// cage draws a dashed outline inset in the region's cells, and its label
// in the top left cell's corner.
func cage(w *buf, b *draw.Board, l Layout, rg draw.Region) {
	cs := l.Cell
	in := max(cs/12, 2)
	w.s(`<g`).class("cage", rg.Role.String()).s(`>`)
	if rg.Title != "" {
		w.s(`<title>`).esc(rg.Title).s(`</title>`)
	}
	w.s(`<path class="outline" d="`)
	at := func(p draw.InsetPoint) (int, int) { return l.X + p.Col*cs + p.DX*in, l.Y + p.Row*cs + p.DY*in }
	for _, side := range b.CageOutline(rg.Cells) {
		x1, y1 := at(side.From)
		x2, y2 := at(side.To)
		w.s("M").n(x1).s(" ").n(y1).s("L").n(x2).s(" ").n(y2)
	}
	w.s(`"></path>`)
	if c := draw.LabelCell(rg.Cells); rg.Label != "" && c >= 0 && c < b.Len() {
		size := max(cs/4, 8)
		w.s(`<text class="cagelabel"`).attr("x", l.X+c%b.Cols*cs+in+1).attr("y", l.Y+c/b.Cols*cs+in+size).attr("font-size", size).s(`>`).esc(rg.Label).s(`</text>`)
	}
	w.s(`</g>`)
}

// symbol draws a cell's symbol centred at x, y.
func symbol(w *buf, c draw.Cell, x, y, cs int) {
	switch c.Symbol {
	case draw.Disc:
		w.s(`<circle`).class("sym disc", c.SymbolRole.String()).attr("cx", x).attr("cy", y).attr("r", cs/3+1).s(`></circle>`)
	case draw.SmallDot:
		w.s(`<circle`).class("sym dot", c.SymbolRole.String()).attr("cx", x).attr("cy", y).attr("r", cs/8+1).s(`></circle>`)
	case draw.Cross:
		d := cs / 4
		w.s(`<path`).class("sym cross", c.SymbolRole.String()).s(` d="M`).n(x - d).s(" ").n(y - d).s("l").n(2 * d).s(" ").n(2 * d).s("M").n(x + d).s(" ").n(y - d).s("l-").n(2 * d).s(" ").n(2 * d).s(`"></path>`)
	}
}

// edges draws the drawn and crossed edges (thick ones are the grid's).
func edges(w *buf, b *draw.Board, l Layout) {
	cs := l.Cell
	for _, e := range b.Edges {
		if e.Style == draw.EdgeThick || !b.OnGrid(e) {
			continue
		}
		x1, y1 := l.X+e.Col*cs, l.Y+e.Row*cs
		x2, y2 := x1+cs, y1
		if e.Down {
			x2, y2 = x1, y1+cs
		}
		if e.Style == draw.EdgeLine {
			w.s(`<line`).class("edge", e.Role.String()).attr("x1", x1).attr("y1", y1).attr("x2", x2).attr("y2", y2).s(`></line>`)
			continue
		}
		mx, my, d := (x1+x2)/2, (y1+y2)/2, max(cs/8, 2)
		w.s(`<path`).class("edge cross", e.Role.String()).s(` d="M`).n(mx - d).s(" ").n(my - d).s("l").n(2 * d).s(" ").n(2 * d).s("M").n(mx + d).s(" ").n(my - d).s("l-").n(2 * d).s(" ").n(2 * d).s(`"></path>`)
	}
}

// outside draws the clues outside the grid: each column's above it, each
// row's to its left, the last clue next to the grid.
func outside(w *buf, b *draw.Board, l Layout) {
	cs := l.Cell
	size := cs * 11 / 20
	for c, clues := range b.Top {
		if c >= b.Cols {
			break
		}
		for k, t := range clues {
			y := l.Y - 2 - (len(clues)-k)*cs
			w.s(`<text class="outside"`).attr("x", l.X+c*cs+cs/2).attr("y", y+cs*7/10).attr("font-size", size).s(` text-anchor="middle">`).esc(t).s(`</text>`)
		}
	}
	for r, clues := range b.Left {
		if r >= b.Rows {
			break
		}
		for k, t := range clues {
			x := l.X - 2 - (len(clues)-k)*cs
			w.s(`<text class="outside"`).attr("x", x+cs/2).attr("y", l.Y+r*cs+cs*7/10).attr("font-size", size).s(` text-anchor="middle">`).esc(t).s(`</text>`)
		}
	}
}

// labelStep is every how many rows or columns a label is written: every
// one when they fit, else every 2, 5, 10, ... so that "c100" does not
// run over its neighbour on small cells.
func labelStep(width, cs int) int {
	for _, k := range []int{1, 2, 5, 10, 20, 50} {
		if k*cs >= width {
			return k
		}
	}
	return 100
}

// labelled reports whether row or column n (1-based) is named, every
// step-th: every other from the first (1, 3, 5) when step is 2, else the
// first and the multiples of step (1, 5, 10) but one too close to the
// first for a name width px wide on cells of cs px.
func labelled(n, step, cs, width int) bool {
	switch {
	case step == 1 || n == 1:
		return true
	case step == 2:
		return n%2 == 1
	}
	return n%step == 0 && (n-1)*cs >= width
}

// labels writes r1.. down the left and c1.. along the top: the names a
// step's sentence gives its cells.
func labels(w *buf, b *draw.Board, l Layout) {
	cs := l.Cell
	f := LabelFont(cs)
	cw := LabelWidth("c"+strconv.Itoa(b.Cols), f)
	cstep := labelStep(cw, cs)
	for k := 0; k < b.Cols; k++ {
		if !labelled(k+1, cstep, cs, cw) {
			continue
		}
		w.s(`<text class="label"`).attr("x", l.X+k*cs+cs/2).attr("y", labelPx-6).attr("font-size", f).s(` text-anchor="middle">c`).n(k + 1).s(`</text>`)
	}
	rstep := labelStep(f+1, cs)
	for k := 0; k < b.Rows; k++ {
		if !labelled(k+1, rstep, cs, f+1) {
			continue
		}
		w.s(`<text class="label"`).attr("x", l.LabelLeft/2).attr("y", l.Y+k*cs+cs/2+f/3).attr("font-size", f).s(` text-anchor="middle">r`).n(k + 1).s(`</text>`)
	}
}

// LabelFont is the row and column labels' font size on cells of cs px:
// 12 px, smaller on small cells (down to 9) so that a 24-column board
// still names every column.
func LabelFont(cs int) int { return min(max(cs*9/20, 9), 12) }

// LabelWidth is the width a label takes in font size f: what the page's
// sans-serif digits and letters take (0.62 em), and a gap.
func LabelWidth(text string, f int) int { return len(text)*f*62/100 + 3 }

// line draws a line through its points; an arrow's ends stop short of
// the dots it joins, and it ends in the arrowhead.
func line(w *buf, b *draw.Board, l Layout, ln draw.Line) {
	var xs, ys []float64
	for _, p := range ln.Points {
		if !b.Inside(p) {
			return
		}
		x, y := point(b, l, p)
		xs, ys = append(xs, x), append(ys, y)
	}
	if len(xs) < 2 {
		return
	}
	class := "link"
	if ln.Nested {
		class += " inner"
	}
	if len(xs) == 2 {
		x1, y1, x2, y2 := xs[0], ys[0], xs[1], ys[1]
		if ln.Arrow {
			// from the edge of one dot to the edge of the next
			r := float64(l.Cell) * 9 / 60
			dx, dy := x2-x1, y2-y1
			if d := math.Hypot(dx, dy); d > 20*float64(l.Cell)/60 {
				x1, y1 = x1+dx/d*r, y1+dy/d*r
				x2, y2 = x2-dx/d*r, y2-dy/d*r
			}
		}
		w.s(`<line`).class(class, ln.Role.String()).s(` x1="`).f(x1).s(`" y1="`).f(y1).s(`" x2="`).f(x2).s(`" y2="`).f(y2).s(`"`)
	} else {
		w.s(`<polyline`).class(class, ln.Role.String()).s(` points="`)
		for i := range xs {
			if i > 0 {
				w.s(" ")
			}
			w.f(xs[i]).s(",").f(ys[i])
		}
		w.s(`"`)
	}
	if ln.Arrow {
		w.s(` marker-end="url(#arrowhead)"`)
	}
	if ln.Order > 0 {
		w.attr("data-order", ln.Order).attr("data-chain", ln.Group)
	}
	w.s(`>`)
	if ln.Title != "" {
		w.s(`<title>`).esc(ln.Title).s(`</title>`)
	}
	if len(xs) == 2 {
		w.s(`</line>`)
	} else {
		w.s(`</polyline>`)
	}
}
