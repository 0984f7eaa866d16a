package explainer

import (
	"fmt"

	"pencilbox/engine"
)

func init() {
	register(OrderHiddenSingle, "hidden single", HinterFunc(hiddenSingles), "Hidden Single")
	register(OrderNakedSingle, "naked single", HinterFunc(nakedSingles), "Naked Single")
}

// hiddenSingles finds digits with one place left in a house. serate first
// offers the last empty cell of a house (1.0), then single places in a box
// (1.2), then in a column or row (1.5); boxes before columns before rows.
func hiddenSingles(g *Grid, c *Context, acc Accumulator) {
	c.Spend(1)
	var t placeTable
	var e [27]int8
	g.places(&t)
	g.empties(&e)
	for pass := 0; pass < 2; pass++ {
		alone := pass == 0
		for _, h := range serateHouses {
			isAlone := e[h] == 1
			if isAlone != alone {
				continue
			}
			for d := 1; d <= 9; d++ {
				pos := t[h][d-1]
				if count(pos) != 1 {
					continue
				}
				cell := int(houses[h][lowDigit(pos)-1])
				diff := 1.5
				switch {
				case isAlone:
					diff = 1.0
				case h >= 18:
					diff = 1.2
				}
				hint := Hint{Technique: "Hidden Single", Difficulty: diff,
					Place: []engine.Mark{{Cell: cell, Value: d}}}
				if c.Steps {
					if isAlone {
						hint.Step.Sentence = fmt.Sprintf("%s is the last empty cell of %s: it takes %d.", cellName(cell), houseName(h), d)
					} else {
						hint.Step.Sentence = fmt.Sprintf("%d has one place left in %s: %s.", d, houseName(h), cellName(cell))
					}
					hint.Step.Pattern = []int{cell}
					hint.Step.Houses = []string{houseName(h)}
					hint.Step.Digits = []int{d}
				}
				if !acc.Add(hint) {
					return
				}
			}
		}
	}
}

// nakedSingles finds cells with one candidate left, in cell order.
func nakedSingles(g *Grid, c *Context, acc Accumulator) {
	c.Spend(1)
	for cell := 0; cell < 81; cell++ {
		m := g.Cand[cell]
		if g.Value[cell] != 0 || count(m) != 1 {
			continue
		}
		d := lowDigit(m)
		hint := Hint{Technique: "Naked Single", Difficulty: 2.3,
			Place: []engine.Mark{{Cell: cell, Value: d}}}
		if c.Steps {
			hint.Step.Sentence = fmt.Sprintf("%s has one candidate left: %d.", cellName(cell), d)
			hint.Step.Pattern = []int{cell}
			hint.Step.Digits = []int{d}
		}
		if !acc.Add(hint) {
			return
		}
	}
}
