package templates_test

import (
	"bytes"
	"context"
	"testing"

	"pencilbox/kinds/akari"
	"pencilbox/kinds/sudoku"
	"pencilbox/templates"
	"pencilbox/web/model"
)

const benchSudoku = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
const benchAkari = "24x14:yBa1aBd0bBdBaBa1cBbBa0BaBbBa21aBbBc0aBaBd0bBdBaBaBz1BBd1dBd2aBBBhBd2d3lBd1dBh010aBdBd1dBBBzBaBa0dBbBdBa1aBc2bBa11a1b1a2BaBbBc1aBa0dBbBdBaBa1y"

// benchThumb measures a list row's thumbnail: the kind's description of
// its givens, drawn by the shared back end into the page's buffer (a list
// page draws fifty).
func benchThumb(b *testing.B, v templates.KindView, givens string) {
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := v.Thumb(model.Puzzle{Givens: givens}).Render(context.Background(), &buf); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkThumbSudoku(b *testing.B) {
	benchThumb(b, templates.DrawnView(sudoku.Kind{}), benchSudoku)
}
func BenchmarkThumbAkari(b *testing.B) { benchThumb(b, templates.DrawnView(akari.Kind{}), benchAkari) }
