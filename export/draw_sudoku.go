package export

import (
	"fmt"

	"github.com/go-pdf/fpdf"

	"pencilbox"
)

// SudokuDrawer draws 9x9 grids: thin cell lines, thick box lines, givens
// in bold; a solution adds the other digits in a lighter weight.
type SudokuDrawer struct{}

// Cells is the grid's size: 9x9.
func (SudokuDrawer) Cells(pencilbox.Puzzle) (int, int) { return 9, 9 }

// Draw draws the givens, and the solution's other digits when asked.
func (SudokuDrawer) Draw(pdf *fpdf.Fpdf, p pencilbox.Puzzle, x, y, c float64, solution bool) error {
	if len(p.Givens) != 81 {
		return fmt.Errorf("givens of %d cells, want 81", len(p.Givens))
	}
	if solution && len(p.Solution) != 81 {
		return fmt.Errorf("no solution stored (status %s)", p.Status)
	}
	pdf.SetDrawColor(0, 0, 0)
	// Inner lines, then the border as one closed rectangle with mitred
	// corners: drawn as four lines with butt ends, its outer corners show
	// a notch at high zoom.
	for k := 1; k < 9; k++ {
		w := 0.15
		if k%3 == 0 {
			w = 0.9
		}
		pdf.SetLineWidth(w)
		pdf.Line(x+float64(k)*c, y, x+float64(k)*c, y+9*c)
		pdf.Line(x, y+float64(k)*c, x+9*c, y+float64(k)*c)
	}
	pdf.SetLineWidth(0.9)
	pdf.SetLineJoinStyle("miter")
	pdf.Rect(x, y, 9*c, 9*c, "D")
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
