package explainer

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"pencilbox/kinds/sudoku"
)

// stuckGrids takes each sample puzzle as far as the basic techniques go
// and returns every state met on the way (the grids the later hinters are
// asked about).
func stuckGrids(t *testing.T) []Grid {
	f, err := os.Open("testdata/se_sample_200.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || l[0] == '#' || strings.HasPrefix(l, "puzzle") {
			continue
		}
		p, err := sudoku.ParseLine(strings.Split(l, "\t")[0])
		if err != nil {
			t.Fatal(err)
		}
		g := NewGrid(&p)
		c := Context{Limit: DefaultWorkLimit}
		for {
			out = append(out, g)
			h, ok := NextBasic(&g, &c)
			if !ok {
				break
			}
			Apply(&g, &h)
		}
	}
	return out
}

// refAligned is aligned exclusion written the plain way, as serate's
// AlignedExclusion reads: lists, every digit combination tested against
// every common excluder.
func refAligned(g *Grid, n int) []string {
	type cellInfo struct{ excl []int }
	var base []int
	info := map[int]cellInfo{}
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
			info[x] = cellInfo{ex}
		}
	}
	has := func(xs []int, x int) bool {
		for _, v := range xs {
			if v == x {
				return true
			}
		}
		return false
	}
	var hints []string
	try := func(cells []int) {
		var common []int
		for _, e := range info[cells[0]].excl {
			in := true
			for _, c := range cells[1:] {
				in = in && has(info[c].excl, e)
			}
			if in {
				common = append(common, e)
			}
		}
		if len(common) < 2 {
			return
		}
		allowed := make([]uint16, len(cells))
		var walk func(i int, pick []int)
		walk = func(i int, pick []int) {
			if i == len(cells) {
				for a := range cells {
					for b := a + 1; b < len(cells); b++ {
						if pick[a] == pick[b] && sees(cells[a], cells[b]) {
							return
						}
					}
				}
				for _, e := range common {
					left := g.Cand[e]
					for _, d := range pick {
						left &^= 1 << (d - 1)
					}
					if left == 0 {
						return
					}
				}
				for a, d := range pick {
					allowed[a] |= 1 << (d - 1)
				}
				return
			}
			for d := 1; d <= 9; d++ {
				if g.Cand[cells[i]]&(1<<(d-1)) != 0 {
					walk(i+1, append(pick, d))
				}
			}
		}
		walk(0, nil)
		var el []string
		for a, c := range cells {
			for m := g.Cand[c] &^ allowed[a]; m != 0; m &= m - 1 {
				el = append(el, fmt.Sprintf("%s-%d", cellName(c), lowDigit(m)))
			}
		}
		if len(el) > 0 {
			hints = append(hints, strings.Join(el, " "))
		}
	}
	for j := 1; j < len(base); j++ {
		for i := 0; i < j; i++ {
			c0, c1 := base[i], base[j]
			if n == 2 {
				try([]int{c0, c1})
				continue
			}
			var tail []int
			for _, e := range append(append([]int{}, info[c0].excl...), info[c1].excl...) {
				if _, ok := info[e]; ok && e != c0 && e != c1 && !has(tail, e) {
					tail = append(tail, e)
				}
			}
			for _, e := range tail {
				try([]int{c0, c1, e})
			}
		}
	}
	return hints
}

// TestAlignedExclusionMatchesPlainVersion: the fast hinters give the same
// hints, in the same order, as the plain version on every state the
// sample's paths meet.
func TestAlignedExclusionMatchesPlainVersion(t *testing.T) {
	grids := stuckGrids(t)
	total := 0
	for _, n := range []int{2, 3} {
		for i := range grids {
			if i%4 != 0 || n == 3 && i%20 != 0 {
				continue // a share of the states: the plain way is slow
			}
			g := grids[i]
			want := refAligned(&g, n)
			var got []string
			for _, h := range hintsOf(&g, alignedExclusion(n)) {
				var el []string
				for _, m := range h.Eliminate {
					el = append(el, fmt.Sprintf("%s-%d", cellName(m.Cell), m.Value))
				}
				got = append(got, strings.Join(el, " "))
			}
			total += len(want)
			if strings.Join(got, "|") != strings.Join(want, "|") {
				t.Fatalf("n=%d grid %d: got %v, want %v", n, i, got, want)
			}
		}
	}
	t.Logf("%d grids, %d hints equal", len(grids), total)
	if total == 0 {
		t.Fatal("no hint compared")
	}
}

