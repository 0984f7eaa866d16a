package export

import (
	"math"

	"github.com/go-pdf/fpdf"

	"pencilbox/draw"
)

// The booklet's inks and weights, by role (millimetres): print is black
// on white, so a role reads by weight and shape, never by colour alone.
const (
	thinLine   = 0.2  // a cell's side
	borderLine = 0.9  // a region's border, and the frame of a grid that has some
	frameLine  = 0.6  // the frame of a grid of plain cells
	cageLine   = 0.25 // a cage's dashed outline
)

// boardSize is a board's extent in cells: the grid and the clues outside
// it (columns, rows).
func boardSize(b *draw.Board) (int, int) {
	return b.Cols + draw.Clues(b.Left), b.Rows + draw.Clues(b.Top)
}

// drawBoard draws b for print with its top left corner (the outside
// clues' corner when it has some) at x, y and cells of side c mm. Parts a
// printed puzzle has no use for (a step's highlights, frames, chains) are
// left out; parts out of range are skipped. Every text the kind gave goes
// through text (the booklet's glyphs.text: fpdf panics on a character
// past the BMP).
func drawBoard(pdf *fpdf.Fpdf, b *draw.Board, x, y, c float64, text func(string) string) {
	gx, gy := x+float64(draw.Clues(b.Left))*c, y+float64(draw.Clues(b.Top))*c
	cx := func(col int) float64 { return gx + float64(col)*c }
	cy := func(row int) float64 { return gy + float64(row)*c }
	w, h := float64(b.Cols)*c, float64(b.Rows)*c
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetFillColor(0, 0, 0)
	for i, cell := range b.Cells {
		if i < b.Len() && cell.Shade == draw.ShadeDark {
			pdf.Rect(cx(i%b.Cols), cy(i/b.Cols), c, c, "F")
		}
	}
	switch b.Grid {
	case draw.GridLines:
		pdf.SetLineWidth(thinLine)
		for k := 1; k < b.Cols; k++ {
			pdf.Line(cx(k), gy, cx(k), gy+h)
		}
		for k := 1; k < b.Rows; k++ {
			pdf.Line(gx, cy(k), gx+w, cy(k))
		}
	case draw.GridDots:
		for r := 0; r <= b.Rows; r++ {
			for k := 0; k <= b.Cols; k++ {
				pdf.Circle(cx(k), cy(r), max(0.35, c*0.06), "F")
			}
		}
	}
	// Inner borders, then the frame as one closed rectangle with mitred
	// corners: drawn as four lines with butt ends, its outer corners show
	// a notch at high zoom.
	frame := frameLine
	runs := b.Borders()
	if len(runs) > 0 {
		frame = borderLine
	}
	pdf.SetLineWidth(borderLine)
	for _, r := range runs {
		if r.Down && (r.Col == 0 || r.Col == b.Cols) || !r.Down && (r.Row == 0 || r.Row == b.Rows) {
			continue
		}
		if r.Down {
			pdf.Line(cx(r.Col), cy(r.Row), cx(r.Col), cy(r.Row+r.Len))
		} else {
			pdf.Line(cx(r.Col), cy(r.Row), cx(r.Col+r.Len), cy(r.Row))
		}
	}
	if b.Grid != draw.GridDots {
		pdf.SetLineWidth(frame)
		pdf.SetLineJoinStyle("miter")
		pdf.Rect(gx, gy, w, h, "D")
	}
	for _, rg := range b.Regions {
		if rg.Style == draw.RegionCage {
			printCage(pdf, b, rg, gx, gy, c, text)
		}
	}
	for i, cell := range b.Cells {
		if i >= b.Len() {
			break
		}
		x0, y0 := cx(i%b.Cols), cy(i/b.Cols)
		if cell.Text != "" {
			switch cell.TextRole {
			case draw.Clue:
				pdf.SetTextColor(255, 255, 255)
				pdf.SetFont("go", "B", pt(c*0.6))
			case draw.Solved:
				pdf.SetTextColor(70, 70, 70)
				pdf.SetFont("go", "", pt(c*0.62))
			default:
				pdf.SetTextColor(0, 0, 0)
				pdf.SetFont("go", "B", pt(c*0.62))
			}
			pdf.SetXY(x0, y0)
			pdf.CellFormat(c, c, text(cell.Text), "", 0, "CM", false, 0, "")
			pdf.SetTextColor(0, 0, 0)
		}
		switch cell.Symbol {
		case draw.Disc:
			light(pdf, x0+c/2, y0+c/2, c)
		case draw.SmallDot:
			pdf.SetFillColor(0, 0, 0)
			pdf.Circle(x0+c/2, y0+c/2, c*0.08, "F")
		case draw.Cross:
			pdf.SetLineWidth(max(0.15, c*0.05))
			d := c / 4
			pdf.Line(x0+c/2-d, y0+c/2-d, x0+c/2+d, y0+c/2+d)
			pdf.Line(x0+c/2+d, y0+c/2-d, x0+c/2-d, y0+c/2+d)
		}
	}
	for _, e := range b.Edges {
		if e.Style == draw.EdgeThick || !b.OnGrid(e) {
			continue
		}
		x1, y1 := cx(e.Col), cy(e.Row)
		x2, y2 := x1+c, y1
		if e.Down {
			x2, y2 = x1, y1+c
		}
		if e.Style == draw.EdgeLine {
			pdf.SetLineWidth(max(0.5, c*0.08))
			pdf.SetLineCapStyle("round")
			pdf.Line(x1, y1, x2, y2)
			pdf.SetLineCapStyle("butt")
			continue
		}
		mx, my, d := (x1+x2)/2, (y1+y2)/2, c/8
		pdf.SetLineWidth(max(0.15, c*0.03))
		pdf.Line(mx-d, my-d, mx+d, my+d)
		pdf.Line(mx+d, my-d, mx-d, my+d)
	}
	pdf.SetFont("go", "", pt(c*0.5))
	for col, clues := range b.Top {
		for k, t := range clues {
			if col < b.Cols {
				pdf.SetXY(cx(col), gy-float64(len(clues)-k)*c)
				pdf.CellFormat(c, c, text(t), "", 0, "CM", false, 0, "")
			}
		}
	}
	for row, clues := range b.Left {
		for k, t := range clues {
			if row < b.Rows {
				pdf.SetXY(gx-float64(len(clues)-k)*c, cy(row))
				pdf.CellFormat(c, c, text(t), "", 0, "CM", false, 0, "")
			}
		}
	}
	pdf.SetLineWidth(thinLine)
}

