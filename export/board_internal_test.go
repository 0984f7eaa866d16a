package export

// An internal test: drawBoard is the PDF back end behind every kind's
// booklet, reached from outside only through a stored library; here a
// description with every part is drawn directly.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"pencilbox/draw"
)

// TestDrawBoardParts: a board with the parts the coming kinds need (a
// cage with its sum, clues outside the grid, drawn and crossed edges,
// corner dots, symbols) prints its texts where pdftotext finds them, a
// character the fonts lack as the replacement (never fpdf's panic), and
// parts out of range are skipped without an error.
func TestDrawBoardParts(t *testing.T) {
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftotext not found (make test installs poppler-utils)")
		}
		t.Skip("pdftotext not found: install poppler-utils (make test does)")
	}
	b := &draw.Board{Rows: 4, Cols: 4, Cells: make([]draw.Cell, 10), BoxRows: 2, BoxCols: 2, MarkRows: 2, MarkCols: 2,
		Top: [][]string{{"31"}, {"7", "8"}, nil, {"99"}, {"ignored"}}, Left: [][]string{{"42"}}}
	b.Cells[0] = draw.Cell{Shade: draw.ShadeDark, Text: "4", TextRole: draw.Clue}
	b.Cells[1] = draw.Cell{Text: "5", TextRole: draw.Given}
	b.Cells[2] = draw.Cell{Text: "6", TextRole: draw.Solved}
	b.Cells[6] = draw.Cell{Text: "🧩", TextRole: draw.Given} // past the BMP: fpdf panicked on it
	b.Cells[3] = draw.Cell{Symbol: draw.Disc}
	b.Cells[4] = draw.Cell{Symbol: draw.SmallDot}
	b.Cells[5] = draw.Cell{Symbol: draw.Cross}
	b.Regions = []draw.Region{{Cells: []int{9, 10, 14}, Style: draw.RegionCage, Label: "17"}, {Cells: []int{-1, 99}, Style: draw.RegionCage, Label: "x"},
		{Cells: []int{15}, Style: draw.RegionCage, Label: "∑🧩"}}
	b.Edges = []draw.Edge{{Row: 4, Col: 0, Style: draw.EdgeLine}, {Row: 0, Col: 4, Down: true, Style: draw.EdgeCross}, {Row: 1, Col: 1, Style: draw.EdgeThick}, {Row: 9, Col: 9}}
	dots := *b
	dots.Grid = draw.GridDots

	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes("go", "", goregular.TTF)
	pdf.AddUTF8FontFromBytes("go", "B", gobold.TTF)
	pdf.AddPage()
	if w, h := boardSize(b); w != 5 || h != 6 {
		t.Errorf("extent %dx%d cells, want 5x6 (the grid and its clue margins)", w, h)
	}
	g, err := newGlyphs()
	if err != nil {
		t.Fatal(err)
	}
	drawBoard(pdf, b, 20, 20, 12, g.text)
	drawBoard(pdf, &dots, 20, 120, 12, g.text)
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "board.pdf")
	if p := os.Getenv("KD_KEEP"); p != "" {
		path = p
	}
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	text, err := exec.Command(tool, path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	words := strings.Fields(string(text))
	count := map[string]int{}
	for _, w := range words {
		count[w]++
	}
	for _, want := range []string{"4", "5", "6", "17", "31", "7", "8", "99", "42", "\uFFFD", "∑\uFFFD"} {
		if count[want] != 2 {
			t.Errorf("%q printed %d times, want 2 (one a board): %q", want, count[want], words)
		}
	}
	if count["ignored"] != 0 || count["x"] != 0 {
		t.Errorf("a clue past the grid or a cage off the board printed: %q", words)
	}
}
