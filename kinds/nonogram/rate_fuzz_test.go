package nonogram_test

import (
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

// FuzzRate: the puzzle of any picture (up to 12x12, from fuzzPicture)
// rates as Solve decides it: unique exactly when Solve says so, with the
// same solution; its rank is at most 2 exactly when an independent plain
// line solver finishes it; its steps replay to the solution, every cell
// once; every image under the rectangle's symmetries has its rank; and
// Undecided is empty exactly on ranks 1-3.
func FuzzRate(f *testing.F) {
	for _, s := range [][]byte{
		{4, 4, 0x96, 0x69},
		{9, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
		{2, 2, 0x09},
		{11, 7, 0xff, 0x00, 0x3c, 0x42, 0x81, 0x99, 0xa5, 0x5a, 0x18, 0x24, 0xe7},
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		w, h, cells := fuzzPicture(data)
		if w == 0 {
			return
		}
		p := pictureOf(w, h, cells)
		res := p.Solve()
		r := p.Rate(true)
		if r.Status != res.Status || r.Solution != res.Solution {
			t.Fatalf("%s: Rate %v %q, Solve %v %q", p.TathamID(), r.Status, r.Solution, res.Status, res.Solution)
		}
		und, err := p.Undecided()
		if err != nil {
			t.Fatalf("%s: Undecided: %v", p.TathamID(), err)
		}
		if r.Status != engine.Unique {
			if r.Rank != 0 || len(und) == 0 {
				t.Fatalf("%s: %v with rank %d, %d cells undecided", p.TathamID(), r.Status, r.Rank, len(und))
			}
			return
		}
		if (r.Rank <= 2) != lineSolvable(p) || (r.Rank <= 3) != (len(und) == 0) {
			t.Fatalf("%s: rank %d, line-solvable %v, %d undecided", p.TathamID(), r.Rank, lineSolvable(p), len(und))
		}
		sol := strings.ReplaceAll(r.Solution, "/", "")
		placed := make([]bool, w*h)
		for _, st := range r.Steps {
			for _, m := range st.Place {
				want := nonogram.MarkCrossed
				if sol[m.Cell] == '1' {
					want = nonogram.MarkFilled
				}
				if placed[m.Cell] || m.Value != want {
					t.Fatalf("%s: step %q places %s = %d", p.TathamID(), st.Sentence, engine.CellName(m.Cell, w), m.Value)
				}
				placed[m.Cell] = true
			}
		}
		for c, ok := range placed {
			if !ok {
				t.Fatalf("%s: %s never placed", p.TathamID(), engine.CellName(c, w))
			}
		}
		for k := 1; k < 8; k++ {
			if q := symImage(p, k).Rate(false); q.Rank != r.Rank {
				t.Fatalf("%s image %d: rank %d, want %d", p.TathamID(), k, q.Rank, r.Rank)
			}
		}
	})
}

// pictureOf is the puzzle whose solution is the picture.
func pictureOf(w, h int, cells []bool) *nonogram.Puzzle {
	runs := func(n int, at func(i int) bool) []int {
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
	p := &nonogram.Puzzle{W: w, H: h}
	for r := range h {
		p.Rows = append(p.Rows, runs(w, func(c int) bool { return cells[r*w+c] }))
	}
	for c := range w {
		p.Cols = append(p.Cols, runs(h, func(r int) bool { return cells[r*w+c] }))
	}
	return p
}
