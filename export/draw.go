package export

import (
	"fmt"

	"github.com/go-pdf/fpdf"

	"pencilbox"
	"pencilbox/engine/akari"
)

// pt converts millimetres to a font size in points.
func pt(mm float64) float64 { return mm * 72 / 25.4 }

// sudokuDrawer draws 9x9 grids: thin cell lines, thick box lines, givens
// in bold; a solution adds the other digits in a lighter weight.
type sudokuDrawer struct{}

func (sudokuDrawer) cells(pencilbox.Puzzle) (int, int) { return 9, 9 }

func (sudokuDrawer) draw(pdf *fpdf.Fpdf, p pencilbox.Puzzle, x, y, c float64, solution bool) error {
	if len(p.Givens) != 81 {
		return fmt.Errorf("givens of %d cells, want 81", len(p.Givens))
	}
	if solution && len(p.Solution) != 81 {
		return fmt.Errorf("no solution stored (status %s)", p.Status)
	}
	pdf.SetDrawColor(0, 0, 0)
	for k := 0; k <= 9; k++ {
		w := 0.15
		if k%3 == 0 {
			w = 0.9
		}
		pdf.SetLineWidth(w)
		pdf.Line(x+float64(k)*c, y, x+float64(k)*c, y+9*c)
		pdf.Line(x, y+float64(k)*c, x+9*c, y+float64(k)*c)
	}
	for i := 0; i < 81; i++ {
		d := p.Givens[i]
		style := "B"
		if d < '1' || d > '9' {
			if !solution {
				continue
			}
			d, style = p.Solution[i], ""
			pdf.SetTextColor(70, 70, 70)
		}
		pdf.SetFont("go", style, pt(c*0.62))
		pdf.SetXY(x+float64(i%9)*c, y+float64(i/9)*c)
		pdf.CellFormat(c, c, string(d), "", 0, "CM", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
	}
	return nil
}

// akariDrawer draws Akari: white cells with thin lines, black cells,
// clue numbers in white; a solution marks the lights.
type akariDrawer struct{}

func (akariDrawer) cells(p pencilbox.Puzzle) (int, int) { return p.Width, p.Height }

func (akariDrawer) draw(pdf *fpdf.Fpdf, p pencilbox.Puzzle, x, y, c float64, solution bool) error {
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
				pdf.SetFillColor(255, 214, 10)
				pdf.Circle(cx+c/2, cy+c/2, c*0.3, "FD")
				pdf.SetFillColor(0, 0, 0)
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
	pdf.Rect(x, y, float64(w)*c, float64(h)*c, "D")
	return nil
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
