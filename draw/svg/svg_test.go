package svg_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pencilbox/draw"
	"pencilbox/draw/svg"
)

// elements parses an SVG and counts its elements by "name.class": it
// fails the test when the SVG is not well-formed.
func elements(t *testing.T, out []byte) map[string]int {
	t.Helper()
	n := map[string]int{}
	d := xml.NewDecoder(bytes.NewReader(out))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, out)
		}
		if e, ok := tok.(xml.StartElement); ok {
			class := ""
			for _, a := range e.Attr {
				if a.Name.Local == "class" {
					class = a.Value
				}
			}
			n[e.Name.Local+"."+class]++
		}
	}
}

// every is a board with one of each part, some of them out of range.
func every() *draw.Board {
	b := &draw.Board{Rows: 4, Cols: 5, Name: `a "test" <board> & more`, MarkRows: 2, MarkCols: 2,
		Cells: make([]draw.Cell, 20), Top: [][]string{{"1", "2"}, {"3"}}, Left: [][]string{nil, {"10", "1"}}}
	b.Cells[0] = draw.Cell{Shade: draw.ShadeDark, Text: "3", TextRole: draw.Clue}
	b.Cells[1] = draw.Cell{Text: "<", TextRole: draw.Given}
	b.Marks = []draw.Mark{{Cell: 2, At: 1, Text: "1"}, {Cell: 2, At: 2, Text: "2", Role: draw.Eliminated}, {Cell: 2, At: 3, Text: "3", Role: draw.Placed},
		{Cell: 2, At: 0, Text: "x"}, {Cell: 2, At: 5, Text: "y"}, {Cell: 1, At: 1, Text: "z"}, {Cell: 99, At: 1, Text: "w"}}
	b.Frames = []draw.Frame{{Cell: 1, Role: draw.Focus}, {Cell: 4, Role: draw.Pivot, Title: "pivot & hinge"}, {Cell: -1, Role: draw.Pivot}}
	b.Cells[3] = draw.Cell{Symbol: draw.Disc, SymbolRole: draw.Placed, Shade: draw.ShadeLit}
	b.Cells[4] = draw.Cell{Symbol: draw.SmallDot, SymbolRole: draw.Eliminated}
	b.Cells[5] = draw.Cell{Symbol: draw.Cross, Shade: draw.ShadeFocus}
	b.Edges = []draw.Edge{{Row: 0, Col: 0, Style: draw.EdgeLine}, {Row: 3, Col: 5, Down: true, Style: draw.EdgeCross}, {Row: 1, Col: 1, Style: draw.EdgeThick},
		{Row: 9, Col: 9}, {Row: -1, Col: 0, Down: true}}
	b.Dots = []draw.Dot{{At: draw.CellPoint(2, 5, 1), Role: draw.On}, {At: draw.Point{Row: 4, Col: 5, Corner: true}}, {At: draw.Point{Row: 7, Col: 0}}}
	b.Regions = []draw.Region{
		{Cells: []int{0, 1, 5, 6}, Style: draw.RegionBorder},
		{Cells: []int{7, 8, 13}, Style: draw.RegionCage, Label: "12"},
		{Cells: []int{10, 11, 12, 13, 14}, Style: draw.RegionHighlight, Role: draw.Base, Title: "row 3"},
		{Cells: []int{15, 16, 11}, Style: draw.RegionHighlight, Role: draw.Cover},
		{Cells: []int{-3, 99}, Style: draw.RegionHighlight},
	}
	b.Lines = []draw.Line{
		{Points: []draw.Point{draw.CellPoint(2, 5, 1), draw.CellPoint(19, 5, 4)}, Role: draw.Strong, Arrow: true, Order: 1, Title: "1. r1c3=1 ⇒"},
		{Points: []draw.Point{draw.CellPoint(0, 5, 0), draw.CellPoint(1, 5, 0), draw.CellPoint(6, 5, 0)}, Role: draw.Weak},
		{Points: []draw.Point{draw.CellPoint(0, 5, 0), {Row: 9, Col: 9}}},
	}
	return b
}

