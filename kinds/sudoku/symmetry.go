package sudoku

import "math/rand/v2"

// Symmetry is one of the 3,359,232 grid symmetries (row and column
// permutations that keep bands and stacks, optional transposition) combined
// with a digit relabelling. Applied to a puzzle it gives an equivalent
// puzzle: same status, same rank, same canonical form.
type Symmetry struct {
	Transpose bool
	Rows      [9]uint8  // output row i is source row Rows[i]
	Cols      [9]uint8  // output column j is source column Cols[j]
	Digits    [10]uint8 // Digits[d] is the new name of digit d; Digits[0] = 0
}

// Identity is the symmetry that changes nothing.
func Identity() Symmetry {
	var s Symmetry
	for i := range 9 {
		s.Rows[i], s.Cols[i] = uint8(i), uint8(i)
	}
	for d := range 10 {
		s.Digits[d] = uint8(d)
	}
	return s
}

// RandomSymmetry draws a symmetry uniformly from r.
func RandomSymmetry(r *rand.Rand) Symmetry {
	s := Symmetry{Transpose: r.IntN(2) == 1}
	lines := func(out *[9]uint8) {
		bands := r.Perm(3)
		for b := range 3 {
			in := r.Perm(3)
			for i := range 3 {
				out[b*3+i] = uint8(bands[b]*3 + in[i])
			}
		}
	}
	lines(&s.Rows)
	lines(&s.Cols)
	for i, d := range r.Perm(9) {
		s.Digits[i+1] = uint8(d + 1)
	}
	return s
}

// Apply returns the image of g under s.
func (s Symmetry) Apply(g *Grid) Grid {
	var out Grid
	for i := range 9 {
		for j := range 9 {
			r, c := int(s.Rows[i]), int(s.Cols[j])
			if s.Transpose {
				r, c = c, r
			}
			out[i*9+j] = s.Digits[g[r*9+c]]
		}
	}
	return out
}
