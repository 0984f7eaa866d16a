package explainer

import (
	"fmt"

	"pencilbox/engine"
)

var setNames = [5]string{2: "Pair", 3: "Triplet", 4: "Quad"}

// nakedSet is Naked Pair (3.0), Triplet (3.6) and Quad (5.0): n cells of a
// house, each with two or more candidates, holding n digits between them;
// the house's other cells lose those digits. Houses in serate's order
// (boxes, columns, rows), cell tuples in its order.
func nakedSet(n int) Hinter {
	diff := [5]float64{2: 3.0, 3: 3.6, 4: 5.0}[n]
	name := "Naked " + setNames[n]
	return HinterFunc(func(g *Grid, c *Context, acc Accumulator) {
		c.Spend(1)
		var e [27]int8
		g.empties(&e)
		for _, h := range serateHouses {
			if int(e[h]) < 2*n {
				continue
			}
			var ok uint16 // cells with two to n candidates: only they can be in the set
			for i, x := range houses[h] {
				if k := count(g.Cand[x]); k >= 2 && k <= n {
					ok |= 1 << i
				}
			}
			if count(ok) < n {
				continue
			}
			stop := false
			combosIn(n, ok, func(sel uint16) bool {
				var union uint16
				for m := sel; m != 0; m &= m - 1 {
					cm := g.Cand[houses[h][lowDigit(m)-1]]
					if count(cm) < 2 {
						return true
					}
					union |= cm
				}
				if count(union) != n {
					return true
				}
				var el []engine.Mark
				for i, x := range houses[h] {
					if sel&(1<<i) != 0 {
						continue
					}
					for m := g.Cand[x] & union; m != 0; m &= m - 1 {
						el = append(el, engine.Mark{Cell: int(x), Value: lowDigit(m)})
					}
				}
				if len(el) == 0 {
					return true
				}
				hint := Hint{Technique: name, Difficulty: diff, Eliminate: el,
					Rule: Rule{Kind: RuleNaked, Digits: union, N: uint8(n)}}
				var cells []int
				for m := sel; m != 0; m &= m - 1 {
					x := houses[h][lowDigit(m)-1]
					hint.Rule.Cells[len(cells)] = x
					cells = append(cells, int(x))
				}
				if c.Steps {
					hint.Step = engine.Step{
						Sentence: fmt.Sprintf("In %s, %s hold only %s between them: the other cells of %s lose %s.",
							houseName(h), cellsText(cells), digitsText(union), houseName(h), digitsText(union)),
						Pattern: cells, Houses: []string{houseName(h)}, Digits: digitSlice(union)}
				}
				if !acc.Add(hint) {
					stop = true
					return false
				}
				return true
			})
			if stop {
				return
			}
		}
	})
}

func digitSlice(m uint16) []int {
	var ds []int
	for ; m != 0; m &= m - 1 {
		ds = append(ds, lowDigit(m))
	}
	return ds
}

// hiddenTuple calls f with every n digits of house h that fit, between
// them, in exactly n cells (each digit in two or more), in serate's order.
func hiddenTuple(t *placeTable, h, n int, f func(digits, cells uint16) bool) {
	// Only digits with two to n places can be part of the tuple (serate
	// tries the others too, in vain: leaving them out keeps its order).
	var ok uint16
	for d := 0; d < 9; d++ {
		if k := count(t[h][d]); k >= 2 && k <= n {
			ok |= 1 << d
		}
	}
	if count(ok) < n {
		return
	}
	combosIn(n, ok, func(ds uint16) bool {
		var union uint16
		for m := ds; m != 0; m &= m - 1 {
			p := t[h][lowDigit(m)-1]
			if count(p) < 2 {
				return true
			}
			union |= p
		}
		if count(union) != n {
			return true
		}
		return f(ds, union)
	})
}

// hiddenSet is Hidden Pair (3.4), Triplet (4.0) and Quad (5.4): n digits
// of a house confined to n cells; those cells lose their other digits.
func hiddenSet(n int) Hinter {
	diff := [5]float64{2: 3.4, 3: 4.0, 4: 5.4}[n]
	name := "Hidden " + setNames[n]
	return HinterFunc(func(g *Grid, c *Context, acc Accumulator) {
		c.Spend(1)
		var buf placeTable
		var e [27]int8
		t := c.places(g, &buf)
		g.empties(&e)
		for _, h := range serateHouses {
			if int(e[h]) <= 2*n {
				continue
			}
			stop := false
			hiddenTuple(t, h, n, func(ds, pos uint16) bool {
				var el []engine.Mark
				var cells []int
				for m := pos; m != 0; m &= m - 1 {
					x := int(houses[h][lowDigit(m)-1])
					cells = append(cells, x)
					for o := g.Cand[x] &^ ds; o != 0; o &= o - 1 {
						el = append(el, engine.Mark{Cell: x, Value: lowDigit(o)})
					}
				}
				if len(el) == 0 {
					return true
				}
				hint := Hint{Technique: name, Difficulty: diff, Eliminate: el,
					Rule: Rule{Kind: RuleHidden, Digits: ds, House: uint8(h)}}
				if c.Steps {
					hint.Step = engine.Step{
						Sentence: fmt.Sprintf("In %s, %s fit only in %s: those cells lose their other candidates.",
							houseName(h), digitsText(ds), cellsText(cells)),
						Pattern: cells, Houses: []string{houseName(h)}, Digits: digitSlice(ds)}
				}
				if !acc.Add(hint) {
					stop = true
					return false
				}
				return true
			})
			if stop {
				return
			}
		}
	})
}

// directHidden is Direct Hidden Pair (2.0) and Triplet (2.5): a hidden
// subset whose cells, once cleared of other digits, leave another digit
// of the house one place. Like serate, the hint only places that digit.
func directHidden(n int) Hinter {
	diff := [4]float64{2: 2.0, 3: 2.5}[n]
	name := "Direct Hidden " + setNames[n]
	return HinterFunc(func(g *Grid, c *Context, acc Accumulator) {
		c.Spend(1)
		var buf placeTable
		var e [27]int8
		t := c.places(g, &buf)
		g.empties(&e)
		for _, h := range serateHouses {
			if int(e[h]) <= n {
				continue
			}
			stop := false
			hiddenTuple(t, h, n, func(ds, pos uint16) bool {
				for d := 1; d <= 9; d++ {
					bit := uint16(1) << (d - 1)
					if ds&bit != 0 {
						continue
					}
					p := t[h][d-1]
					if count(p) < 2 || count(p&^pos) != 1 {
						continue
					}
					cell := int(houses[h][lowDigit(p&^pos)-1])
					hint := Hint{Technique: name, Difficulty: diff,
						Place: []engine.Mark{{Cell: cell, Value: d}}}
					if c.Steps {
						var cells []int
						for m := pos; m != 0; m &= m - 1 {
							cells = append(cells, int(houses[h][lowDigit(m)-1]))
						}
						hint.Step = engine.Step{
							Sentence: fmt.Sprintf("In %s, %s fit only in %s, so %d cannot go there: its last place in %s is %s.",
								houseName(h), digitsText(ds), cellsText(cells), d, houseName(h), cellName(cell)),
							Pattern: cells, Houses: []string{houseName(h)}, Digits: digitSlice(ds)}
					}
					// serate offers one hint per subset: the first digit.
					stop = !acc.Add(hint)
					return !stop
				}
				return true
			})
			if stop {
				return
			}
		}
	})
}
