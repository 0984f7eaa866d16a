package templates

import (
	"context"
	"io"
	"strconv"

	"github.com/a-h/templ"

	"pencilbox/engine/akari"
)

// akariThumb is the library list's small picture of an Akari grid, written
// by hand like sudokuThumb: the template drew a rect per cell (10,000 for a
// 100x100 grid), a sixth of a list page's server time under load. Here a
// row's run of black cells is one rect and the grid lines one path. It
// writes only numbers computed here and clue digits (0-4), so nothing
// needs escaping. Its colours are the stylesheet's (classes paper, thin,
// walls, clues), the attributes the fallback without it.
func akariThumb(p *akari.Puzzle) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		cs := akSize(p.W, p.H, 72)
		width, height := p.W*cs+4, p.H*cs+4
		num := func(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }
		b := make([]byte, 0, 1024+16*p.W*p.H/4)
		b = append(b, `<svg class="thumb" width="`...)
		b = num(b, width)
		b = append(b, `" height="`...)
		b = num(b, height)
		b = append(b, `" viewBox="0 0 `...)
		b = num(b, width)
		b = append(b, ' ')
		b = num(b, height)
		b = append(b, `" role="img" aria-label="Akari board"><rect class="paper" x="1" y="1" width="`...)
		b = num(b, width-2)
		b = append(b, `" height="`...)
		b = num(b, height-2)
		b = append(b, `" fill="#fff" stroke="#000" stroke-width="2"></rect><path class="thin" stroke="#999" stroke-width="0.5" d="`...)
		for x := 1; x < p.W; x++ {
			b = append(b, 'M')
			b = num(b, 2+x*cs)
			b = append(b, ` 2V`...)
			b = num(b, 2+p.H*cs)
		}
		for y := 1; y < p.H; y++ {
			b = append(b, `M2 `...)
			b = num(b, 2+y*cs)
			b = append(b, 'H')
			b = num(b, 2+p.W*cs)
		}
		b = append(b, `"></path><g class="walls" fill="#222">`...)
		black := func(c byte) bool { return c == '#' || c >= '0' && c <= '4' }
		for y := 0; y < p.H; y++ {
			row := p.Cells[y*p.W : (y+1)*p.W]
			for x := 0; x < p.W; {
				if !black(row[x]) {
					x++
					continue
				}
				end := x
				for end < p.W && black(row[end]) {
					end++
				}
				b = append(b, `<rect x="`...)
				b = num(b, 2+x*cs)
				b = append(b, `" y="`...)
				b = num(b, 2+y*cs)
				b = append(b, `" width="`...)
				b = num(b, (end-x)*cs)
				b = append(b, `" height="`...)
				b = num(b, cs)
				b = append(b, `"></rect>`...)
				x = end
			}
		}
		b = append(b, `</g><g class="clues" fill="#fff" font-weight="bold" text-anchor="middle" font-size="`...)
		b = num(b, cs*2/3)
		b = append(b, `">`...)
		for i, c := range p.Cells {
			if c < '0' || c > '4' {
				continue
			}
			b = append(b, `<text x="`...)
			b = num(b, 2+i%p.W*cs+cs/2)
			b = append(b, `" y="`...)
			b = num(b, 2+i/p.W*cs+cs*3/4)
			b = append(b, '"', '>', c)
			b = append(b, `</text>`...)
		}
		b = append(b, `</g></svg>`...)
		_, err := w.Write(b)
		return err
	})
}
