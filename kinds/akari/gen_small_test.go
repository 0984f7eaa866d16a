package akari_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

// TestMaxRankAtSmallSizes enumerates every Akari with a unique solution up
// to 3x3 (every black layout, every placement of lights that keeps the
// rules, every set of numbered black cells with the numbers it implies)
// and checks that the highest rank found is akari.MaxRankAt, which the
// generator uses to refuse impossible targets.
func TestMaxRankAtSmallSizes(t *testing.T) {
	for w := 1; w <= 3; w++ {
		for h := 1; h <= 3; h++ {
			top := 0
			n := w * h
			for layout := 0; layout < 1<<n; layout++ {
				for _, lights := range placements(w, h, layout) {
					var blacks []int
					for c := 0; c < n; c++ {
						if layout>>c&1 == 1 {
							blacks = append(blacks, c)
						}
					}
					for sub := 0; sub < 1<<len(blacks); sub++ {
						cells := make([]byte, n)
						for c := range cells {
							cells[c] = akari.White
						}
						for i, c := range blacks {
							cells[c] = akari.Black
							if sub>>i&1 == 1 {
								cells[c] = byte('0' + adjacent(w, h, c, lights))
							}
						}
						p, err := akari.New(w, h, cells)
						if err != nil {
							t.Fatal(err)
						}
						if r := p.Rate(false); r.Status == engine.Unique {
							top = max(top, r.Rank)
						}
					}
				}
			}
			if got := akari.MaxRankAt(w, h); got != top {
				t.Errorf("%dx%d: MaxRankAt %d, enumeration finds %d", w, h, got, top)
			}
		}
	}
}

// placements lists the light placements (bit masks) that light every
// white cell of the layout with no light seeing another.
func placements(w, h, layout int) []int {
	n := w * h
	var out []int
	for m := 0; m < 1<<n; m++ {
		if m&layout != 0 {
			continue
		}
		lit := 0
		ok := true
		for c := 0; c < n && ok; c++ {
			if m>>c&1 == 0 {
				continue
			}
			lit |= 1 << c
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				for r, cc := c/w+d[0], c%w+d[1]; r >= 0 && r < h && cc >= 0 && cc < w && layout>>(r*w+cc)&1 == 0; r, cc = r+d[0], cc+d[1] {
					if m>>(r*w+cc)&1 == 1 {
						ok = false
					}
					lit |= 1 << (r*w + cc)
				}
			}
		}
		if ok && lit|layout == 1<<n-1 {
			out = append(out, m)
		}
	}
	return out
}

// adjacent counts the lights orthogonally next to cell c.
func adjacent(w, h, c, lights int) int {
	k := 0
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		r, cc := c/w+d[0], c%w+d[1]
		if r >= 0 && r < h && cc >= 0 && cc < w && lights>>(r*w+cc)&1 == 1 {
			k++
		}
	}
	return k
}
