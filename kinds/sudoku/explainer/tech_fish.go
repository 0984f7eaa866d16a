package explainer

import (
	"fmt"

	"pencilbox/engine"
)

var fishNames = [5]string{2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

// fish is X-Wing (3.2), Swordfish (3.8) and Jellyfish (5.2): a digit whose
// places in n base lines (two or more in each) lie in n cover lines; the
// cover lines lose it elsewhere. serate tries columns as base lines first,
// then rows; for each set of base lines, digits 1 to 9.
func fish(n int) Hinter {
	diff := [5]float64{2: 3.2, 3: 3.8, 4: 5.2}[n]
	name := fishNames[n]
	return HinterFunc(func(g *Grid, c *Context, acc Accumulator) {
		c.Spend(1)
		var placed [10]int
		for _, v := range g.Value {
			placed[v]++
		}
		var buf placeTable
		t := c.places(g, &buf)
		for _, base := range [2]int{9, 0} {
			cover := 9 - base
			stop := false
			// Lines where digit d has 2..n places: any other line
			// cannot be a base line.
			var ok [10]uint16
			for d := 1; d <= 9; d++ {
				for i := 0; i < 9; i++ {
					if k := count(t[base+i][d-1]); k >= 2 && k <= n {
						ok[d] |= 1 << i
					}
				}
			}
			combos(n, 9, func(sel uint16) bool {
				for d := 1; d <= 9; d++ {
					if placed[d]+2*n > 9 || sel&^ok[d] != 0 {
						continue
					}
					bit := uint16(1) << (d - 1)
					var union uint16
					ok := true
					for m := sel; m != 0; m &= m - 1 {
						p := t[base+lowDigit(m)-1][d-1]
						if count(p) < 2 {
							ok = false
							break
						}
						union |= p
					}
					if !ok || count(union) != n {
						continue
					}
					var el []engine.Mark
					for m := union; m != 0; m &= m - 1 {
						for i, x := range houses[cover+lowDigit(m)-1] {
							if sel&(1<<i) == 0 && g.Cand[x]&bit != 0 {
								el = append(el, engine.Mark{Cell: int(x), Value: d})
							}
						}
					}
					if len(el) == 0 {
						continue
					}
					var bm, cm uint32
					for m := sel; m != 0; m &= m - 1 {
						bm |= 1 << (base + lowDigit(m) - 1)
					}
					for m := union; m != 0; m &= m - 1 {
						cm |= 1 << (cover + lowDigit(m) - 1)
					}
					h := Hint{Technique: name, Difficulty: diff, Eliminate: el,
						Rule: Rule{Kind: RuleLocking, Digit: uint8(d), Base: bm, Cover: cm}}
					if c.Steps {
						h.Step = fishStep(g, name, d, bm, cm)
					}
					if !acc.Add(h) {
						stop = true
						return false
					}
				}
				return true
			})
			if stop {
				return
			}
		}
	})
}

// housesText names a set of houses: "rows 2 and 7", "columns 1, 4 and 8".
func housesText(m uint32) string {
	var kinds [3][]string
	for h := 0; h < 27; h++ {
		if m&(1<<h) != 0 {
			kinds[h/9] = append(kinds[h/9], fmt.Sprint(h%9+1))
		}
	}
	var parts []string
	for k, xs := range kinds {
		switch len(xs) {
		case 0:
		case 1:
			parts = append(parts, [3]string{"row ", "column ", "box "}[k]+xs[0])
		default:
			parts = append(parts, [3]string{"rows ", "columns ", "boxes "}[k]+andList(xs))
		}
	}
	return andList(parts)
}

func housesOf(m uint32) []string {
	var hs []string
	for h := 0; h < 27; h++ {
		if m&(1<<h) != 0 {
			hs = append(hs, houseName(h))
		}
	}
	return hs
}

func fishStep(g *Grid, name string, d int, bm, cm uint32) engine.Step {
	bit := uint16(1) << (d - 1)
	var cells []int
	for c := 0; c < 81; c++ {
		ch := cellHouses[c]
		if g.Cand[c]&bit != 0 && bm&(1<<ch[0]|1<<ch[1]) != 0 && cm&(1<<ch[0]|1<<ch[1]) != 0 {
			cells = append(cells, c)
		}
	}
	base, cover := housesOf(bm), housesOf(cm)
	return engine.Step{
		Sentence: fmt.Sprintf("%s on %d in %s: every %d there lies in %s, so %s lose %d elsewhere.",
			name, d, housesText(bm), d, housesText(cm), housesText(cm), d),
		Pattern: cells, Digits: []int{d}, Base: base, Cover: cover,
		Houses: append(append([]string{}, base...), cover...),
	}
}