// printCage draws a cage's dashed outline just inside its cells and its
// label in the top left corner, legible at newspaper size.
func printCage(pdf *fpdf.Fpdf, b *draw.Board, rg draw.Region, gx, gy, c float64, text func(string) string) {
	in := c * 0.08
	pdf.SetLineWidth(cageLine)
	pdf.SetDashPattern([]float64{c * 0.1, c * 0.07}, 0)
	at := func(p draw.InsetPoint) (float64, float64) {
		return gx + float64(p.Col)*c + float64(p.DX)*in, gy + float64(p.Row)*c + float64(p.DY)*in
	}
	for _, side := range b.CageOutline(rg.Cells) {
		x1, y1 := at(side.From)
		x2, y2 := at(side.To)
		pdf.Line(x1, y1, x2, y2)
	}
	pdf.SetDashPattern(nil, 0)
	if k := draw.LabelCell(rg.Cells); rg.Label != "" && k >= 0 && k < b.Len() {
		size := math.Max(c*0.26, 1.8)
		pdf.SetFont("go", "", pt(size))
		pdf.SetFillColor(255, 255, 255)
		pdf.SetXY(gx+float64(k%b.Cols)*c+in, gy+float64(k/b.Cols)*c+in)
		pdf.CellFormat(c/2, size*1.1, text(rg.Label), "", 0, "LT", true, 0, "")
	}
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
	pdf.SetLineWidth(thinLine)
}
