package explainer

import (
	"fmt"

	"pencilbox/engine"
)

// inHouse reports whether cell c lies in house h.
func inHouse(c, h int) bool { return int(cellHouses[c][h/9]) == h }

// crosses reports whether a box and a line (in either order) share cells.
func crosses(a, b int) bool {
	if a < 18 {
		a, b = b, a
	}
	box := a - 18
	if b < 9 {
		return b/3 == box/3
	}
	return (b-9)/3 == box%3
}

// crossSlots is the mask of the slots of house a (bit i: its i-th cell)
// that lie in house b, a box and a line that cross.
func crossSlots(a, b int) uint16 {
	switch {
	case a >= 18 && b < 9: // a box's cells on row b
		return 0x7 << (b % 3 * 3)
	case a >= 18: // on column b-9
		return 0x49 << ((b - 9) % 3)
	}
	box := b - 18 // a line's cells in box b: its third across the box
	if a < 9 {
		return 0x7 << (box % 3 * 3)
	}
	return 0x7 << (box / 3 * 3)
}

// lockingPairs are serate's (base, cover) house types for intersections:
// box then column, box then row, column then box, row then box. The
// values are the first house of each type.
var lockingPairs = [4][2]int{{18, 9}, {18, 0}, {9, 18}, {0, 18}}

// forEachLock calls f for every digit confined, in base house b1, to the
// cells b1 shares with cover house b2, in serate's order (pair of house
// types, then digit, then base, then cover), until f returns false.
func forEachLock(g *Grid, t *placeTable, f func(d, b1, b2 int) bool) {
	for _, pair := range lockingPairs {
		tab := &lockSlot[0]
		if pair[1] == 9 {
			tab = &lockSlot[1]
		}
		for d := 1; d <= 9; d++ {
			for i1 := 0; i1 < 9; i1++ {
				b1 := pair[0] + i1
				// two or more places, all in one cover house of the
				// other type: the first place's (lockSlot)
				first := tab[t[b1][d-1]]
				if first < 0 {
					continue
				}
				b2 := int(cellHouses[houses[b1][first]][pair[1]/9])
				if !f(d, b1, b2) {
					return
				}
			}
		}
	}
}

// lockSlot[k][pos] is the first slot of pos (a house's places of a digit)
// when pos has two or more places, all in one third of the house (k 0:
// the same row of a box, or the same box of a line: slots 0-2, 3-5, 6-8)
// or all in one column of a box (k 1: slots 3 apart); -1 otherwise.
var lockSlot = func() (t [2][512]int8) {
	for k := range t {
		for pos := range 512 {
			t[k][pos] = -1
			m := uint16(pos)
			if count(m) < 2 {
				continue
			}
			first := lowDigit(m) - 1
			cover := uint16(0x7) << (first / 3 * 3)
			if k == 1 {
				cover = 0x49 << (first % 3)
			}
			if m&^cover == 0 {
				t[k][pos] = int8(first)
			}
		}
	}
	return
}()

// locking is Pointing (2.6: a box's digit on one line) and Claiming (2.8:
// a line's digit in one box): the digit leaves the cover house's other
// cells.
func locking(g *Grid, c *Context, acc Accumulator) {
	c.Spend(1)
	var buf placeTable
	t := c.places(g, &buf)
	forEachLock(g, t, func(d, b1, b2 int) bool {
		if t[b2][d-1]&^crossSlots(b2, b1) == 0 {
			return true // the cover house has no other place to clear
		}
		bit := uint16(1) << (d - 1)
		var el []engine.Mark
		for _, x := range houses[b2] {
			if !inHouse(int(x), b1) && g.Cand[x]&bit != 0 {
				el = append(el, engine.Mark{Cell: int(x), Value: d})
			}
		}
		if len(el) == 0 {
			return true
		}
		h := Hint{Technique: "Claiming", Difficulty: 2.8, Eliminate: el,
			Rule: Rule{Kind: RuleLocking, Digit: uint8(d), Base: 1 << b1, Cover: 1 << b2}}
		if b1 >= 18 {
			h.Technique, h.Difficulty = "Pointing", 2.6
		}
		if c.Steps {
			h.Step = lockingStep(g, d, b1, b2, el)
		}
		return acc.Add(h)
	})
}

func lockingStep(g *Grid, d, b1, b2 int, el []engine.Mark) engine.Step {
	bit := uint16(1) << (d - 1)
	var cells []int
	for _, x := range houses[b1] {
		if g.Cand[x]&bit != 0 {
			cells = append(cells, int(x))
		}
	}
	return engine.Step{
		Sentence: fmt.Sprintf("In %s, %d can only go in %s, all in %s: the rest of %s loses %d.",
			houseName(b1), d, cellsText(cells), houseName(b2), houseName(b2), d),
		Pattern: cells, Digits: []int{d},
		Houses: []string{houseName(b1), houseName(b2)},
		Base:   []string{houseName(b1)}, Cover: []string{houseName(b2)},
	}
}

// directLocking is Direct Pointing (1.7) and Direct Claiming (1.9): a
// pointing or claiming whose eliminations leave a digit one place in a
// house parallel to the base. Like serate, the hint only places that
// digit; the other eliminations are not applied.
func directLocking(g *Grid, c *Context, acc Accumulator) {
	c.Spend(1)
	var buf placeTable
	t := c.places(g, &buf)
	forEachLock(g, t, func(d, b1, b2 int) bool {
		first := b1 / 9 * 9
		for b3 := first; b3 < first+9; b3++ {
			if b3 == b1 || !crosses(b3, b2) {
				continue
			}
			pos := t[b3][d-1]
			if count(pos) < 2 {
				continue
			}
			out := pos &^ crossSlots(b3, b2) // its places outside the cover house
			if out == 0 || out&(out-1) != 0 {
				continue
			}
			cell := int(houses[b3][lowDigit(out)-1])
			h := Hint{Technique: "Direct Claiming", Difficulty: 1.9,
				Place: []engine.Mark{{Cell: cell, Value: d}}}
			if b1 >= 18 {
				h.Technique, h.Difficulty = "Direct Pointing", 1.7
			}
			if c.Steps {
				h.Step = lockingStep(g, d, b1, b2, nil)
				h.Step.Sentence = fmt.Sprintf("In %s, %d can only go where it meets %s, so %s cannot take %d there: %s is its last place in %s.",
					houseName(b1), d, houseName(b2), houseName(b3), d, cellName(cell), houseName(b3))
				h.Step.Houses = append(h.Step.Houses, houseName(b3))
			}
			if !acc.Add(h) {
				return false
			}
		}
		return true
	})
}
