package slitherlink

import (
	"fmt"
	"strings"

	"pencilbox/engine"
)

// CheckSolution says why sol is not a solution of p, or nil: sol must be H
// rows of W characters '1' (inside) or '0' (outside) joined by '/'; each
// clue must count its sides between an inside and an outside cell (the
// area beyond the grid outside); the loop must be one: the inside cells
// 4-connected, the outside ones connected with the border, and no dot
// where the loop would touch itself (two inside cells meeting only at a
// corner, with the other two outside). It does not say whether p has
// other solutions.
func CheckSolution(p *Puzzle, sol string) error {
	rows := strings.Split(sol, "/")
	if len(rows) != p.H {
		return fmt.Errorf("solution has %d rows, the grid %d", len(rows), p.H)
	}
	w, h := p.W, p.H
	in := make([]bool, w*h)
	for r, row := range rows {
		if len(row) != w {
			return fmt.Errorf("solution row %d has %d cells, the grid %d", r+1, len(row), w)
		}
		for c := 0; c < w; c++ {
			switch row[c] {
			case '1':
				in[r*w+c] = true
			case '0':
			default:
				return fmt.Errorf("solution row %d column %d: %q is not 1 (inside) or 0 (outside)", r+1, c+1, row[c])
			}
		}
	}
	at := func(r, c int) bool { return r >= 0 && r < h && c >= 0 && c < w && in[r*w+c] }
	for i, k := range p.Clue {
		if k == NoClue {
			continue
		}
		r, c := i/w, i%w
		n := 0
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			if at(r+d[0], c+d[1]) != in[i] {
				n++
			}
		}
		if n != int(k) {
			return fmt.Errorf("the %d at %s has %d of its sides on the loop", k, engine.CellName(i, w), n)
		}
	}
	for r := 0; r <= h; r++ {
		for c := 0; c <= w; c++ {
			a, b, d, e := at(r-1, c-1), at(r-1, c), at(r, c-1), at(r, c)
			if a == e && b == d && a != b {
				return fmt.Errorf("the loop touches itself at the dot between rows %d-%d and columns %d-%d", r, r+1, c, c+1)
			}
		}
	}
	inside, pieceIn, pieceOut := regions(w, h, in)
	switch {
	case inside == 0:
		return fmt.Errorf("solution has no inside cell: no loop")
	case pieceIn > 1:
		return fmt.Errorf("the inside cells fall into %d parts: %d loops", pieceIn, pieceIn)
	case pieceOut > 1:
		return fmt.Errorf("the outside cells fall into %d parts: the loop has another inside it", pieceOut)
	}
	return nil
}

// regions counts the inside cells and the 4-connected parts of the inside
// and of the outside, the outside cells on the border forming one part
// with the area beyond the grid.
func regions(w, h int, in []bool) (inside, partsIn, partsOut int) {
	seen := make([]bool, w*h)
	stack := make([]int, 0, 64)
	flood := func(start int) {
		v := in[start]
		seen[start] = true
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r, c := i/w, i%w
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := r+d[0], c+d[1]
				if nr < 0 || nr >= h || nc < 0 || nc >= w {
					continue
				}
				if j := nr*w + nc; !seen[j] && in[j] == v {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	partsOut = 1 // the area beyond the grid, with the outside cells on the border
	for i := range in {
		if in[i] {
			inside++
		}
	}
	for i := range in {
		r, c := i/w, i%w
		if !in[i] && !seen[i] && (r == 0 || c == 0 || r == h-1 || c == w-1) {
			flood(i)
		}
	}
	for i := range in {
		if seen[i] {
			continue
		}
		if in[i] {
			partsIn++
		} else {
			partsOut++
		}
		flood(i)
	}
	return
}
