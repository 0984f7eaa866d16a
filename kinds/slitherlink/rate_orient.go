package slitherlink

import (
	"fmt"
	"strings"
)

// orient is the image of a puzzle the rater works on: of the grid's eight
// symmetries, the one whose clues (width, height, then the clues row by
// row) are smallest, so that every image of a puzzle is rated on the same
// grid. cellOrig and dotOrig map the image's cells and dots back (dotOrig
// only for steps, which name edges and dots).
type orient struct {
	W, H     int // the puzzle's own size
	w, h     int // the image's
	clue     []int8
	cellOrig []int32
	dotOrig  []int32
}

// imagePoint maps point (r, c) of an R x C array of points (cells or
// dots) under symmetry t: bit 2 transposes first, then bit 0 mirrors left
// to right and bit 1 top to bottom.
func imagePoint(t, rows, cols, r, c int) (int, int, int, int) {
	if t&4 != 0 {
		r, c = c, r
		rows, cols = cols, rows
	}
	if t&1 != 0 {
		c = cols - 1 - c
	}
	if t&2 != 0 {
		r = rows - 1 - r
	}
	return r, c, rows, cols
}

func orientOf(p *Puzzle, withDots bool) orient {
	// The images compared cell by cell, without building them (most
	// differ within a few cells): image cell (r, c) of symmetry t is the
	// puzzle's cell base + r*dr + c*dc.
	type walk struct{ w, h, base, dr, dc int }
	walkOf := func(t int) walk {
		w, h := p.W, p.H
		if t&4 != 0 {
			w, h = h, w
		}
		ar, sr, ac, sc := 0, 1, 0, 1 // undo the mirrors: r1 = ar + sr*r, c1 = ac + sc*c
		if t&2 != 0 {
			ar, sr = h-1, -1
		}
		if t&1 != 0 {
			ac, sc = w-1, -1
		}
		if t&4 != 0 { // then the transpose: the puzzle's cell is (c1, r1)
			return walk{w, h, ac*p.W + ar, sr, sc * p.W}
		}
		return walk{w, h, ar*p.W + ac, sr * p.W, sc}
	}
	best := 0
	for t := 1; t < 8; t++ {
		a, b := walkOf(t), walkOf(best)
		if a.w != b.w || a.h != b.h {
			if a.w < b.w || (a.w == b.w && a.h < b.h) {
				best = t
			}
			continue
		}
	cmp:
		for r := 0; r < a.h; r++ {
			ia, ib := a.base+r*a.dr, b.base+r*b.dr
			for c := 0; c < a.w; c++ {
				if x, y := p.Clue[ia], p.Clue[ib]; x != y {
					if x < y {
						best = t
					}
					break cmp
				}
				ia += a.dc
				ib += b.dc
			}
		}
	}
	bw, bh := walkOf(best).w, walkOf(best).h
	o := orient{W: p.W, H: p.H, w: bw, h: bh, clue: make([]int8, bw*bh)}
	o.cellOrig = make([]int32, p.W*p.H)
	for r := 0; r < p.H; r++ {
		for c := 0; c < p.W; c++ {
			ir, ic, _, _ := imagePoint(best, p.H, p.W, r, c)
			o.cellOrig[ir*bw+ic] = int32(r*p.W + c)
			o.clue[ir*bw+ic] = p.Clue[r*p.W+c]
		}
	}
	if !withDots {
		return o
	}
	o.dotOrig = make([]int32, (p.W+1)*(p.H+1))
	for r := 0; r <= p.H; r++ {
		for c := 0; c <= p.W; c++ {
			ir, ic, _, _ := imagePoint(best, p.H+1, p.W+1, r, c)
			o.dotOrig[ir*(bw+1)+ic] = int32(r*(p.W+1) + c)
		}
	}
	return o
}

// solutionEdges reads a solution ('1' inside, '0' outside, H rows of W
// joined by '/') as on or off per edge of the image.
func (o orient) solutionEdges(t *ltopo, sol string) ([]uint8, error) {
	rows := strings.Split(sol, "/")
	if len(rows) != o.H {
		return nil, fmt.Errorf("solution has %d rows, want %d", len(rows), o.H)
	}
	inside := make([]bool, o.W*o.H)
	for r, row := range rows {
		if len(row) != o.W {
			return nil, fmt.Errorf("solution row %d has %d cells, want %d", r+1, len(row), o.W)
		}
		for c := 0; c < o.W; c++ {
			inside[r*o.W+c] = row[c] == '1'
		}
	}
	out := make([]uint8, t.ne)
	for e := range out {
		in := [2]bool{}
		for k, c := range t.eCell[e] {
			if c >= 0 {
				in[k] = inside[o.cellOrig[c]]
			}
		}
		out[e] = lOff
		if in[0] != in[1] {
			out[e] = lOn
		}
	}
	return out, nil
}
