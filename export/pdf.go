package export

import (
	"fmt"
	"io"
	"math"
	"sort"
	"time"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"pencilbox"
	"pencilbox/draw"
	"pencilbox/engine"
)

// MaxBooklet is the most puzzles one PDF booklet takes.
const MaxBooklet = 5000

// pdfWriter gathers the puzzles, then lays out the booklet on close.
type pdfWriter struct {
	w       io.Writer
	env     *writeEnv
	puzzles []numbered
	glyphs  *glyphs // every text printed goes through glyphs.text
}

type numbered struct {
	p pencilbox.Puzzle
	n int
}

func openPDF(w io.Writer, env *writeEnv) (writer, error) {
	g, err := newGlyphs()
	if err != nil {
		return nil, err
	}
	return &pdfWriter{w: w, env: env, glyphs: g}, nil
}

func (b *pdfWriter) write(p pencilbox.Puzzle, n int) error {
	if n > MaxBooklet {
		return fmt.Errorf("a booklet takes at most %d puzzles (use --limit)", MaxBooklet)
	}
	if k, ok := b.env.kinds.lookup(p.Kind); !ok || k.Describer == nil {
		return fmt.Errorf("no PDF drawing for %s puzzles", p.Kind)
	}
	if b.env.opt.Solutions && p.Solution == "" {
		return fmt.Errorf("it has no unique solution to print at the back (status %s): leave it out (status unique) or export without solutions", p.Status)
	}
	// described now, so that a puzzle its kind cannot draw is refused
	// by its number before the booklet is laid out
	if _, err := b.board(p, b.env.opt.Solutions); err != nil {
		return err
	}
	b.puzzles = append(b.puzzles, numbered{p, n})
	return nil
}

// pt converts millimetres to a font size in points.
func pt(mm float64) float64 { return mm * 72 / 25.4 }

// layout is the page geometry in millimetres.
type layout struct {
	pw, ph, margin float64
	cols, rows     int
}

func pageLayout(paper string, perPage int) layout {
	l := layout{pw: 210, ph: 297, margin: 15}
	if paper == "Letter" || paper == "letter" {
		l.pw, l.ph = 215.9, 279.4
	}
	l.cols, l.rows = map[int][2]int{1: {1, 1}, 2: {1, 2}, 4: {2, 2}, 6: {2, 3}}[perPage][0], map[int][2]int{1: {1, 1}, 2: {1, 2}, 4: {2, 2}, 6: {2, 3}}[perPage][1]
	return l
}

// BigCols is the width (or height) in cells above which a grid takes a
// page of its own, puzzle and solution: a 40-column Akari four to a page has cells of
// 2 mm, too small to pencil in or to read its lights.
const BigCols = 30

// order sorts the puzzles as the options ask and numbers them anew.
func (b *pdfWriter) order(opt Options) {
	switch {
	case opt.ByRank:
		sort.SliceStable(b.puzzles, func(i, j int) bool {
			x, y := b.puzzles[i].p, b.puzzles[j].p
			if x.Rank != y.Rank {
				return x.Rank < y.Rank
			}
			return x.Score < y.Score
		})
	case opt.ByScale:
		// the rated by their figure, then the pending (the queue has not
		// rated them: no figure yet), then those without one (another
		// kind, or nothing to rate), each group in its order
		sort.SliceStable(b.puzzles, func(i, j int) bool {
			gi, gj := b.env.kinds.scaleGroup(b.puzzles[i].p), b.env.kinds.scaleGroup(b.puzzles[j].p)
			if gi != gj {
				return gi < gj
			}
			return gi == groupRated && b.puzzles[i].p.Scales[0] < b.puzzles[j].p.Scales[0]
		})
	default:
		return
	}
	for i := range b.puzzles {
		b.puzzles[i].n = i + 1
	}
}

// pager adds pages and numbers them in their footers.
type pager struct {
	pdf  *fpdf.Fpdf
	l    layout
	page int
	open bool
}

// next ends the page in progress (its footer) and starts another.
func (p *pager) next() {
	p.end()
	p.pdf.AddPage()
	p.open = true
}

// end writes the footer of the page in progress, if any.
func (p *pager) end() {
	if !p.open {
		return
	}
	p.open = false
	p.page++
	p.pdf.SetFont("go", "", 9)
	p.pdf.SetTextColor(90, 90, 90)
	p.pdf.SetXY(0, p.l.ph-10)
	p.pdf.CellFormat(p.l.pw, 5, fmt.Sprint(p.page), "", 0, "CM", false, 0, "")
	p.pdf.SetTextColor(0, 0, 0)
}

