package explainer

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"pencilbox/kinds/sudoku"
)

// reachGrids returns grids to test the static closure on: states along the
// paths of the sample's puzzles of ER 6.5 or more (where the chaining
// family works) and of the memo puzzle, each as it is and with candidates
// removed at random (as an outer chain's working grid: many new strong
// links), a few with a cell left without any candidate (a contradiction's
// grid). steps bounds the states taken along each path.
func reachGrids(tb testing.TB, steps int) []Grid {
	tb.Helper()
	f, err := os.Open("testdata/se_sample_200.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	lines := []string{memoPuzzle}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) < 2 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if er, err := strconv.ParseFloat(fs[1], 64); err == nil && er >= 6.5 {
			lines = append(lines, fs[0])
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(34, 7))
	var out []Grid
	for _, l := range lines {
		p, err := sudoku.ParseLine(l)
		if err != nil {
			tb.Fatalf("%s: %v", l, err)
		}
		g := NewGrid(&p)
		c := Context{Limit: DefaultWorkLimit}
		for step := 0; step < steps && !g.Solved(); step++ {
			out = append(out, g)
			for v, keep := range []int{1, 6, 3} { // remove none, 1 in 6, 1 in 3
				w := g
				for cell := range 81 {
					for m := w.Cand[cell]; m != 0; m &= m - 1 {
						if (popcount(w.Cand[cell]) > 1 || v == 2 && step%4 == 0) && rng.IntN(keep) == 0 && keep > 1 {
							w.Cand[cell] &^= m & -m
						}
					}
				}
				if w != g {
					out = append(out, w)
				}
			}
			h, _, ok := next(&g, &c)
			if !ok {
				break
			}
			Apply(&g, &h)
		}
	}
	return out
}

// refClosure is the static closure worked out the plain way, as a check on
// reach: the graph straight from the rules (on to off: the cell's other
// candidates and the digit's other places in the cell's houses; off to on:
// the cell's other candidate when it has two, the digit's other place in a
// house where it has two) and a breadth-first search from every potential.
// Potential (cell, digit d 0-8, on) is (cell*9+d)*2+on; reach[p] holds every
// potential reachable from p, p included.
func refClosure(g *Grid) [][]bool {
	const np = 81 * 9 * 2
	has := func(cell, d int) bool { return g.Cand[cell]&(1<<d) != 0 }
	succ := make([][]int, np)
	for cell := range 81 {
		for d := range 9 {
			if !has(cell, d) {
				continue
			}
			on, off := (cell*9+d)*2+1, (cell*9+d)*2
			for e := range 9 {
				if e != d && has(cell, e) {
					succ[on] = append(succ[on], (cell*9+e)*2)
				}
			}
			if popcount(g.Cand[cell]) == 2 {
				for e := range 9 {
					if e != d && has(cell, e) {
						succ[off] = append(succ[off], (cell*9+e)*2+1)
					}
				}
			}
			for _, h := range cellHouses[cell] {
				var others []int
				for _, q := range houses[h] {
					if int(q) != cell && has(int(q), d) {
						others = append(others, int(q))
					}
				}
				for _, q := range others {
					succ[on] = append(succ[on], (q*9+d)*2)
				}
				if len(others) == 1 {
					succ[off] = append(succ[off], (others[0]*9+d)*2+1)
				}
			}
		}
	}
	out := make([][]bool, np)
	for p := range np {
		if !has(p/18, p/2%9) {
			continue
		}
		seen := make([]bool, np)
		seen[p] = true
		queue := []int{p}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, y := range succ[x] {
				if !seen[y] {
					seen[y] = true
					queue = append(queue, y)
				}
			}
		}
		out[p] = seen
	}
	return out
}

