package explainer

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// refWalk is serate's loop walk without our shortcuts: every path is
// followed and every loop found is kept, copies included.
func refWalk(g *Grid, pair uint16, loop []int, cell, allowed int, extra uint16, last int, out *[][]int) {
	loop = append(loop, cell)
	for t := 0; t < 3; t++ {
		if t == last {
			continue
		}
		for _, x := range houses[cellHouseOf(cell, t)] {
			next := int(x)
			if next == loop[0] && len(loop) >= 4 {
				*out = append(*out, append([]int(nil), loop...))
				continue
			}
			in := false
			for _, y := range loop {
				in = in || y == next
			}
			p := g.Cand[next]
			if in || p&pair != pair {
				continue
			}
			ex := (extra | p) &^ pair
			if n := count(p); n == 2 || count(ex) == 1 || allowed > 0 {
				a := allowed
				if n > 2 {
					a--
				}
				refWalk(g, pair, loop, next, a, ex, t, out)
			}
		}
	}
}

func refLoops(g *Grid) []string {
	var found []ulHint
	c := Context{Steps: true, Limit: DefaultWorkLimit}
	for start := 0; start < 81; start++ {
		if count(g.Cand[start]) != 2 {
			continue
		}
		var loops [][]int
		refWalk(g, g.Cand[start], nil, start, 2, 0, -1, &loops)
		for _, l := range loops {
			if validLoop(l) {
				found = loopHints(g, &c, l, g.Cand[start], found)
			}
		}
	}
	sort.SliceStable(found, func(i, j int) bool {
		if found[i].tenths != found[j].tenths {
			return found[i].tenths < found[j].tenths
		}
		return found[i].typ < found[j].typ
	})
	var out []string
	seen := map[string]bool{}
	for _, f := range found {
		k := hintKey(&f.hint)
		if !seen[k] { // copies of one loop give the same hints: the first counts
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

func hintKey(h *Hint) string {
	var el []string
	for _, m := range h.Eliminate {
		el = append(el, fmt.Sprintf("%s-%d", cellName(m.Cell), m.Value))
	}
	sort.Strings(el) // the same removals in another order are the same hint
	cells := append([]int{}, h.Step.Corners...)
	sort.Ints(cells)
	return fmt.Sprint(h.Technique, FormatRating(h.Difficulty), cells, el)
}

// TestUniqueLoopsMatchPlainWalk: our walk (dropping hopeless paths and
// copies of a loop) gives the plain walk's hints in the same order on
// every third state the sample's paths meet (equal hints, which cannot
// change which comes first, counted once on both sides).
func TestUniqueLoopsMatchPlainWalk(t *testing.T) {
	grids := stuckGrids(t)
	total := 0
	for i := range grids {
		if i%3 != 0 {
			continue
		}
		g := grids[i]
		want := refLoops(&g)
		var got []string
		seen := map[string]bool{}
		for _, h := range hintsOf(&g, HinterFunc(uniqueLoops)) {
			if k := hintKey(&h); !seen[k] {
				seen[k] = true
				got = append(got, k)
			}
		}
		total += len(want)
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("grid %d: got\n%v\nwant\n%v", i, got, want)
		}
	}
	t.Logf("%d hints equal", total)
	if total == 0 {
		t.Fatal("no hint compared")
	}
}
