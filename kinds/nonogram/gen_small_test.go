package nonogram_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

// pictureClues is the puzzle whose solution is the picture given as the
// bits of mask, row-major.
func pictureClues(w, h int, mask uint32) *nonogram.Puzzle {
	on := func(r, c int) bool { return mask&(1<<(r*w+c)) != 0 }
	p := &nonogram.Puzzle{W: w, H: h}
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
	for r := range h {
		p.Rows = append(p.Rows, runs(w, func(c int) bool { return on(r, c) }))
	}
	for c := range w {
		p.Cols = append(p.Cols, runs(h, func(r int) bool { return on(r, c) }))
	}
	return p
}

// RanksAt is the set of ranks of the unique pictures, enumerated up to
// 4x4 (and 8x1, 8x2).
func TestRanksAt(t *testing.T) {
	for w := 1; w <= 8; w++ {
		for h := 1; h <= 8; h++ {
			if w*h > 16 && w > 1 && h > 1 || w*h > 8 && (w == 1 || h == 1) {
				continue
			}
			if w*h > 12 && testing.Short() {
				continue // 2^16 pictures rated: seconds
			}
			ranks := 0
			for mask := uint32(0); mask < 1<<(w*h); mask++ {
				r := pictureClues(w, h, mask).Rate(false)
				if r.Status == engine.Unique {
					ranks |= 1 << r.Rank
				}
			}
			if got := nonogram.RanksAt(w, h); got != ranks {
				t.Errorf("RanksAt(%d, %d) = %b, enumeration finds %b", w, h, got, ranks)
			}
		}
	}
}
