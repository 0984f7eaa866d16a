package explainer

import (
	"fmt"

	"pencilbox/engine"
)

// hiddenSingles finds digits with one place left in a house. serate first
// offers the last empty cell of a house (1.0), then single places in a box
// (1.2), then in a column or row (1.5); boxes before columns before rows.
func hiddenSingles(g *Grid, c *Context, acc Accumulator) {
	c.Spend(1)
	// Per house, the digits with exactly one place (counted bit-sliced
	// over its cells) and whether one cell is left empty.
	var singles [27]uint16
	var alone [27]bool
	for h := 0; h < 27; h++ {
		var once, twice uint16
		empty := 0
		for _, x := range houses[h] {
			m := g.Cand[x]
			if g.Value[x] == 0 {
				empty++
			}
			twice |= once & m
			once |= m
		}
		singles[h], alone[h] = once&^twice, empty == 1
	}
	for pass := 0; pass < 2; pass++ {
		for _, h := range serateHouses {
			isAlone := alone[h]
			if isAlone != (pass == 0) {
				continue
			}
			for single := singles[h]; single != 0; single &= single - 1 {
				d := lowDigit(single)
				pos := g.positions(h, single&-single)
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
