package formats

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"strconv"
	"strings"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/nonogram"
)

// MaxPictureBytes is the largest picture file Picture reads (a PNG of
// nonogram.MaxSize x MaxSize pixels is far smaller); a larger one is
// refused with a record error, unread.
const MaxPictureBytes = 4 << 20

// maxUndecidedNamed is how many undecided cells a non-unique picture's
// error names (it says how many more there are).
const maxUndecidedNamed = 12

// Picture makes a puzzle from a black-and-white picture, one per input:
// a PNG (a pixel is filled when dark: luminance below half, alpha above
// half), a PBM bitmap (P1 text or P4 binary, 1 black), or, when the
// format is named (--format picture), a text bitmap: one line per row,
// '#', 'X', 'x', '1', '*' or '█' a filled cell, any other character empty.
// The picture is the solution: the record is the puzzle when its clues
// have no other solution; otherwise its error names the cells levels 1-3
// of the ladder (line solving, single assumptions) leave undecided,
// which is where the picture is not unique.
func Picture() importers.Format {
	return importers.Format{
		Name:   "picture",
		Kind:   nonogram.Kind{},
		Detect: func(head []byte) bool { return isPNG(head) || isPBM(head) },
		Read:   readPicture,
	}
}

var pngMagic = []byte("\x89PNG\r\n\x1a\n")

func isPNG(head []byte) bool { return bytes.HasPrefix(head, pngMagic) }

func isPBM(head []byte) bool {
	return len(head) >= 3 && head[0] == 'P' && (head[1] == '1' || head[1] == '4') &&
		(head[2] == ' ' || head[2] == '\n' || head[2] == '\r' || head[2] == '\t' || head[2] == '#')
}

func readPicture(r io.Reader, emit func(importers.Record) error) error {
	b, err := io.ReadAll(io.LimitReader(r, MaxPictureBytes+1))
	if err != nil {
		return err
	}
	rec := importers.Record{Line: 1}
	if len(b) > MaxPictureBytes {
		rec.Err = fmt.Errorf("picture: a file longer than %d bytes", MaxPictureBytes)
		return emit(rec)
	}
	var w, h int
	var cells []bool
	switch {
	case isPNG(b):
		w, h, cells, err = decodePNG(b)
	case isPBM(b):
		w, h, cells, err = decodePBM(b)
	default:
		w, h, cells, err = decodeArt(b)
		rec.Text = string(b)
	}
	if err != nil {
		rec.Err = fmt.Errorf("picture: %w", err)
		return emit(rec)
	}
	p, sol, err := PicturePuzzle(w, h, cells)
	if err != nil {
		rec.Err = fmt.Errorf("picture: %w", err)
		return emit(rec)
	}
	rec.Puzzle, rec.Solution = p, sol
	if rec.Text == "" {
		rec.Text = p.TathamID()
	}
	return emit(rec)
}

// PicturePuzzle is the puzzle whose solution is the w x h picture cells
// (row-major, true filled) and that solution's notation, when the clues
// have no other solution; otherwise the error says so, naming the cells
// levels 1-3 leave undecided.
func PicturePuzzle(w, h int, cells []bool) (*nonogram.Puzzle, string, error) {
	if w < 1 || h < 1 || w > nonogram.MaxSize || h > nonogram.MaxSize {
		return nil, "", fmt.Errorf("%dx%d: a nonogram is 1x1 to %dx%d", w, h, nonogram.MaxSize, nonogram.MaxSize)
	}
	runs := func(n int, at func(int) bool) []int {
		out, run := []int{}, 0
		for i := 0; i <= n; i++ {
			if i < n && at(i) {
				run++
			} else if run > 0 {
				out, run = append(out, run), 0
			}
		}
		return out
	}
	rows := make([][]int, h)
	cols := make([][]int, w)
	for r := range h {
		rows[r] = runs(w, func(c int) bool { return cells[r*w+c] })
	}
	for c := range w {
		cols[c] = runs(h, func(r int) bool { return cells[r*w+c] })
	}
	p, err := nonogram.New(w, h, rows, cols)
	if err != nil {
		return nil, "", err
	}
	var sb strings.Builder
	for r := range h {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := range w {
			if cells[r*w+c] {
				sb.WriteByte('1')
			} else {
				sb.WriteByte('0')
			}
		}
	}
	res := p.Solve()
	switch res.Status {
	case engine.Unique:
		return p, sb.String(), nil
	case engine.Unknown:
		return nil, "", fmt.Errorf("%dx%d: %s", w, h, engine.GaveUp(res.Err))
	}
	und, err := p.Undecided()
	if err != nil {
		return nil, "", err
	}
	names := make([]string, 0, maxUndecidedNamed)
	for _, c := range und[:min(len(und), maxUndecidedNamed)] {
		names = append(names, engine.CellName(c, w))
	}
	more := ""
	if len(und) > maxUndecidedNamed {
		more = fmt.Sprintf(" and %d more", len(und)-maxUndecidedNamed)
	}
	return nil, "", fmt.Errorf("%dx%d: its clues have more than one solution: line solving and single assumptions leave %d cells undecided: %s%s",
		w, h, len(und), strings.Join(names, ", "), more)
}

