package explainer

import (
	"fmt"
	"math/bits"

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
		var exSet [81]cellSet
		for _, x := range base {
			for _, e := range excl[x] {
				exSet[x].add(e)
			}
		}
		var set [3]int
		// test checks the base cells set[:n] and offers a hint; false stops.
		test := func() bool {
			common := exSet[set[0]].and(exSet[set[1]])
			if n == 3 {
				common = common.and(exSet[set[2]])
			}
			var masks [20]uint16
			k := 0
			for w := 0; w < 2; w++ {
				for m := common[w]; m != 0; m &= m - 1 {
					masks[k] = g.Cand[w*64+bits.TrailingZeros64(m)]
					k++
				}
			}
			if k < 2 {
				return true
			}
			if n == 2 {
				// An excluder (two digits) rules out one combination; a
				// digit of one cell goes only if every digit of the other
				// but its own is ruled out: that takes as many excluders
				// as the other cell has digits, less one.
				k0, k1 := count(g.Cand[set[0]]), count(g.Cand[set[1]])
				if k < min(k0, k1)-1 {
					return true
				}
			}
			if !c.Spend(int64(k)) {
				return false
			}
			// allowed[a]: the digits of base cell a some possible
			// combination uses.
			var allowed [3]uint16
			var see [3][3]bool
			for a := 0; a < n; a++ {
				for b := 0; b < n; b++ {
					see[a][b] = sees(set[a], set[b])
				}
			}
			possible := func(used uint16) bool {
				for _, m := range masks[:k] {
					if m&^used == 0 {
						return false
					}
				}
				return true
			}
			for m0 := g.Cand[set[0]]; m0 != 0; m0 &= m0 - 1 {
				d0 := m0 & -m0
				for m1 := g.Cand[set[1]]; m1 != 0; m1 &= m1 - 1 {
					d1 := m1 & -m1
					if d0 == d1 && see[0][1] {
						continue
					}
					if n == 2 {
						if possible(d0 | d1) {
							allowed[0] |= d0
							allowed[1] |= d1
						}
						continue
					}
					for m2 := g.Cand[set[2]]; m2 != 0; m2 &= m2 - 1 {
						d2 := m2 & -m2
						if d2 == d0 && see[0][2] || d2 == d1 && see[1][2] {
							continue
						}
						if possible(d0 | d1 | d2) {
							allowed[0] |= d0
							allowed[1] |= d1
							allowed[2] |= d2
						}
					}
				}
			}
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
				var ex []int
				for x := 0; x < 81; x++ {
					if common.has(x) {
						ex = append(ex, x)
					}
				}
				h.Step = engine.Step{
					Sentence: fmt.Sprintf("%s on %s: every way to fill them either repeats a digit where they see each other or empties one of %s, except combinations that never use the removed digits.",
						name, cellsText(cells), cellsText(ex)),
					Pattern: append(cells, ex...),
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
