// Package slitherlink is the Slitherlink (スリザーリンク, Loopy) puzzle kind:
// one closed loop along the dots' grid lines, each clued cell with that many
// of its sides on the loop.
//
// See ../shared/docs/slitherlink.md.
package slitherlink

import (
	"fmt"
	"strings"

	"pencilbox/engine"
)

// NoClue is a cell without a clue in Puzzle.Clue.
const NoClue = -1

// MaxSize is the largest width and height accepted: a 200x200 grid has
// 80,400 edges, well beyond the largest published puzzles (60x60), and the
// solver's arrays for it stay under a few megabytes.
const MaxSize = 200

// Puzzle is a Slitherlink question: W x H cells, row-major clues, each
// NoClue or 0-3.
//
// A solution is the set of inside cells (the loop is every side between an
// inside and an outside cell, the area beyond the grid outside); its
// notation is H rows of W characters, '1' inside and '0' outside, joined by
// '/' (the form of ../shared/data's Tatham files).
//
// The clue field is Clue, not the seed's Clues: Go allows no field and
// method of one name, and engine.Puzzle needs the method Clues() int.
type Puzzle struct {
	W, H int
	Clue []int8
}

// Kind is the Slitherlink kind (engine.Kind).
type Kind struct{}

// New checks the size and the clues and returns the puzzle.
func New(w, h int, clues []int8) (*Puzzle, error) {
	if err := checkSize(w, h); err != nil {
		return nil, err
	}
	if len(clues) != w*h {
		return nil, fmt.Errorf("%d cells for a %dx%d grid, want %d", len(clues), w, h, w*h)
	}
	for i, c := range clues {
		if c != NoClue && (c < 0 || c > 3) {
			return nil, fmt.Errorf("%s: clue %d is not 0-3", engine.CellName(i, w), c)
		}
	}
	return &Puzzle{W: w, H: h, Clue: append([]int8(nil), clues...)}, nil
}

func checkSize(w, h int) error {
	if w < 1 || h < 1 {
		return fmt.Errorf("size %dx%d: width and height must be at least 1", w, h)
	}
	if w > MaxSize || h > MaxSize {
		return fmt.Errorf("size %dx%d exceeds %dx%d", w, h, MaxSize, MaxSize)
	}
	return nil
}

// Givens is the short Loopy game ID "WxHt0:DESC".
func (p *Puzzle) Givens() string { return p.LoopyID() }

// Canonical is the smallest Loopy ID of the puzzle's images under the
// grid's symmetries.
func (p *Puzzle) Canonical() string { return Canonical(p) }
func (p *Puzzle) Width() int        { return p.W }
func (p *Puzzle) Height() int       { return p.H }

// Clues counts the clued cells.
func (p *Puzzle) Clues() int {
	n := 0
	for _, c := range p.Clue {
		if c != NoClue {
			n++
		}
	}
	return n
}

// Solve decides the status (counting up to two solutions).
func (p *Puzzle) Solve() engine.Result {
	r, _ := SolveStats(p)
	return r
}

// transform returns the image of p under symmetry t (0..7): bit 0 mirrors
// left-right, bit 1 mirrors top-bottom, bit 2 transposes first.
func (p *Puzzle) transform(t int) *Puzzle {
	w, h := p.W, p.H
	if t&4 != 0 {
		w, h = h, w
	}
	q := &Puzzle{W: w, H: h, Clue: make([]int8, w*h)}
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			q.Clue[r*w+c] = p.Clue[srcCell(p.W, p.H, t, r, c)]
		}
	}
	return q
}

// srcCell is the cell of a w x h grid that symmetry t brings to (r, c) of
// the image.
func srcCell(w, h, t, r, c int) int {
	iw, ih := w, h
	if t&4 != 0 {
		iw, ih = h, w
	}
	sr, sc := r, c
	if t&1 != 0 {
		sc = iw - 1 - sc
	}
	if t&2 != 0 {
		sr = ih - 1 - sr
	}
	if t&4 != 0 {
		sr, sc = sc, sr
	}
	return sr*w + sc
}

// Transform returns the image of p under one of the 8 symmetries (t in
// 0..7; 0 is the identity; bit 2 transposes, bit 1 flips rows, bit 0 flips
// columns), so tests and tools can check invariance.
func (p *Puzzle) Transform(t int) *Puzzle { return p.transform(t & 7) }

// TransformSolution maps a solution of p (rows of '0'/'1' joined by '/')
// to the image's solution under symmetry t.
func (p *Puzzle) TransformSolution(t int, sol string) string {
	t &= 7
	flat := strings.ReplaceAll(sol, "/", "")
	if len(flat) != p.W*p.H {
		return ""
	}
	w, h := p.W, p.H
	if t&4 != 0 {
		w, h = h, w
	}
	var b strings.Builder
	for r := 0; r < h; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := 0; c < w; c++ {
			b.WriteByte(flat[srcCell(p.W, p.H, t, r, c)])
		}
	}
	return b.String()
}

// Canonical is the smallest Loopy ID of the 8 images of p (rotations and
// reflections; a non-square grid's quarter turns are its transposed
// images, so a puzzle and its image turned on its side are one).
func Canonical(p *Puzzle) string {
	best := ""
	for t := 0; t < 8; t++ {
		s := p.transform(t).LoopyID()
		if t == 0 || s < best {
			best = s
		}
	}
	return best
}