// TestBoardParts: every part of a description is drawn once with its
// role's class, text is escaped, and parts out of range are left out
// (never a panic): a mark at place 0 or past the sub-grid or off the
// board, a frame off the board, a dot, an
// edge, a line's point off the board, a region's cells out of range.
func TestBoardParts(t *testing.T) {
	out := svg.Board(every(), "board fit")
	n := elements(t, out)
	for el, want := range map[string]int{
		"rect.cell dark": 1, "rect.cell lit": 1, "rect.cell focus": 1,
		"text.clue": 1, "text.given": 1, "text.cand": 1, "text.cand eliminated": 1, "text.cand placed": 1, "line.strike": 1,
		"circle.sym disc placed": 1, "circle.sym dot eliminated": 1, "path.sym cross": 1,
		"rect.frame focus": 1, "rect.frame pivot": 1,
		"line.edge": 1, "path.edge cross": 1,
		"g.cage": 1, "text.cagelabel": 1,
		"rect.region base": 1, "g.region cover": 1,
		"circle.node on": 1, "circle.node": 1,
		"line.link strong": 1, "polyline.link weak": 1,
		"text.outside": 5, "text.label": 9, "marker.": 1,
		"line.thin": 11,
	} {
		if n[el] != want {
			t.Errorf("%d %s, want %d", n[el], el, want)
		}
	}
	// the border region {0,1,5,6} and the thick edge under cell (0,1):
	// the edge lies inside the region, so a thick run of its own
	if n["line.thick"] == 0 {
		t.Error("no thick lines")
	}
	s := string(out)
	for _, want := range []string{`aria-label="a &#34;test&#34; &lt;board&gt; &amp; more"`, `>&lt;</text>`, `<title>pivot &amp; hinge</title>`, `marker-end="url(#arrowhead)" data-order="1"`} {
		if !strings.Contains(s, want) {
			t.Errorf("no %s", want)
		}
	}
	if strings.Contains(s, ">x<") || strings.Contains(s, ">y<") || strings.Contains(s, ">w<") {
		t.Error("a mark outside the sub-grid or the board is drawn")
	}
	if strings.Contains(s, ">z<") {
		t.Error("a mark is drawn over a cell's text")
	}
}

// TestBorders: a 9x9 grid's nine boxes are eight straight lines, four
// across and four down, each the grid's length: the boxes' sides joined,
// the same whether given as regions or as a box size.
func TestBorders(t *testing.T) {
	b := &draw.Board{Rows: 9, Cols: 9}
	for k := range 9 {
		var cells []int
		for j := range 9 {
			cells = append(cells, (k/3*3+j/3)*9+k%3*3+j%3)
		}
		b.Regions = append(b.Regions, draw.Region{Cells: cells})
	}
	runs := b.Borders()
	if len(runs) != 8 {
		t.Fatalf("%d runs, want 8: %v", len(runs), runs)
	}
	if boxes := (&draw.Board{Rows: 9, Cols: 9, BoxRows: 3, BoxCols: 3}).Borders(); fmt.Sprint(boxes) != fmt.Sprint(runs) {
		t.Errorf("3x3 boxes: %v, want the regions' %v", boxes, runs)
	}
	for i, r := range runs {
		if r.Len != 9 || r.Down != (i >= 4) || (r.Down && r.Col != i%4*3) || (!r.Down && r.Row != i*3) {
			t.Errorf("run %d: %+v", i, r)
		}
	}
}