func (b *pdfWriter) close() error {
	opt := b.env.opt
	if opt.PerPage == 0 {
		opt.PerPage = 4
	}
	if len(opt.Labels) > len(b.puzzles) {
		return fmt.Errorf("%d labels for %d puzzles: one label a line, a line for each puzzle", len(opt.Labels), len(b.puzzles))
	}
	b.order(opt)
	labels := map[int]string{} // by puzzle number
	for i, np := range b.puzzles {
		if l := opt.Label(i); l != "" {
			labels[np.n] = b.glyphs.text(l)
		}
	}
	size := "A4"
	if opt.Paper == "Letter" || opt.Paper == "letter" {
		size = "Letter"
	}
	pdf := fpdf.New("P", "mm", size, "")
	created := opt.Created
	if created.IsZero() {
		created = time.Now()
	}
	pdf.SetCreationDate(created)
	pdf.SetModificationDate(created)
	pdf.SetCreator("pencilbox", true)
	title := b.glyphs.text(opt.Title)
	pdf.SetTitle(title, true)
	pdf.AddUTF8FontFromBytes("go", "", goregular.TTF)
	pdf.AddUTF8FontFromBytes("go", "B", gobold.TTF)
	pdf.SetAutoPageBreak(false, 0)
	l := pageLayout(opt.Paper, opt.PerPage)
	pg := &pager{pdf: pdf, l: l}
	if title != "" {
		pg.next()
		pdf.SetFont("go", "B", 28)
		pdf.SetXY(l.margin, l.ph/3)
		pdf.MultiCell(l.pw-2*l.margin, 12, title, "", "C", false)
		pdf.SetFont("go", "", 13)
		pdf.SetX(l.margin)
		what := fmt.Sprintf("%d puzzles", len(b.puzzles))
		if opt.Solutions {
			what += ", solutions at the back"
		}
		pdf.CellFormat(l.pw-2*l.margin, 10, what, "", 1, "CM", false, 0, "")
	}
	captionH := 9.0
	if len(labels) > 0 {
		captionH = 15 // the label on a line above the number
	}
	// puzzle pages: per to a page, a big grid on a page of its own
	per := l.cols * l.rows
	cw := (l.pw - 2*l.margin) / float64(l.cols)
	ch := (l.ph - 2*l.margin - 8) / float64(l.rows)
	slot := per
	for _, np := range b.puzzles {
		if b.big(np.p) {
			pg.next()
			if err := b.place(pdf, np, labels[np.n], l.margin, l.margin, l.pw-2*l.margin, l.ph-2*l.margin-8, captionH, false, opt.ShowIDs); err != nil {
				return err
			}
			slot = per
			continue
		}
		if slot == per {
			pg.next()
			slot = 0
		}
		x0 := l.margin + float64(slot%l.cols)*cw
		y0 := l.margin + float64(slot/l.cols)*ch
		if err := b.place(pdf, np, labels[np.n], x0, y0, cw, ch, captionH, false, opt.ShowIDs); err != nil {
			return err
		}
		slot++
	}
	if opt.Solutions {
		const scols, srows = 3, 4
		sw := (l.pw - 2*l.margin) / scols
		sh := (l.ph - 2*l.margin - 14) / srows
		order := append([]numbered(nil), b.puzzles...)
		sort.SliceStable(order, func(i, j int) bool { return order[i].n < order[j].n })
		heading := func() {
			pg.next()
			pdf.SetFont("go", "B", 16)
			pdf.SetXY(l.margin, l.margin-4)
			pdf.CellFormat(l.pw-2*l.margin, 10, "Solutions", "", 0, "LM", false, 0, "")
		}
		slot := scols * srows
		for _, np := range order {
			if b.big(np.p) {
				heading()
				if err := b.place(pdf, np, labels[np.n], l.margin, l.margin+10, l.pw-2*l.margin, l.ph-2*l.margin-18, 6, true, false); err != nil {
					return err
				}
				slot = scols * srows
				continue
			}
			if slot == scols*srows {
				heading()
				slot = 0
			}
			x0 := l.margin + float64(slot%scols)*sw
			y0 := l.margin + 10 + float64(slot/scols)*sh
			if err := b.place(pdf, np, labels[np.n], x0, y0, sw, sh, 6, true, false); err != nil {
				return err
			}
			slot++
		}
	}
	pg.end()
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return pdf.Output(b.w)
}

// board is p's drawing description from its kind (write took only kinds
// that describe their boards): the givens, or with solution the solution
// over them.
func (b *pdfWriter) board(p pencilbox.Puzzle, solution bool) (*draw.Board, error) {
	k, _ := b.env.kinds.lookup(p.Kind)
	sol := ""
	if solution {
		if p.Solution == "" {
			return nil, fmt.Errorf("no solution stored (status %s)", p.Status)
		}
		sol = p.Solution
	}
	givens := p.Givens
	if im, ok := k.Engine.(engine.Imager); ok && b.env.opt.Image != 0 {
		var err error
		givens, sol, err = im.Image(givens, sol, engine.ImageChoice(b.env.opt.Image, p.ID))
		if err != nil {
			return nil, fmt.Errorf("printed image: %w", err)
		}
	}
	d, err := k.Describer.Describe(givens, sol)
	if err != nil {
		return nil, fmt.Errorf("drawing: %w", err)
	}
	return d, nil
}

