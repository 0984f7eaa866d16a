package export

import (
	"fmt"

	"github.com/go-pdf/fpdf"

	"pencilbox"
	"pencilbox/engine/akari"
)

// AkariDrawer draws Akari: white cells with thin lines, black cells,
// clue numbers in white; a solution marks the lights.
type AkariDrawer struct{}

// Cells is the grid's stored size.
func (AkariDrawer) Cells(p pencilbox.Puzzle) (int, int) { return p.Width, p.Height }

// Draw draws the cells, and the lights when asked for the solution.
func (AkariDrawer) Draw(pdf *fpdf.Fpdf, p pencilbox.Puzzle, x, y, c float64, solution bool) error {
	cells, err := akariCells(p)
	if err != nil {
		return err
	}
	w, h := p.Width, p.Height
	pdf.SetLineWidth(0.2)
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetFillColor(0, 0, 0)
	for i, b := range cells {
		cx, cy := x+float64(i%w)*c, y+float64(i/w)*c
		if b == '.' {
			pdf.Rect(cx, cy, c, c, "D")
			if solution && len(p.Solution) == len(cells) && p.Solution[i] == 'L' {
				light(pdf, cx+c/2, cy+c/2, c)
			}
			continue
		}
		pdf.Rect(cx, cy, c, c, "FD")
		if b >= '0' && b <= '4' {
			pdf.SetTextColor(255, 255, 255)
			pdf.SetFont("go", "B", pt(c*0.6))
			pdf.SetXY(cx, cy)
			pdf.CellFormat(c, c, string(b), "", 0, "CM", false, 0, "")
			pdf.SetTextColor(0, 0, 0)
		}
	}
	pdf.SetLineWidth(0.6)
	pdf.SetLineJoinStyle("miter")
	pdf.Rect(x, y, float64(w)*c, float64(h)*c, "D")
	return nil
}

// light marks a light in the cell of side c centred at x, y so that it
// reads in greyscale as in colour: by its shape, a yellow disc with a
// black ring and a black centre, not by its colour alone (yellow prints
// as a pale grey close to the paper's white).
func light(pdf *fpdf.Fpdf, x, y, c float64) {
	pdf.SetLineWidth(max(0.15, c*0.07))
	pdf.SetFillColor(255, 214, 10)
	pdf.Circle(x, y, c*0.34, "FD")
	pdf.SetFillColor(0, 0, 0)
	pdf.Circle(x, y, c*0.12, "F")
	pdf.SetLineWidth(0.2)
}

// akariCells reads the stored notation (a Tatham ID) into cell codes:
// '.' white, '#' black, '0'-'4' clue.
func akariCells(p pencilbox.Puzzle) ([]byte, error) {
	ap, err := akari.Parse(p.Givens)
	if err != nil {
		return nil, err
	}
	if ap.W != p.Width || ap.H != p.Height {
		return nil, fmt.Errorf("stored size %dx%d, givens %dx%d", p.Width, p.Height, ap.W, ap.H)
	}
	return ap.Cells, nil
}