func decodePNG(b []byte) (int, int, []bool, error) {
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return 0, 0, nil, fmt.Errorf("png: %w", err)
	}
	if cfg.Width > nonogram.MaxSize || cfg.Height > nonogram.MaxSize {
		return 0, 0, nil, fmt.Errorf("png of %dx%d pixels: a nonogram is at most %dx%d (one pixel a cell)", cfg.Width, cfg.Height, nonogram.MaxSize, nonogram.MaxSize)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 0, 0, nil, fmt.Errorf("png: %w", err)
	}
	bd := img.Bounds()
	w, h := bd.Dx(), bd.Dy()
	cells := make([]bool, w*h)
	for y := range h {
		for x := range w {
			cells[y*w+x] = dark(img, bd.Min.X+x, bd.Min.Y+y)
		}
	}
	return w, h, cells, nil
}

// dark reports whether a pixel is filled: opaque more than half, and its
// luminance (Rec. 601) less than half, over white.
func dark(img image.Image, x, y int) bool {
	r, g, b, a := img.At(x, y).RGBA() // premultiplied, 0..0xffff
	if a < 0x8000 {
		return false
	}
	// Over a white background: add the missing alpha as white.
	wr, wg, wb := r+0xffff-a, g+0xffff-a, b+0xffff-a
	lum := (299*wr + 587*wg + 114*wb) / 1000
	return lum < 0x8000
}

// decodePBM reads a portable bitmap: "P1" then width, height and one
// '0'/'1' per pixel (whitespace and '#' comments anywhere), or "P4",
// width and height, one whitespace, then rows of packed bits, the most
// significant first. 1 is black.
func decodePBM(b []byte) (int, int, []bool, error) {
	i := 2
	skip := func() {
		for i < len(b) {
			switch c := b[i]; {
			case c == '#':
				for i < len(b) && b[i] != '\n' {
					i++
				}
			case c == ' ' || c == '\t' || c == '\r' || c == '\n':
				i++
			default:
				return
			}
		}
	}
	number := func(what string) (int, error) {
		skip()
		j := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(string(b[j:i]))
		if err != nil || n < 1 {
			return 0, fmt.Errorf("pbm: the %s is not a whole number above 0", what)
		}
		if n > nonogram.MaxSize {
			return 0, fmt.Errorf("pbm: %s %d: a nonogram is at most %dx%d", what, n, nonogram.MaxSize, nonogram.MaxSize)
		}
		return n, nil
	}
	w, err := number("width")
	if err != nil {
		return 0, 0, nil, err
	}
	h, err := number("height")
	if err != nil {
		return 0, 0, nil, err
	}
	cells := make([]bool, w*h)
	if b[1] == '4' {
		i++ // the one whitespace after the height
		stride := (w + 7) / 8
		if len(b)-i < stride*h {
			return 0, 0, nil, fmt.Errorf("pbm: %d bytes of pixels, want %d for %dx%d", max(len(b)-i, 0), stride*h, w, h)
		}
		for y := range h {
			for x := range w {
				cells[y*w+x] = b[i+y*stride+x/8]&(0x80>>(x%8)) != 0
			}
		}
		return w, h, cells, nil
	}
	for k := range cells {
		skip()
		if i >= len(b) {
			return 0, 0, nil, fmt.Errorf("pbm: %d pixels, want %d for %dx%d", k, w*h, w, h)
		}
		switch b[i] {
		case '0':
		case '1':
			cells[k] = true
		default:
			return 0, 0, nil, fmt.Errorf("pbm: pixel %d is %q, not 0 or 1", k+1, b[i])
		}
		i++
	}
	return w, h, cells, nil
}

// decodeArt reads a text bitmap: one line per row (trailing blank lines
// dropped, shorter lines padded empty), a filled cell one of filledRunes.
func decodeArt(b []byte) (int, int, []bool, error) {
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	lines := strings.Split(strings.TrimRight(text, "\n \t"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	h := len(lines)
	w := 0
	rows := make([][]rune, h)
	for r, l := range lines {
		rows[r] = []rune(strings.TrimRight(l, " \t\r"))
		w = max(w, len(rows[r]))
	}
	if h == 0 || w == 0 {
		return 0, 0, nil, fmt.Errorf("text bitmap: no filled cell and no row")
	}
	if w > nonogram.MaxSize || h > nonogram.MaxSize {
		return 0, 0, nil, fmt.Errorf("text bitmap of %dx%d: a nonogram is at most %dx%d", w, h, nonogram.MaxSize, nonogram.MaxSize)
	}
	cells := make([]bool, w*h)
	for r, row := range rows {
		for c, ch := range row {
			cells[r*w+c] = strings.ContainsRune(filledRunes, ch)
		}
	}
	return w, h, cells, nil
}

// filledRunes are the characters of a text bitmap that mark a filled
// cell; every other character is an empty one.
const filledRunes = "#Xx1*█■"
