package svg

import (
	"strconv"

	"pencilbox/draw"
)

// ThumbPx is the side a thumbnail's grid fits into.
const ThumbPx = 72

// ThumbCell is a thumbnail's cell side for a board: what fits ThumbPx,
// between 4 and 36 pixels.
func ThumbCell(b *draw.Board) int {
	n := max(b.Rows+draw.Clues(b.Top), b.Cols+draw.Clues(b.Left), 1)
	return min(max(ThumbPx/n, 4), MaxCell)
}

// ThumbFit is the size a thumbnail drawn width x height (its viewBox) is
// shown at: itself when it fits a ThumbPx+4 square, else scaled down to
// fit it, keeping its proportions (at least 1 px a side). A large board
// (an Akari of 100x100 is 404 px at the smallest drawn cell) then keeps
// its row of a list, or its card on a phone, as narrow as a small one;
// the viewBox scales the drawing.
func ThumbFit(width, height int) (w, h int) {
	const box = ThumbPx + 4
	if width <= box && height <= box {
		return width, height
	}
	if width >= height {
		return box, max(1, (height*box+width/2)/width)
	}
	return max(1, (width*box+height/2)/height), box
}

// Thumb is the library list's small picture of a board: its grid, cage
// outlines, dark cells, texts and drawn edges, nothing of a step. A list page draws
// fifty, so it is written in one pass with few elements: a row's run of
// dark cells is one rect, the cell lines one path. A thumbnail draws one
// level of lines: its regions' borders when it has some (a Sudoku's
// boxes), else its cells'. Its colours are the stylesheet's (classes
// paper, thin, ink, cage, walls, digits, clues); the attributes are the
// fallback without it.
//
// It appends to a local slice rather than through buf: a slice held in a
// struct behind a pointer pays a GC write barrier on every append, a
// third of the thumbnail's time while a list page's garbage is collected.
func Thumb(b *draw.Board) []byte { return AppendThumb(make([]byte, 0, 1024+b.Len()*8), b) }

