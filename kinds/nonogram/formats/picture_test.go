package formats_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/nonogram/formats"
)

// ring is a 5x5 picture with a unique solution.
var ring = []string{
	"#####",
	"#...#",
	"#.#.#",
	"#...#",
	"#####",
}

const ringSolution = "11111/10001/10101/10001/11111"

func readOne(t *testing.T, data []byte) importers.Record {
	t.Helper()
	var recs []importers.Record
	if err := formats.Picture().Read(bytes.NewReader(data), func(r importers.Record) error {
		recs = append(recs, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 {
		t.Fatalf("%d records, want 1", len(recs))
	}
	return recs[0]
}

func pngOf(t *testing.T, w, h int, at func(x, y int) color.Color) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, at(x, y))
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func wantRing(t *testing.T, rec importers.Record) {
	t.Helper()
	if rec.Err != nil {
		t.Fatal(rec.Err)
	}
	if rec.Solution != ringSolution || rec.Puzzle.Givens() != "5x5:5/1.1/1.1.1/1.1/5/5/1.1/1.1.1/1.1/5" {
		t.Fatalf("got %s with solution %s", rec.Puzzle.Givens(), rec.Solution)
	}
	if r := rec.Puzzle.Rate(false); r.Status != engine.Unique || r.Solution != ringSolution {
		t.Fatalf("rated %v %s", r.Status, r.Solution)
	}
}

// A PNG's dark opaque pixels are the filled cells: black and dark grey
// count, light grey and (mostly) transparent pixels do not.
func TestPicturePNG(t *testing.T) {
	data := pngOf(t, 5, 5, func(x, y int) color.Color {
		if ring[y][x] == '#' {
			if x == 0 {
				return color.NRGBA{0x60, 0x60, 0x60, 0xff} // dark grey
			}
			return color.Black
		}
		switch {
		case x == 1:
			return color.NRGBA{0, 0, 0, 0x40} // black, mostly transparent
		case x == 2:
			return color.NRGBA{0xa0, 0xa0, 0xa0, 0xff} // light grey
		}
		return color.White
	})
	if !formats.Picture().Detect(data[:16]) {
		t.Fatal("PNG not detected")
	}
	wantRing(t, readOne(t, data))
}

// PBM bitmaps, P1 (text, comments) and P4 (packed bits).
func TestPicturePBM(t *testing.T) {
	p1 := "P1\n# a ring\n5 5\n11111\n1 0 0 0 1\n10101 # the middle\n10001\n11111\n"
	if !formats.Picture().Detect([]byte(p1)) {
		t.Fatal("P1 not detected")
	}
	wantRing(t, readOne(t, []byte(p1)))
	p4 := append([]byte("P4\n5 5\n"), 0xf8, 0x88, 0xa8, 0x88, 0xf8)
	wantRing(t, readOne(t, p4))
}

// A text bitmap is read when the format is named.
func TestPictureText(t *testing.T) {
	art := strings.Join(ring, "\n") + "\n"
	if formats.Picture().Detect([]byte(art)) {
		t.Fatal("a text bitmap is read only by name, not detected")
	}
	wantRing(t, readOne(t, []byte(art)))
	wantRing(t, readOne(t, []byte("\r\nXXXXX\r\nX   X\r\nX X X\r\nX   X\r\nXXXXX\r\n\r\n")))
}

// A picture whose clues have other solutions is refused, naming the cells
// line solving and single assumptions leave undecided.
func TestPictureNotUnique(t *testing.T) {
	rec := readOne(t, []byte("#..\n.#.\n..#\n"))
	if rec.Err == nil || rec.Puzzle != nil {
		t.Fatalf("got %v, want an error", rec.Err)
	}
	for _, want := range []string{"more than one solution", "9 cells undecided", "r1c1, r1c2, r1c3, r2c1"} {
		if !strings.Contains(rec.Err.Error(), want) {
			t.Errorf("error %q does not say %q", rec.Err, want)
		}
	}
	// 16 undecided cells: 12 named, and the count of the rest.
	rec = readOne(t, []byte("#.#.#.#.\n.#.#.#.#\n"))
	if rec.Err == nil || !strings.Contains(rec.Err.Error(), "r2c4 and 4 more") {
		t.Fatalf("got %v, want the first 12 cells and 4 more", rec.Err)
	}
}

// Bad pictures are record errors naming the reason.
func TestPictureBad(t *testing.T) {
	big := pngOf(t, 129, 2, func(x, y int) color.Color { return color.Black })
	small := pngOf(t, 5, 5, func(x, y int) color.Color { return color.Black })
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"png too wide", big, "at most 128x128"},
		{"png cut", small[:len(small)-20], "png:"},
		{"pbm short", []byte("P1 3 3 101"), "3 pixels, want 9"},
		{"pbm bad pixel", []byte("P1 2 1 12"), "not 0 or 1"},
		{"pbm no size", []byte("P1 x"), "width"},
		{"pbm p4 short", []byte("P4 9 2 \xff"), "want 4"},
		{"empty", []byte("\n\n"), "no row"},
		{"huge", bytes.Repeat([]byte("#"), formats.MaxPictureBytes+1), "longer than"},
	} {
		rec := readOne(t, tc.data)
		if rec.Err == nil || !strings.Contains(rec.Err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error saying %q", tc.name, rec.Err, tc.want)
		}
	}
}
