package explainer

import (
	"fmt"
	"math/bits"

	"pencilbox/engine"
)

// cellSet is a set of cells as a bit mask.
type cellSet [2]uint64

func (s *cellSet) add(c int)            { s[c>>6] |= 1 << (c & 63) }
func (s *cellSet) del(c int)            { s[c>>6] &^= 1 << (c & 63) }
func (s cellSet) has(c int) bool        { return s[c>>6]&(1<<(c&63)) != 0 }
func (s cellSet) empty() bool           { return s[0]|s[1] == 0 }
func (s cellSet) and(o cellSet) cellSet { return cellSet{s[0] & o[0], s[1] & o[1]} }
func (s cellSet) size() int             { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

func peerSet(c int) cellSet {
	var s cellSet
	for _, p := range peers[c] {
		s.add(int(p))
	}
	return s
}

// bug is the Bivalue Universal Grave, types 1-4 (5.6; 5.7; 5.7 plus the
// subset's size; 5.7). Without its extra candidates (the BUG digits) every
// unsolved cell would hold two digits and every digit two places in each
// house: a deadly pattern with two solutions, so the extras must stay true.
// The search follows serate (with its fix for a BUG digit spread over
// several cells): houses box, row, column; digits 1-9.
func bug(g *Grid, c *Context, acc Accumulator) {
	c.Spend(1)
	temp := g.Cand
	var buf placeTable
	pt := c.places(g, &buf)
	var (
		cells      []int
		values     [81]uint16
		all        uint16
		common     cellSet
		haveCommon bool
		inBug      cellSet
		spread     cellSet
		haveSpread bool
		only       int
		oneValue   = true
	)
	addCell := func(x int) bool {
		if !inBug.has(x) {
			cells = append(cells, x)
			inBug.add(x)
		}
		if !haveCommon {
			common, haveCommon = peerSet(x), true
		} else {
			common = common.and(peerSet(x))
		}
		common = cellSet{common[0] &^ inBug[0], common[1] &^ inBug[1]}
		// None of types 1-3 is possible.
		return !(len(cells) > 1 && count(all) > 1 && common.empty())
	}
	for t := 0; t < 3; t++ {
		for i := 0; i < 9; i++ {
			h := [3]int{18, 0, 9}[t] + i // boxes, rows, columns
			for d := 1; d <= 9; d++ {
				bit := uint16(1) << (d - 1)
				pos := pt[h][d-1]
				if n := count(pos); n == 0 || n == 2 {
					continue
				}
				var fresh []int
				for m := pos; m != 0; m &= m - 1 {
					x := int(houses[h][lowDigit(m)-1])
					if count(g.Cand[x]) >= 3 {
						fresh = append(fresh, x)
					}
				}
				if !haveSpread {
					haveSpread, only = true, d
					for _, x := range fresh {
						spread.add(x)
					}
				} else if oneValue {
					if only == d {
						for _, x := range fresh {
							spread.add(x)
						}
					} else {
						oneValue = false
					}
				}
				if len(fresh) == 1 {
					x := fresh[0]
					values[x] |= bit
					all |= bit
					temp[x] &^= bit
					if !addCell(x) {
						return
					}
				}
				if len(fresh) == 0 {
					return // a digit with three or more places in bivalue cells only
				}
			}
		}
	}
	if oneValue && haveSpread && spread.size() > len(cells) {
		for x := 0; x < 81; x++ {
			if !spread.has(x) || inBug.has(x) {
				continue
			}
			bit := uint16(1) << (only - 1)
			values[x] = bit
			temp[x] &^= bit
			if !addCell(x) {
				return
			}
		}
	}
	// Without the BUG digits: every unsolved cell bivalue, every digit
	// twice (or not at all) in each house.
	for x := 0; x < 81; x++ {
		if g.Value[x] == 0 && count(temp[x]) != 2 {
			return
		}
	}
	for h := 0; h < 27; h++ {
		var once, twice, more uint16
		for _, x := range houses[h] {
			m := temp[x]
			more |= twice & m
			twice |= once & m
			once |= m
		}
		if once&^twice != 0 || more != 0 {
			return
		}
	}
	intro := "Without their extra candidates all unsolved cells would form a deadly pattern with two solutions (a BUG)"
	emit := func(name string, diff float64, el []engine.Mark, sentence string) bool {
		if len(el) == 0 {
			return true
		}
		h := Hint{Technique: name, Difficulty: diff, Eliminate: el}
		if c.Steps {
			h.Step = engine.Step{Sentence: intro + ": " + sentence, Pattern: append([]int{}, cells...), Digits: digitSlice(all)}
		}
		return acc.Add(h)
	}
	switch {
	case len(cells) == 1:
		x := cells[0]
		var el []engine.Mark
		for m := g.Cand[x] &^ all; m != 0; m &= m - 1 {
			el = append(el, engine.Mark{Cell: x, Value: lowDigit(m)})
		}
		emit("BUG type 1", 5.6, el, fmt.Sprintf("%s must be %s, so it loses its other candidates.", cellName(x), digitsText(all)))
	case count(all) == 1:
		if haveCommon && !common.empty() {
			d := lowDigit(all)
			var el []engine.Mark
			for x := 0; x < 81; x++ {
				if common.has(x) && g.Cand[x]&all != 0 {
					el = append(el, engine.Mark{Cell: x, Value: d})
				}
			}
			if !emit("BUG type 2", 5.7, el, fmt.Sprintf("one of %s is %d, so cells seeing them all lose %d.", cellsText(cells), d, d)) {
				return
			}
		}
		if len(cells) == 2 {
			bug4(g, cells, values, all, emit)
		}
	case haveCommon && !common.empty():
		if len(cells) == 2 && !bug4(g, cells, values, all, emit) {
			return
		}
		bug3(g, cells, all, common, emit)
	}
}

// sharedHouse returns the house of type t (0 box, 1 row, 2 column) all
// cells share, or -1.
func sharedHouse(cells []int, t int) int {
	h := cellHouseOf(cells[0], t)
	for _, x := range cells[1:] {
		if cellHouseOf(x, t) != h {
			return -1
		}
	}
	return h
}

// bug4: two BUG cells in one house sharing one non-BUG digit: that digit
// cannot be true in both, so each keeps only its BUG digit and the shared
// one.
func bug4(g *Grid, cells []int, values [81]uint16, all uint16, emit func(string, float64, []engine.Mark, string) bool) bool {
	c1, c2 := cells[0], cells[1]
	shared := g.Cand[c1] & g.Cand[c2] &^ all
	if count(shared) != 1 {
		return true
	}
	for t := 0; t < 3; t++ {
		h := sharedHouse(cells, t)
		if h < 0 {
			continue
		}
		var el []engine.Mark
		for _, x := range []int{c1, c2} {
			for m := g.Cand[x] &^ values[x] &^ shared; m != 0; m &= m - 1 {
				el = append(el, engine.Mark{Cell: x, Value: lowDigit(m)})
			}
		}
		if !emit("BUG type 4", 5.7, el, fmt.Sprintf("in %s, %s and %s cannot both be %d, so one holds its BUG digit: both keep only that and %d.",
			houseName(h), cellName(c1), cellName(c2), lowDigit(shared), lowDigit(shared))) {
			return false
		}
	}
	return true
}

// bug3: the BUG cells act as one cell holding the BUG digits, which makes
// a naked subset with other cells of a house they share (sizes 2 to 6).
func bug3(g *Grid, cells []int, all uint16, common cellSet, emit func(string, float64, []engine.Mark, string) bool) {
	for deg := 2; deg <= 6; deg++ {
		for t := 0; t < 3; t++ {
			h := sharedHouse(cells, t)
			if h < 0 {
				continue
			}
			var region []int
			for x := 0; x < 81; x++ {
				if common.has(x) && cellHouseOf(x, t) == h {
					region = append(region, x)
				}
			}
			if len(region) < deg {
				continue
			}
			stop := false
			combos(deg-1, len(region), func(sel uint16) bool {
				var others uint16
				var naked []int
				ok := count(all) > 1
				for m := sel; m != 0; m &= m - 1 {
					x := region[lowDigit(m)-1]
					naked = append(naked, x)
					p := g.Cand[x]
					if count(p) <= 1 {
						ok = false
					}
					others |= p
				}
				if count(others) != deg || !ok || count(others|all) != deg {
					return true
				}
				set := others | all
				var el []engine.Mark
				for i, x := range region {
					if sel&(1<<i) != 0 {
						continue
					}
					for m := g.Cand[x] & set; m != 0; m &= m - 1 {
						el = append(el, engine.Mark{Cell: x, Value: lowDigit(m)})
					}
				}
				if !emit("BUG type 3", 5.7+float64(deg-1)/10, el, fmt.Sprintf("one of %s holds one of %s, which with %s makes a naked set of %s in %s: the rest of %s loses %s.",
					cellsText(cells), digitsText(all), cellsText(naked), digitsText(set), houseName(h), houseName(h), digitsText(set))) {
					stop = true
					return false
				}
				return true
			})
			if stop {
				return
			}
		}
	}
}
