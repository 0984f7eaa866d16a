package explainer

import (
	"fmt"

	"pencilbox/engine"
)

func init() {
	register(OrderAlignedPair, "aligned pair exclusion", alignedExclusion(2), "Aligned Pair Exclusion")
	register(OrderAlignedTriplet, "aligned triplet exclusion", alignedExclusion(3), "Aligned Triplet Exclusion")
}

// alignedExclusion is Aligned Pair Exclusion (6.2) and Aligned Triplet
// Exclusion (7.5). Base cells are cells with two or more candidates and
// at least one excluder: a peer holding two (for triplets two or three)
// candidates. For a set of base cells with two or more common excluders,
// a combination of their digits is impossible when two cells that see
// each other take the same digit or when it would empty a common
// excluder; a digit no possible combination uses leaves its cell.
// serate's order: pairs of base cells (by cell, the later cell outer),
// and for triplets a third cell among the excluders of the first two.
func alignedExclusion(n int) Hinter {
	name, diff := "Aligned Pair Exclusion", 6.2
	if n == 3 {
		name, diff = "Aligned Triplet Exclusion", 7.5
	}
	return HinterFunc(func(g *Grid, c *Context, acc Accumulator) {
		c.Spend(1)
		var base []int
		var excl [81][]int
		var isBase [81]bool
		for x := 0; x < 81; x++ {
			if count(g.Cand[x]) < 2 {
				continue
			}
			single := false
			var ex []int
			for _, p := range peers[x] {
				k := count(g.Cand[p])
				if k == 1 {
					single = true
				} else if k >= 2 && k <= n {
					ex = append(ex, int(p))
				}
			}
			if !single && len(ex) > 0 {
				base = append(base, x)
				excl[x] = ex
				isBase[x] = true
			}
		}
		if len(base) < n {
			return
		}
		var set [3]int
		var allowed [3]uint16
		// test checks the base cells set[:n] and offers a hint; false stops.
		test := func() bool {
			var common []int
			for _, e := range excl[set[0]] {
				in := true
				for _, b := range set[1:n] {
					if !contains(excl[b], e) {
						in = false
						break
					}
				}
				if in {
					common = append(common, e)
				}
			}
			if len(common) < 2 {
				return true
			}
			if !c.Spend(int64(len(common))) {
				return false
			}
			allowed = [3]uint16{}
			var pick [3]int
			var walk func(i int)
			walk = func(i int) {
				if i == n {
					for a := 0; a < n; a++ {
						for b := a + 1; b < n; b++ {
							if pick[a] == pick[b] && sees(set[a], set[b]) {
								return
							}
						}
					}
					var used uint16
					for a := 0; a < n; a++ {
						used |= 1 << (pick[a] - 1)
					}
					for _, e := range common {
						if g.Cand[e]&^used == 0 {
							return
						}
					}
					for a := 0; a < n; a++ {
						allowed[a] |= 1 << (pick[a] - 1)
					}
					return
				}
				for m := g.Cand[set[i]]; m != 0; m &= m - 1 {
					pick[i] = lowDigit(m)
					walk(i + 1)
				}
			}
			walk(0)
			var el []engine.Mark
			for a := 0; a < n; a++ {
				for m := g.Cand[set[a]] &^ allowed[a]; m != 0; m &= m - 1 {
					el = append(el, engine.Mark{Cell: set[a], Value: lowDigit(m)})
				}
			}
			if len(el) == 0 {
				return true
			}
			h := Hint{Technique: name, Difficulty: diff, Eliminate: el}
			if c.Steps {
				cells := append([]int{}, set[:n]...)
				h.Step = engine.Step{
					Sentence: fmt.Sprintf("%s on %s: every way to fill them either repeats a digit where they see each other or empties one of %s, except combinations that never use the removed digits.",
						name, cellsText(cells), cellsText(common)),
					Pattern: append(cells, common...),
				}
			}
			return acc.Add(h)
		}
		for j := 1; j < len(base); j++ {
			for i := 0; i < j; i++ {
				set[0], set[1] = base[i], base[j]
				if n == 2 {
					if !test() {
						return
					}
					continue
				}
				// The third cell: an excluder of the first or the second
				// cell that is itself a base cell, in that order.
				var tail []int
				for _, e := range excl[set[0]] {
					if isBase[e] && e != set[1] {
						tail = append(tail, e)
					}
				}
				for _, e := range excl[set[1]] {
					if isBase[e] && e != set[0] && !contains(tail, e) {
						tail = append(tail, e)
					}
				}
				for _, t := range tail {
					set[2] = t
					if !test() {
						return
					}
				}
			}
		}
	})
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