// TestAlignedMemoKeepsHints: within a rating, aligned exclusion remembers
// the last grid on which it found nothing and skips the base cells around
// which nothing has changed since. Asked along the sample's paths with one
// Context, as a rating asks, the hinters give the same hints in the same
// order as asked with a new Context each time, and the memo does save work.
func TestAlignedMemoKeepsHints(t *testing.T) {
	grids := stuckGrids(t)
	names := func(hs []Hint) string {
		var out []string
		for _, h := range hs {
			for _, m := range h.Eliminate {
				out = append(out, fmt.Sprintf("%s-%d", cellName(m.Cell), m.Value))
			}
			out = append(out, "|")
		}
		return strings.Join(out, " ")
	}
	for _, n := range []int{2, 3} {
		h := alignedExclusion(n)
		shared := Context{Limit: DefaultWorkLimit}
		saved, hints := 0, 0
		for i := range grids {
			g := grids[i]
			fresh := Context{Limit: DefaultWorkLimit}
			var want, got all
			h.Hints(&g, &fresh, &want)
			before := shared.Work
			h.Hints(&g, &shared, &got)
			if names(got.hints) != names(want.hints) {
				t.Fatalf("n=%d grid %d: with the memo %s, without %s", n, i, names(got.hints), names(want.hints))
			}
			if shared.Work-before < fresh.Work {
				saved++
			}
			hints += len(want.hints)
		}
		t.Logf("n=%d: %d grids, %d hints, the memo saved work on %d", n, len(grids), hints, saved)
		if saved == 0 || hints == 0 {
			t.Fatalf("n=%d: the memo saved work on %d grids and %d hints were found: nothing was compared", n, saved, hints)
		}
	}
}

// TestNishioMemo: the Nishio producer's remembered answers, kept from grid
// to grid along the sample's paths, equal digitContradicts asked afresh.
func TestNishioMemo(t *testing.T) {
	var c chainer
	reused := 0
	for _, g := range stuckGrids(t) {
		g.digitBoards(&c.dboards)
		for cell := 0; cell < 81; cell++ {
			for m := g.Cand[cell]; m != 0; m &= m - 1 {
				d := lowDigit(m)
				known := !c.nmemo[d-1].known.and(cellBoard(cell)).empty() && c.nmemo[d-1].places == c.dboards[d-1]
				want := digitContradicts(c.dboards[d-1], cell, true) || digitContradicts(c.dboards[d-1], cell, false)
				if got := c.nishioMay(cell, d); got != want {
					t.Fatalf("%s digit %d: remembered %v, asked afresh %v", cellName(cell), d, got, want)
				}
				if known {
					reused++
				}
			}
		}
	}
	if reused == 0 {
		t.Fatal("no remembered answer was used")
	}
	t.Logf("%d answers reused", reused)
}

// TestForcingPruneKeepsHints: the forcing chain and cycle spreads leave out
// the nodes from which the static closure cannot reach the chain's end.
// On a share of the states of the sample's paths, every hint of the
// producer (Chains.All: all of them, in serate's order, with their chains)
// and the hint it gives the path are the same as with every node made.
func TestForcingPruneKeepsHints(t *testing.T) {
	grids := stuckGrids(t)
	text := func(hs []Hint) string {
		var out []string
		for _, h := range hs {
			out = append(out, fmt.Sprintf("%s %.1f %v %v", h.Technique, h.Difficulty, h.Place, h.Eliminate))
		}
		return strings.Join(out, "\n")
	}
	compared := 0
	for i := 0; i < len(grids); i += 13 {
		g := grids[i]
		pruned, full := Chains{}, Chains{unpruned: true}
		got, err1 := pruned.All(ForcingChainsCycles, &g)
		want, err2 := full.All(ForcingChainsCycles, &g)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if text(got) != text(want) {
			t.Fatalf("grid %d: pruned\n%s\nfull\n%s", i, text(got), text(want))
		}
		h1, ok1, _ := pruned.Find(ForcingChainsCycles, &g)
		h2, ok2, _ := full.Find(ForcingChainsCycles, &g)
		if ok1 != ok2 || text([]Hint{h1}) != text([]Hint{h2}) || h1.Step.Sentence != h2.Step.Sentence {
			t.Fatalf("grid %d: pruned %v %s, full %v %s", i, ok1, h1.Step.Sentence, ok2, h2.Step.Sentence)
		}
		if pruned.Work() > full.Work() {
			t.Fatalf("grid %d: the pruned search made more nodes (%d) than the full one (%d)", i, pruned.Work(), full.Work())
		}
		compared += len(want)
	}
	t.Logf("%d hints compared", compared)
	if compared == 0 {
		t.Fatal("no hint compared")
	}
}
