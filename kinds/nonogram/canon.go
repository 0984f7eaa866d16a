package nonogram

import "slices"

// Symmetries is the number of images of p under the rectangle's
// symmetries: 8 for a square (rotations and reflections), 4 otherwise
// (the identity, the two mirrors and the half turn); Transform's first
// Symmetries values of t give them.
func (p *Puzzle) Symmetries() int {
	if p.W == p.H {
		return 8
	}
	return 4
}

// Transform returns the image of p under symmetry t (0..7): bit 2
// transposes first, then bit 1 mirrors top to bottom and bit 0 left to
// right; t&7 == 0 is the identity. A t with bit 2 set turns a W x H
// puzzle into an H x W one (a symmetry only of a square; Canonical uses
// it only there).
func (p *Puzzle) Transform(t int) *Puzzle {
	rows, cols := p.Rows, p.Cols
	w, h := p.W, p.H
	if t&4 != 0 {
		rows, cols = cols, rows
		w, h = h, w
	}
	q := &Puzzle{W: w, H: h, Rows: make([][]int, h), Cols: make([][]int, w)}
	for r := range h {
		src := r
		if t&2 != 0 {
			src = h - 1 - r
		}
		q.Rows[r] = slices.Clone(rows[src])
		if t&1 != 0 {
			slices.Reverse(q.Rows[r])
		}
	}
	for c := range w {
		src := c
		if t&1 != 0 {
			src = w - 1 - c
		}
		q.Cols[c] = slices.Clone(cols[src])
		if t&2 != 0 {
			slices.Reverse(q.Cols[c])
		}
	}
	return q
}

// TransformCells maps cells of a W x H picture (row-major) to those of
// its image under Transform(t), so that a solution of p maps to the
// solution of p.Transform(t).
func TransformCells[T any](w, h, t int, cells []T) []T {
	iw, ih := w, h
	if t&4 != 0 {
		iw, ih = h, w
	}
	out := make([]T, len(cells))
	for r := range ih {
		for c := range iw {
			sr, sc := r, c
			if t&2 != 0 {
				sr = ih - 1 - sr
			}
			if t&1 != 0 {
				sc = iw - 1 - sc
			}
			if t&4 != 0 {
				sr, sc = sc, sr
			}
			out[r*iw+c] = cells[sr*w+sc]
		}
	}
	return out
}

// TransformSolution maps a solution of p (the kind's notation) to the
// solution of p.Transform(t).
func (p *Puzzle) TransformSolution(t int, sol string) (string, error) {
	cells, err := p.ParseSolution(sol)
	if err != nil {
		return "", err
	}
	q := TransformCells(p.W, p.H, t, cells)
	if t&4 != 0 {
		return SolutionText(p.H, p.W, q), nil
	}
	return SolutionText(p.W, p.H, q), nil
}

// Canonical is the least Tatham ID among p's images under the
// rectangle's symmetries (Symmetries), equal for a puzzle and each of
// its mirrors and turns.
func (p *Puzzle) Canonical() string {
	best := p.TathamID()
	for t := 1; t < p.Symmetries(); t++ {
		if s := p.Transform(t).TathamID(); s < best {
			best = s
		}
	}
	return best
}