// TestLabels: every board names its rows and columns as the sentences
// do (r1, c1), every one up to 24 columns; on smaller cells only every
// 2nd, 5th or 10th column is named so that no two names overlap, the
// first always.
func TestLabels(t *testing.T) {
	label := regexp.MustCompile(`<text class="label" x="(\d+)" y="\d+" font-size="(\d+)" text-anchor="middle">([rc])(\d+)</text>`)
	for _, size := range []int{4, 9, 10, 17, 24, 25, 31, 40, 60, 100, 200} {
		b := &draw.Board{Rows: size, Cols: size}
		l := svg.PageLayout(b)
		var cols []int
		rows, font := 0, 0
		for _, m := range label.FindAllStringSubmatch(string(svg.Board(b, "board")), -1) {
			k, _ := strconv.Atoi(m[4])
			font, _ = strconv.Atoi(m[2])
			if m[3] == "r" {
				rows++
				continue
			}
			x, _ := strconv.Atoi(m[1])
			if x != l.X+(k-1)*l.Cell+l.Cell/2 {
				t.Errorf("%dx%d: c%d at x %d, not over its column", size, size, k, x)
			}
			cols = append(cols, k)
		}
		if len(cols) == 0 || cols[0] != 1 || rows == 0 || font < 9 || font > 12 {
			t.Fatalf("%dx%d: columns %v, %d rows labelled, font %d", size, size, cols, rows, font)
		}
		if size <= 24 && (len(cols) != size || rows != size) {
			t.Errorf("%dx%d: %d columns and %d rows labelled, want all", size, size, len(cols), rows)
		}
		width := len("c"+strconv.Itoa(size)) * font * 6 / 10
		for i := 1; i < len(cols); i++ {
			if (cols[i]-cols[i-1])*l.Cell < width {
				t.Errorf("%dx%d: c%d and c%d overlap at %d px cells", size, size, cols[i-1], cols[i], l.Cell)
			}
		}
	}
}

// TestBig: a grid that fits FitPx at a readable cell is drawn whole; one
// that does not is framed (the page pans and zooms it).
func TestBig(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		marks      bool
		cell       int
		big        bool
	}{
		{9, 9, true, 60, false}, {10, 10, false, 36, false}, {15, 15, false, 36, false},
		{40, 40, false, 14, false}, {41, 30, false, 14, true}, {100, 100, false, 14, true},
	} {
		b := &draw.Board{Rows: tc.rows, Cols: tc.cols}
		if tc.marks {
			b.MarkRows, b.MarkCols = 3, 3
		}
		if l := svg.PageLayout(b); l.Cell != tc.cell || svg.Big(b) != tc.big {
			t.Errorf("%dx%d: cell %d big %v, want %d %v", tc.rows, tc.cols, l.Cell, svg.Big(b), tc.cell, tc.big)
		}
	}
}

// TestThumb: the thumbnail is well-formed; its dark rects cover exactly
// the dark cells (a row's run one rect) and its texts are the clues and
// givens, in place; region borders replace the cell lines.
func TestThumb(t *testing.T) {
	for _, rows := range []string{
		"..#1..|.#..2.|......|0...##|#.....|...#..",
		"##..|##..|....|..##",
		"#####",
		".",
		"3.|.#",
	} {
		lines := strings.Split(rows, "|")
		b := &draw.Board{Rows: len(lines), Cols: len(lines[0]), Name: "test", Cells: make([]draw.Cell, len(lines)*len(lines[0]))}
		for r, l := range lines {
			for c := range len(l) {
				switch ch := l[c]; {
				case ch == '#':
					b.Cells[r*b.Cols+c].Shade = draw.ShadeDark
				case ch >= '0' && ch <= '4':
					b.Cells[r*b.Cols+c] = draw.Cell{Shade: draw.ShadeDark, Text: string(ch), TextRole: draw.Clue}
				}
			}
		}
		out := svg.Thumb(b)
		cs := svg.ThumbCell(b)
		covered := make([]bool, b.Len())
		var clues []string
		d := xml.NewDecoder(bytes.NewReader(out))
		inText := ""
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: not well-formed: %v", rows, err)
			}
			switch e := tok.(type) {
			case xml.StartElement:
				attr := map[string]int{}
				for _, a := range e.Attr {
					attr[a.Name.Local], _ = strconv.Atoi(a.Value)
				}
				if e.Name.Local == "rect" && attr["height"] == cs {
					for x := (attr["x"] - 2) / cs; x < (attr["x"]-2+attr["width"])/cs; x++ {
						covered[(attr["y"]-2)/cs*b.Cols+x] = true
					}
				}
				if e.Name.Local == "text" {
					inText = strconv.Itoa((attr["y"]-2)/cs*b.Cols + (attr["x"]-2)/cs)
				}
			case xml.CharData:
				if inText != "" {
					clues = append(clues, inText+":"+string(e))
					inText = ""
				}
			}
		}
		var want []string
		for i, c := range b.Cells {
			if covered[i] != (c.Shade == draw.ShadeDark) {
				t.Errorf("%s: cell %d dark %v, drawn %v", rows, i, c.Shade == draw.ShadeDark, covered[i])
			}
			if c.Text != "" {
				want = append(want, strconv.Itoa(i)+":"+c.Text)
			}
		}
		if strings.Join(clues, " ") != strings.Join(want, " ") {
			t.Errorf("%s: clues %v, want %v", rows, clues, want)
		}
	}
	b := &draw.Board{Rows: 4, Cols: 4, Regions: []draw.Region{{Cells: []int{0, 1, 4, 5}}, {Cells: []int{2, 3, 6, 7}}, {Cells: []int{8, 9, 12, 13}}, {Cells: []int{10, 11, 14, 15}}}}
	s := string(svg.Thumb(b))
	if !strings.Contains(s, `<path class="ink" stroke="#000" d="M2 38h72M38 2v72">`) || strings.Contains(s, `class="thin"`) {
		t.Errorf("a thumbnail with regions draws their inner borders alone:\n%s", s)
	}
	// a cage's outline: one dashed path, closed, inset by the cell's eighth
	b.Regions = append(b.Regions, draw.Region{Cells: []int{0}, Style: draw.RegionCage, Label: "3"})
	s = string(svg.Thumb(b))
	if !strings.Contains(s, `stroke-dasharray="1.5 1" d="M4 4L18 4M4 18L18 18M4 4L4 18M18 4L18 18"></path>`) || strings.Contains(s, ">3<") {
		t.Errorf("a cell's cage in the thumbnail:\n%s", s)
	}
}

