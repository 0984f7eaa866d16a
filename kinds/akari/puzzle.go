// Package akari is the Akari (Light Up, 美術館) puzzle kind: parsers and
// writers of its notations, a complete solver with proof by contradiction at
// every search node, the five-level rating ladder with a replayable step log,
// and the canonical form under the grid's eight symmetries.
//
// See docs/AKARI.md and ../shared/docs/akari-rating.md.
package akari

import (
	"fmt"
	"strings"

	"pencilbox/engine"
)

// MaxSize is the largest width and height accepted.
const MaxSize = 200

// Cell codes of a Puzzle's Cells.
const (
	White = '.'
	Black = '#' // black without a number; clues are '0'..'4'
)

// Mark values of the step log's placements (engine.Mark.Value): a light
// in the cell, or a cell marked as holding none.
const (
	Light   = 1
	NoLight = 2
)

// Puzzle is an Akari question: W x H cells, row-major, each White, Black or
// a clue digit '0'-'4'.
type Puzzle struct {
	W, H  int
	Cells []byte

	warnings []string
}

var _ engine.Puzzle = (*Puzzle)(nil)

// New checks the size and the cell codes and returns the puzzle.
func New(w, h int, cells []byte) (*Puzzle, error) {
	if err := checkSize(w, h); err != nil {
		return nil, err
	}
	if len(cells) != w*h {
		return nil, fmt.Errorf("%d cells for a %dx%d grid, want %d", len(cells), w, h, w*h)
	}
	for i, c := range cells {
		if c != White && c != Black && (c < '0' || c > '4') {
			return nil, fmt.Errorf("%s: bad cell code %q", engine.CellName(i, w), c)
		}
	}
	return &Puzzle{W: w, H: h, Cells: append([]byte(nil), cells...)}, nil
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

// Warnings lists what the parser ignored (lights and marks in a pzprv3
// question).
func (p *Puzzle) Warnings() []string { return p.warnings }

func (p *Puzzle) Kind() engine.Kind { return Kind{} }

// Givens is the Tatham game ID (short form).
func (p *Puzzle) Givens() string    { return p.TathamID() }
func (p *Puzzle) Canonical() string { return Canonical(p) }
func (p *Puzzle) Width() int        { return p.W }
func (p *Puzzle) Height() int       { return p.H }

// Clues counts the numbered black cells.
func (p *Puzzle) Clues() int {
	n := 0
	for _, c := range p.Cells {
		if c >= '0' && c <= '4' {
			n++
		}
	}
	return n
}

// GridText is the hand-typed grid: one line per row, '.' white, '#' black,
// '0'-'4' clue, each line ending in "\n".
func (p *Puzzle) GridText() string {
	var b strings.Builder
	b.Grow((p.W + 1) * p.H)
	for r := 0; r < p.H; r++ {
		b.Write(p.Cells[r*p.W : (r+1)*p.W])
		b.WriteByte('\n')
	}
	return b.String()
}

// Solve decides the status (counting up to two solutions).
func (p *Puzzle) Solve() engine.Result {
	r, _ := SolveStats(p)
	return r
}

// Rate solves and rates p on the ladder.
func (p *Puzzle) Rate(withSteps bool) engine.Rating { return Rate(p, withSteps) }

// transform returns the image of p under symmetry t (0..7): bit 0 mirrors
// left-right, bit 1 mirrors top-bottom, bit 2 transposes first.
func (p *Puzzle) transform(t int) *Puzzle {
	w, h := p.W, p.H
	if t&4 != 0 {
		w, h = h, w
	}
	q := &Puzzle{W: w, H: h, Cells: make([]byte, w*h)}
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			sr, sc := r, c
			if t&1 != 0 {
				sc = w - 1 - sc
			}
			if t&2 != 0 {
				sr = h - 1 - sr
			}
			if t&4 != 0 {
				sr, sc = sc, sr
			}
			q.Cells[r*w+c] = p.Cells[sr*p.W+sc]
		}
	}
	return q
}

// Transform returns the image of p under one of the 8 symmetries (t in 0..7;
// 0 is the identity; bit 2 transposes, bit 1 flips rows, bit 0 flips
// columns), so tests and tools can check invariance.
func (p *Puzzle) Transform(t int) *Puzzle { return p.transform(t & 7) }

// TransformSolution maps a solution string of p to the image's solution.
func (p *Puzzle) TransformSolution(t int, sol string) string {
	q := &Puzzle{W: p.W, H: p.H, Cells: []byte(sol)}
	return string(q.transform(t & 7).Cells)
}

// Canonical is the lexicographically smallest Tatham ID of the 8 images of p.
func Canonical(p *Puzzle) string {
	best := ""
	for t := 0; t < 8; t++ {
		s := p.transform(t).TathamID()
		if t == 0 || s < best {
			best = s
		}
	}
	return best
}
