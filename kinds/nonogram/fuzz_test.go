package nonogram_test

import (
	"slices"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

// FuzzParse: no text makes the parsers panic; what parses writes back as
// a Pattern ID, a .non text and XML, each read as the same puzzle, and
// its canonical form parses to a puzzle with the same canonical form.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"3x3:1/3/1/1/3/1", "1x1:/", "2x2:0/2/1/1", "5x3:1/3/1.1/3/1/1.1/5/1.1.1",
		"width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n",
		`<puzzle><clues type="columns"><line><count>1</count></line></clues><clues type="rows"><line><count>1</count></line></clues></puzzle>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := nonogram.Parse(text)
		if err != nil {
			return
		}
		id := p.TathamID()
		for _, out := range []string{id, p.NonText("t", ""), p.XMLText("t", ""), p.URL()} {
			q, err := nonogram.Parse(out)
			if err != nil {
				t.Fatalf("%q -> %q: %v", text, out, err)
			}
			if q.TathamID() != id {
				t.Fatalf("%q -> %q: a different puzzle %q", text, out, q.TathamID())
			}
		}
		c, err := nonogram.Parse(p.Canonical())
		if err != nil || c.Canonical() != p.Canonical() {
			t.Fatalf("%q: canonical %q: %v", text, p.Canonical(), err)
		}
	})
}

// fuzzPicture builds a picture from fuzz bytes: width and height 1..12
// from the first two bytes, then one bit a cell.
func fuzzPicture(data []byte) (w, h int, cells []bool) {
	if len(data) < 2 {
		return 0, 0, nil
	}
	w, h = 1+int(data[0])%12, 1+int(data[1])%12
	cells = make([]bool, w*h)
	for i := range cells {
		if j := 2 + i/8; j < len(data) {
			cells[i] = data[j]>>(i%8)&1 == 1
		}
	}
	return w, h, cells
}

// FuzzSolve: the puzzle of a picture has a solution, so Solve says unique
// (and finds the picture) or multiple, never none; a unique one's
// solution keeps its clues, and so does each symmetric image's.
func FuzzSolve(f *testing.F) {
	f.Add([]byte{3, 3, 0xba, 0x00})
	f.Add([]byte{4, 4, 0x69, 0x96})
	f.Add([]byte{11, 11, 0xff, 0x00, 0x55, 0xaa, 0x0f, 0xf0, 0x33, 0xcc, 0x81, 0x18, 0x42, 0x24, 0x99, 0x66})
	f.Fuzz(func(t *testing.T, data []byte) {
		w, h, cells := fuzzPicture(data)
		if w == 0 {
			return
		}
		p, err := nonogram.FromPicture(w, h, cells)
		if err != nil {
			t.Fatal(err)
		}
		r := p.Solve()
		switch r.Status {
		case engine.Unique:
			got, err := p.ParseSolution(r.Solution)
			if err != nil || !slices.Equal(got, cells) {
				t.Fatalf("%s: unique, but not the picture (%v)", p.TathamID(), err)
			}
		case engine.Multiple:
		default:
			t.Fatalf("%s: %v for the clues of a picture", p.TathamID(), r.Status)
		}
		for tr := 1; tr < p.Symmetries(); tr++ {
			if q := p.Transform(tr).Solve(); q.Status != r.Status {
				t.Fatalf("%s t=%d: %v, the puzzle is %v", p.TathamID(), tr, q.Status, r.Status)
			}
		}
	})
}
