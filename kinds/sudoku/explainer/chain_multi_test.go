package explainer

import "testing"

// TestStaticUsefulAsEveryRegion: the static multiple chains' filter
// (staticUseful) reads the region chains of which a cell is the first
// place from the position masks; it answers as the way it replaced, which
// listed every house's places and asked each house whose first place is
// the cell, on the sample's path states and their working grids.
func TestStaticUsefulAsEveryRegion(t *testing.T) {
	grids := append(stuckGrids(t), workingGrids(t, 40, 3)...)
	want := func(rc *reach, g *Grid, cell int) bool {
		scratch := make([]uint64, 2*rc.wc)
		var ks []int
		for m := g.Cand[cell]; m != 0; m &= m - 1 {
			ks = append(ks, cell*9+trailing(m))
		}
		if rc.common(ks, scratch) {
			return true
		}
		for m := g.Cand[cell]; m != 0; m &= m - 1 {
			d := trailing(m)
			for _, h := range cellHouses[cell] {
				ks = ks[:0]
				for _, o := range houses[h] {
					if g.Cand[o]&(1<<d) != 0 {
						ks = append(ks, int(o)*9+d)
					}
				}
				if len(ks) >= 2 && ks[0] == cell*9+d && rc.common(ks, scratch) {
					return true
				}
			}
		}
		return false
	}
	cells, useful := 0, 0
	for i := range grids {
		g := &grids[i]
		c := newChainer(config{multiple: true}, &Chains{})
		c.basePos.build(g)
		rc := c.closure(g)
		for cell := range 81 {
			if g.Value[cell] != 0 || popcount(g.Cand[cell]) < 3 {
				continue
			}
			got, exp := c.staticUseful(rc, g, cell), want(rc, g, cell)
			if got != exp {
				t.Fatalf("grid %d cell %d: staticUseful %v, every region %v", i, cell, got, exp)
			}
			cells++
			if exp {
				useful++
			}
		}
	}
	t.Logf("%d grids, %d cells, %d useful", len(grids), cells, useful)
	if useful == 0 || useful == cells {
		t.Fatalf("%d of %d cells useful: the sample tells nothing", useful, cells)
	}
}
