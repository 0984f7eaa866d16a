package killer_test

import (
	"math/bits"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/killer"
)

// brute counts p's solutions up to two by plain backtracking, cage by
// cage (smallest first, so that sums prune early), with none of the solver's propagation: rows, columns, boxes,
// no repeat in a cage, and each cage's remaining sum within what its
// remaining cells can make with unused digits. An independent check of
// the solver's verdicts.
func brute(p *killer.Puzzle, limit int) (count int, first string, nodes int) {
	n := p.N
	area := n * n
	cages := p.Cages()
	left := make([]int, len(cages)) // cells of the cage not yet filled
	rest := make([]int, len(cages)) // sum still to make
	used := make([]uint16, len(cages))
	for k, cs := range cages {
		left[k], rest[k] = len(cs), p.Sums[k]
	}
	var row, col, box [killer.MaxN]uint16
	grid := make([]byte, area)
	var order []int
	for size := 1; size <= n; size++ {
		for _, cs := range cages {
			if len(cs) == size {
				order = append(order, cs...)
			}
		}
	}
	// feasible: k more distinct digits of 1..n outside used add up to s
	feasible := func(used uint16, k, s int) bool {
		if k == 0 {
			return s == 0
		}
		lo, hi, c := 0, 0, 0
		for d := 1; d <= n && c < k; d++ {
			if used&killer.Bit(d) == 0 {
				lo += d
				c++
			}
		}
		c = 0
		for d := n; d >= 1 && c < k; d-- {
			if used&killer.Bit(d) == 0 {
				hi += d
				c++
			}
		}
		return c == k && lo <= s && s <= hi
	}
	var rec func(at int)
	rec = func(at int) {
		if count >= 2 || nodes > limit {
			return
		}
		nodes++
		if at == area {
			if count == 0 {
				first = string(grid)
			}
			count++
			return
		}
		i := order[at]
		r, c, b, k := i/n, i%n, p.Box(i), p.Cage[i]
		free := killer.AllDigits(n) &^ (row[r] | col[c] | box[b] | used[k])
		if g := p.Given[i]; g != 0 {
			free &= killer.Bit(int(g))
		}
		for m := free; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			bit := killer.Bit(d)
			if !feasible(used[k]|bit, left[k]-1, rest[k]-d) {
				continue
			}
			row[r] |= bit
			col[c] |= bit
			box[b] |= bit
			used[k] |= bit
			left[k]--
			rest[k] -= d
			grid[i] = byte('0' + d)
			rec(at + 1)
			row[r] &^= bit
			col[c] &^= bit
			box[b] &^= bit
			used[k] &^= bit
			left[k]++
			rest[k] += d
		}
	}
	rec(0)
	return count, first, nodes
}

// TestBruteAgrees: on some Janko killers (every tenth 4x4 and 6x6, the
// 9x9 Tatham's solver calls ambiguous but the solver unique, and two with
// two solutions), plain backtracking finds the same status and solution.
func TestBruteAgrees(t *testing.T) {
	check := map[string]bool{"540_9x9": true, "174_9x9": true, "171_9x9": true, "369_9x9": true, "718_9x9": true, "726_9x9": true}
	for k, r := range loadJanko(t) {
		if !check[r.id] && (r.n == 9 || k%10 != 0) {
			continue
		}
		p, _ := killer.ParseJanko(r.n, r.problem)
		count, first, nodes := brute(p, 50_000_000)
		if nodes > 50_000_000 {
			t.Logf("%s: brute force gave up", r.id)
			continue
		}
		res := p.Solve()
		switch {
		case count == 2 && res.Status != engine.Multiple,
			count == 1 && (res.Status != engine.Unique || res.Solution != first),
			count == 0 && res.Status != engine.None:
			t.Errorf("%s: brute force %d solutions (%s), solver %v %s", r.id, count, first, res.Status, res.Solution)
		}
	}
}
