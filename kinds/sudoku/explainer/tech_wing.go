package explainer

import (
	"fmt"

	"pencilbox/engine"
)

// sees reports whether cells a and b share a house (a != b).
func sees(a, b int) bool {
	ha, hb := cellHouses[a], cellHouses[b]
	return a != b && (ha[0] == hb[0] || ha[1] == hb[1] || ha[2] == hb[2])
}

// wing is XY-Wing (4.2) and XYZ-Wing (4.4). The pivot holds xy (xyz for
// XYZ), two pincers it sees hold xz and yz: whatever the pivot takes, z
// lands in a pincer (or, for XYZ, in the pivot itself), so cells seeing
// both pincers (and the pivot, for XYZ) lose z. serate's order: pivots by
// cell, then the first pincer among the pivot's peers, then the second.
func wing(xyz bool) Hinter {
	name, diff, size := "XY-Wing", 4.2, 2
	if xyz {
		name, diff, size = "XYZ-Wing", 4.4, 3
	}
	return HinterFunc(func(g *Grid, c *Context, acc Accumulator) {
		c.Spend(1)
		for pivot := 0; pivot < 81; pivot++ {
			pv := g.Cand[pivot]
			if count(pv) != size {
				continue
			}
			for _, a := range peers[pivot] {
				av := g.Cand[a]
				if count(av) != 2 || count(pv&^av) != 1 {
					continue
				}
				for _, b := range peers[pivot] {
					bv := g.Cand[b]
					if count(bv) != 2 || count(pv|av|bv) != 3 {
						continue
					}
					common := pv & av & bv
					if xyz && count(common) != 1 || !xyz && common != 0 {
						continue
					}
					z := av & bv
					if count(z) != 1 { // a and b hold the same pair
						continue
					}
					d := lowDigit(z)
					var el []engine.Mark
					for x := 0; x < 81; x++ {
						if g.Cand[x]&z == 0 || x == pivot || x == int(a) || x == int(b) {
							continue
						}
						if sees(x, int(a)) && sees(x, int(b)) && (!xyz || sees(x, pivot)) {
							el = append(el, engine.Mark{Cell: x, Value: d})
						}
					}
					if len(el) == 0 {
						continue
					}
					h := Hint{Technique: name, Difficulty: diff, Eliminate: el}
					if c.Steps {
						h.Step = engine.Step{
							Sentence: fmt.Sprintf("%s with pivot %s (%s) and pincers %s (%s) and %s (%s): whichever digit the pivot takes, %d ends up in %s, so cells that see %s lose %d.",
								name, cellName(pivot), digitsText(pv), cellName(int(a)), digitsText(av), cellName(int(b)), digitsText(bv),
								d, wingWhere(xyz), wingSeen(xyz), d),
							Pattern: []int{pivot, int(a), int(b)},
							Digits:  digitSlice(pv | av | bv),
							Pivots:  []int{pivot}, Pincers: []int{int(a), int(b)},
						}
					}
					if !acc.Add(h) {
						return
					}
				}
			}
		}
	})
}

func wingWhere(xyz bool) string {
	if xyz {
		return "the pivot or a pincer"
	}
	return "one of the pincers"
}

func wingSeen(xyz bool) string {
	if xyz {
		return "all three cells"
	}
	return "both pincers"
}