// TestEmptyBoards: a board with no rows, no columns or negative sizes
// draws an empty, well-formed picture, never a panic.
func TestEmptyBoards(t *testing.T) {
	for _, b := range []*draw.Board{{}, {Rows: 3}, {Cols: 3}, {Rows: -2, Cols: 5, Cells: make([]draw.Cell, 3)}, {Rows: -1 << 40, Cols: -1 << 40}} {
		elements(t, svg.Board(b, "board"))
		elements(t, svg.Thumb(b))
	}
}

// TestThumbFits: a board of any size is shown within a ThumbPx+4 square,
// its proportions kept, its drawing whole (the viewBox is the drawn
// size): a 100x100 Akari made list rows 404 px wide.
func TestThumbFits(t *testing.T) {
	size := regexp.MustCompile(`^<svg class="thumb" width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"`)
	for _, rc := range [][2]int{{100, 100}, {30, 30}, {17, 17}, {9, 9}, {5, 60}, {60, 5}, {1, 1000}} {
		b := &draw.Board{Rows: rc[0], Cols: rc[1], Cells: make([]draw.Cell, rc[0]*rc[1])}
		m := size.FindStringSubmatch(string(svg.Thumb(b)))
		if m == nil {
			t.Fatalf("%dx%d: no size in %.200s", rc[0], rc[1], svg.Thumb(b))
		}
		n := make([]int, 4)
		for i := range n {
			n[i], _ = strconv.Atoi(m[i+1])
		}
		w, h, vw, vh := n[0], n[1], n[2], n[3]
		cs := svg.ThumbCell(b)
		if vw != rc[1]*cs+4 || vh != rc[0]*cs+4 {
			t.Errorf("%dx%d: viewBox %dx%d, want the drawn %dx%d", rc[0], rc[1], vw, vh, rc[1]*cs+4, rc[0]*cs+4)
		}
		if w > svg.ThumbPx+4 || h > svg.ThumbPx+4 || w < 1 || h < 1 {
			t.Errorf("%dx%d: shown %dx%d, over the %d px square", rc[0], rc[1], w, h, svg.ThumbPx+4)
		}
		// proportions kept within a pixel's rounding
		if dw, dh := float64(w)-float64(h*vw)/float64(vh), float64(h)-float64(w*vh)/float64(vw); min(dw*dw, dh*dh) > 1 {
			t.Errorf("%dx%d: shown %dx%d, drawn %dx%d: proportions changed", rc[0], rc[1], w, h, vw, vh)
		}
		if vw <= svg.ThumbPx+4 && vh <= svg.ThumbPx+4 && (w != vw || h != vh) {
			t.Errorf("%dx%d: a thumbnail that fits is shown %dx%d, not its own %dx%d", rc[0], rc[1], w, h, vw, vh)
		}
	}
}