// big reports whether p's grid takes a page of its own: over BigCols
// cells wide, or as tall (a tall grid four to a page is as cramped).
// Write described it without an error.
func (b *pdfWriter) big(p pencilbox.Puzzle) bool {
	d, err := b.board(p, false)
	if err != nil {
		return false
	}
	w, h := boardSize(d)
	return w > BigCols || h > BigCols
}

// place draws one puzzle with its caption centred in the box x, y, w, h:
// its label (when it has one) on a line above its number and rating.
func (b *pdfWriter) place(pdf *fpdf.Fpdf, np numbered, label string, x, y, w, h, captionH float64, solution, ids bool) error {
	p := np.p
	d, err := b.board(p, solution)
	if err != nil {
		return err
	}
	gw, gh := boardSize(d)
	pad := 4.0
	// As large as the box allows, centred both ways with its caption: a
	// one-a-page 9x9 fills the page's width, where a cap of 12 mm cells
	// left it a small grid at the top with half the page empty.
	c := math.Min((w-2*pad)/float64(gw), (h-captionH-2*pad)/float64(gh))
	gx := x + (w-c*float64(gw))/2
	y += max(0, (h-captionH-pad-c*float64(gh))/2)
	gy := y + captionH + pad/2
	if solution {
		text := fmt.Sprintf("No. %d", np.n)
		if label != "" {
			text += " · " + label
		}
		pdf.SetFont("go", "B", 9)
		pdf.SetXY(gx, y)
		pdf.CellFormat(c*float64(gw), captionH, text, "", 0, "LM", false, 0, "")
		drawBoard(pdf, d, gx, gy, c, b.glyphs.text)
		return nil
	}
	// caption: the label, then number, stars or ER, id and source
	line := y
	lineH := captionH
	if label != "" {
		lineH = 9
		line = y + captionH - lineH
		// a long label in a narrow column: smaller, never past the grid
		size := 12.0
		pdf.SetFont("go", "B", size)
		if lw := pdf.GetStringWidth(label); lw > c*float64(gw) {
			size = max(7, size*c*float64(gw)/lw)
			pdf.SetFont("go", "B", size)
		}
		pdf.SetXY(gx, y)
		pdf.CellFormat(c*float64(gw), captionH-lineH, label, "", 0, "LB", false, 0, "")
	}
	pdf.SetFont("go", "B", 12)
	num := fmt.Sprintf("No. %d", np.n)
	pdf.SetXY(gx, line)
	lw := pdf.GetStringWidth(num) + 2
	pdf.CellFormat(lw, lineH, num, "", 0, "LM", false, 0, "")
	caption := b.env.opt.Caption
	sx := gx + lw + 1
	if caption == "" || caption == CaptionStars || caption == CaptionBoth {
		stars(pdf, sx, line+lineH/2, 1.6, p.Rank)
		sx += float64(p.Rank)*(2*1.6+0.6) + 2
	}
	if k, ok := b.env.kinds.lookup(p.Kind); ok && len(k.Scales) > 0 && p.Scales[0] > 0 && p.ScaleRated &&
		(caption == CaptionBoth || caption == k.Scales[0].Key) {
		sc := k.Scales[0]
		pdf.SetFont("go", "", 10)
		pdf.SetXY(sx, line)
		pdf.CellFormat(20, lineH, sc.Short+" "+sc.Format(p.Scales[0]), "", 0, "LM", false, 0, "")
	}
	if ids {
		pdf.SetFont("go", "", 8)
		src := ""
		if len(p.Sources) > 0 {
			src = " · " + b.glyphs.text(p.Sources[0].Label)
		}
		pdf.SetXY(gx, line+lineH-2)
		pdf.CellFormat(c*float64(gw), 4, fmt.Sprintf("id %d%s", p.ID, src), "", 0, "RM", false, 0, "")
	}
	drawBoard(pdf, d, gx, gy, c, b.glyphs.text)
	return nil
}

// stars draws n five-pointed stars of radius r starting at x, centred on y.
func stars(pdf *fpdf.Fpdf, x, y, r float64, n int) {
	pdf.SetFillColor(40, 40, 40)
	for i := 0; i < n; i++ {
		cx := x + r + float64(i)*(2*r+0.6)
		var pts []fpdf.PointType
		for k := 0; k < 10; k++ {
			rad := r
			if k%2 == 1 {
				rad = r * 0.45
			}
			a := -math.Pi/2 + float64(k)*math.Pi/5
			pts = append(pts, fpdf.PointType{X: cx + rad*math.Cos(a), Y: y + rad*math.Sin(a)})
		}
		pdf.Polygon(pts, "F")
	}
}