// AppendThumb appends b's thumbnail to o: a page renders into a buffer,
// whose free space (bytes.Buffer's AvailableBuffer) it can write into
// without a buffer of its own.
func AppendThumb(o []byte, b *draw.Board) []byte {
	cs := ThumbCell(b)
	const ox, oy = 2, 2
	width, height := b.Cols*cs+4, b.Rows*cs+4
	o = append(o, `<svg class="thumb"`...)
	sw, sh := ThumbFit(width, height)
	o = attr(o, "width", sw)
	o = attr(o, "height", sh)
	o = append(o, ` viewBox="0 0 `...)
	o = strconv.AppendInt(o, int64(width), 10)
	o = append(o, ' ')
	o = strconv.AppendInt(o, int64(height), 10)
	o = append(o, `" role="img" aria-label="`...)
	o = appendEsc(o, b.Name)
	o = append(o, `"><rect class="paper" x="1" y="1"`...)
	o = attr(o, "width", width-2)
	o = attr(o, "height", height-2)
	o = append(o, ` fill="#fff" stroke="#000" stroke-width="2"></rect>`...)
	path := func(o []byte, cmd byte, x, y int) []byte {
		o = append(o, cmd)
		o = strconv.AppendInt(o, int64(x), 10)
		o = append(o, ' ')
		return strconv.AppendInt(o, int64(y), 10)
	}
	if borders := b.Borders(); len(borders) > 0 {
		o = append(o, `<path class="ink" stroke="#000" d="`...)
		for _, r := range borders {
			// the frame is the paper's outline
			if r.Down && (r.Col == 0 || r.Col == b.Cols) || !r.Down && (r.Row == 0 || r.Row == b.Rows) {
				continue
			}
			o = path(o, 'M', ox+r.Col*cs, oy+r.Row*cs)
			if r.Down {
				o = append(o, 'v')
			} else {
				o = append(o, 'h')
			}
			o = strconv.AppendInt(o, int64(r.Len*cs), 10)
		}
		o = append(o, `"></path>`...)
	} else if b.Grid == draw.GridLines && (b.Cols > 1 || b.Rows > 1) {
		o = append(o, `<path class="thin" stroke="#999" stroke-width="0.5" d="`...)
		for x := 1; x < b.Cols; x++ {
			o = path(o, 'M', ox+x*cs, oy)
			o = append(o, 'V')
			o = strconv.AppendInt(o, int64(oy+b.Rows*cs), 10)
		}
		for y := 1; y < b.Rows; y++ {
			o = path(o, 'M', ox, oy+y*cs)
			o = append(o, 'H')
			o = strconv.AppendInt(o, int64(ox+b.Cols*cs), 10)
		}
		o = append(o, `"></path>`...)
	}
	// cages: their dashed outlines show a killer's shape (their sums are
	// too small to read at this size)
	cages := false
	in := max(cs/8, 1)
	for _, rg := range b.Regions {
		if rg.Style != draw.RegionCage {
			continue
		}
		if !cages {
			o = append(o, `<path class="cage" fill="none" stroke="#666" stroke-width="0.6" stroke-dasharray="1.5 1" d="`...)
			cages = true
		}
		for _, side := range b.CageOutline(rg.Cells) {
			o = path(o, 'M', ox+side.From.Col*cs+side.From.DX*in, oy+side.From.Row*cs+side.From.DY*in)
			o = path(o, 'L', ox+side.To.Col*cs+side.To.DX*in, oy+side.To.Row*cs+side.To.DY*in)
		}
	}
	if cages {
		o = append(o, `"></path>`...)
	}
	dark := func(i int) bool { return i < len(b.Cells) && b.Cells[i].Shade == draw.ShadeDark }
	walls := false
	for y := 0; y < b.Rows; y++ {
		for x := 0; x < b.Cols; {
			if !dark(y*b.Cols + x) {
				x++
				continue
			}
			end := x
			for end < b.Cols && dark(y*b.Cols+end) {
				end++
			}
			if !walls {
				o = append(o, `<g class="walls" fill="#222">`...)
				walls = true
			}
			o = append(o, `<rect`...)
			o = attr(o, "x", ox+x*cs)
			o = attr(o, "y", oy+y*cs)
			o = attr(o, "width", (end-x)*cs)
			o = attr(o, "height", cs)
			o = append(o, `></rect>`...)
			x = end
		}
	}
	if walls {
		o = append(o, `</g>`...)
	}
	texts := func(o []byte, clue bool, open string, size, base int) []byte {
		started := false
		for i, c := range b.Cells {
			if i >= b.Len() || c.Text == "" || (c.TextRole == draw.Clue) != clue {
				continue
			}
			if !started {
				o = append(o, open...)
				o = attr(o, "font-size", size)
				o = append(o, '>')
				started = true
			}
			o = append(o, `<text`...)
			o = attr(o, "x", ox+i%b.Cols*cs+cs/2)
			o = attr(o, "y", oy+i/b.Cols*cs+base)
			o = append(o, '>')
			o = appendEsc(o, c.Text)
			o = append(o, `</text>`...)
		}
		if started {
			o = append(o, `</g>`...)
		}
		return o
	}
	o = texts(o, false, `<g class="digits" text-anchor="middle"`, cs*7/8, cs*7/8)
	o = texts(o, true, `<g class="clues" fill="#fff" font-weight="bold" text-anchor="middle"`, cs*2/3, cs*3/4)
	for _, e := range b.Edges {
		if e.Style != draw.EdgeLine || !b.OnGrid(e) {
			continue
		}
		o = append(o, `<path class="ink" stroke="#000" stroke-width="2" d="`...)
		o = path(o, 'M', ox+e.Col*cs, oy+e.Row*cs)
		if e.Down {
			o = append(o, 'v')
		} else {
			o = append(o, 'h')
		}
		o = strconv.AppendInt(o, int64(cs), 10)
		o = append(o, `"></path>`...)
	}
	return append(o, `</svg>`...)
}

// attr appends ` name="n"`.
func attr(o []byte, name string, n int) []byte {
	o = append(o, ' ')
	o = append(o, name...)
	o = append(o, '=', '"')
	o = strconv.AppendInt(o, int64(n), 10)
	return append(o, '"')
}

// appendEsc appends text escaped for an attribute or an element's content.
func appendEsc(o []byte, s string) []byte {
	w := buf{b: o}
	w.esc(s)
	return w.b
}