// TestReachMatchesReference: on every grid of reachGrids (one reach reused
// from grid to grid, as the search reuses it), the closure of every
// potential (reach.set) holds exactly the potentials a breadth-first search
// of the plain graph reaches; and the candidate numbering is the grid's.
func TestReachMatchesReference(t *testing.T) {
	grids := reachGrids(t, 5)
	var r reach
	sets, empty, forcing, pairs := 0, 0, 0, 0
	rng := rand.New(rand.NewPCG(34, 8))
	for gi := range grids {
		g := &grids[gi]
		for c := range 81 {
			if g.Value[c] == 0 && g.Cand[c] == 0 {
				empty++
				break
			}
		}
		r.build(g)
		r.build(g) // the same grid again: kept
		ref := refClosure(g)
		// forcingFrom first, before set makes the sets it may do without
		for cell := range 81 {
			for d := range 9 {
				if g.Cand[cell]&(1<<d) == 0 {
					continue
				}
				on, off := ref[(cell*9+d)*2+1], ref[(cell*9+d)*2]
				cycle := false
				for k := 0; k < 81*9; k++ {
					if on[k*2] && off[k*2] {
						cycle = true
					}
				}
				want := [3]bool{on[(cell*9+d)*2], off[(cell*9+d)*2+1], cycle}
				a, b, c := r.forcingFrom(cell, d+1)
				if got := [3]bool{a, b, c}; got != want {
					t.Fatalf("grid %d: forcingFrom(r%dc%d #%d) = %v, want %v", gi, cell/9+1, cell%9+1, d+1, got, want)
				}
				forcing++
			}
		}
		// back and reaches: "q" can derive "not p" when "not q" is in the
		// closure of "p" (and, the graph being symmetric, the other way)
		for range 64 {
			if r.n == 0 {
				break
			}
			kp, kq := int(r.cand[rng.IntN(r.n)]), int(r.cand[rng.IntN(r.n)])
			p, q := pot(kp*2+rng.IntN(2)), pot(kq*2+rng.IntN(2))
			got := r.reaches(r.back(p), q)
			if want := ref[q][p^1]; got != want || ref[p][q^1] != want {
				t.Fatalf("grid %d: reaches(back(%v), %v) = %v, want %v (%v the other way)", gi, p, q, got, want, ref[p][q^1])
			}
			pairs++
		}
		n := 0
		for cell := range 81 {
			for d := range 9 {
				on, off, ok := r.nodes(cell, d+1)
				if ok != (g.Cand[cell]&(1<<d) != 0) {
					t.Fatalf("grid %d: r%dc%d #%d candidate %v, reach says %v", gi, cell/9+1, cell%9+1, d+1, !ok, ok)
				}
				if !ok {
					continue
				}
				if int(r.cand[on]) != cell*9+d {
					t.Fatalf("grid %d: candidate %d is %d, want %d", gi, on, r.cand[on], cell*9+d)
				}
				n++
				for k, v := range [2]int{off, on} {
					got := r.set(v)
					if len(got) != 2*r.wc {
						t.Fatalf("grid %d: set of %d words, want %d", gi, len(got), 2*r.wc)
					}
					want := ref[(cell*9+d)*2+k]
					for j := 0; j < r.n; j++ {
						kj := int(r.cand[j])
						if hasBit(got[:r.wc], j) != want[kj*2+1] || hasBit(got[r.wc:], j) != want[kj*2] {
							t.Fatalf("grid %d: closure of r%dc%d #%d %s: r%dc%d #%d on %v off %v, want on %v off %v",
								gi, cell/9+1, cell%9+1, d+1, [2]string{"off", "on"}[k], kj/9/9+1, kj/9%9+1, kj%9+1,
								hasBit(got[:r.wc], j), hasBit(got[r.wc:], j), want[kj*2+1], want[kj*2])
						}
					}
					// no stray bits past the candidates
					for _, half := range [2][]uint64{got[:r.wc], got[r.wc:]} {
						if r.n%64 != 0 && half[r.wc-1]>>(uint(r.n)%64) != 0 {
							t.Fatalf("grid %d: bits past candidate %d", gi, r.n)
						}
					}
					sets++
				}
			}
		}
		if n != r.n {
			t.Fatalf("grid %d: %d candidates, reach counts %d", gi, n, r.n)
		}
	}
	t.Logf("%d grids (%d with an empty cell), %d closures, %d forcingFrom and %d reaches compared", len(grids), empty, sets, forcing, pairs)
	if len(grids) < 300 || empty == 0 {
		t.Fatalf("%d grids, %d with an empty cell: too few to compare", len(grids), empty)
	}
}

// BenchmarkReachBuild builds the static closure of grids like the nested
// chains' working grids, a different grid each time.
func BenchmarkReachBuild(b *testing.B) {
	grids := reachGrids(b, 12)
	var r reach
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.build(&grids[i%len(grids)])
	}
}
