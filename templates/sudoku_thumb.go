package templates

import (
	"context"
	"io"
	"strconv"

	"github.com/a-h/templ"

	"pencilbox/engine/sudoku"
)

// sudokuThumb is the library list's 74-pixel picture of a grid: written
// by hand rather than by a template because a list page draws fifty of
// them and this is its hottest loop. It writes only numbers computed here
// and the grid's digits (1-9), so nothing needs escaping. Its colours are
// the stylesheet's (classes paper, ink, digits: light or dark scheme); the
// attributes are the fallback without it.
func sudokuThumb(g sudoku.Grid) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		b := make([]byte, 0, 2048)
		b = append(b, `<svg class="thumb" width="74" height="74" viewBox="0 0 74 74" role="img" aria-label="Sudoku grid">`+
			`<rect class="paper" x="1" y="1" width="72" height="72" fill="#fff" stroke="#000" stroke-width="2"></rect>`+
			`<path class="ink" d="M25 1V73M49 1V73M1 25H73M1 49H73" stroke="#000"></path>`+
			`<g class="digits" font-size="7" text-anchor="middle">`...)
		for i, d := range g {
			if d < 1 || d > 9 {
				continue
			}
			b = append(b, `<text x="`...)
			b = strconv.AppendInt(b, int64(5+i%9*8), 10)
			b = append(b, `" y="`...)
			b = strconv.AppendInt(b, int64(8+i/9*8), 10)
			b = append(b, '"', '>', '0'+d)
			b = append(b, `</text>`...)
		}
		b = append(b, `</g></svg>`...)
		_, err := w.Write(b)
		return err
	})
}
