package killer_test

import (
	"math/rand/v2"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/killer"
)

// withGivens is p with the solution's digits at the cells pick chooses.
func withGivens(t *testing.T, p *killer.Puzzle, sol string, pick func(i int) bool) *killer.Puzzle {
	t.Helper()
	g := make([]int8, len(p.Given))
	for i := range g {
		if pick(i) {
			g[i] = int8(sol[i] - '0')
		}
	}
	q, err := killer.New(p.N, g, p.Cage, p.Sums)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestCanonicalInvariance: every image of a killer under the grid's
// symmetries (8, or 4 for 6x6) has the same canonical form, solves to the
// image of the solution, and is a puzzle with the same cages; with givens
// too. Different puzzles differ.
func TestCanonicalInvariance(t *testing.T) {
	recs := loadJanko(t)
	seen := map[string]*killer.Puzzle{}
	for k, r := range recs {
		p, err := killer.ParseJanko(r.n, r.problem)
		if err != nil {
			t.Fatal(err)
		}
		if k%3 == 0 {
			p = withGivens(t, p, r.solution, func(i int) bool { return i%7 == 3 })
		}
		want := p.Canonical()
		if other, ok := seen[want]; ok {
			// Janko published some puzzles twice, turned (008 and 103):
			// then one is an image of the other
			image := false
			for s := range p.Symmetries() {
				image = image || p.Transform(s).TathamID() == other.TathamID()
			}
			if !image {
				t.Errorf("%s and %s have one canonical form, and are not images", r.id, other.TathamID())
			}
			t.Logf("%s is an image of %s", r.id, other.TathamID())
		}
		seen[want] = p
		if n := p.Symmetries(); n != map[int]int{4: 8, 6: 4, 9: 8}[p.N] {
			t.Errorf("%s: %d symmetries", r.id, n)
		}
		for s := range p.Symmetries() {
			q := p.Transform(s)
			if got := q.Canonical(); got != want {
				t.Errorf("%s: image %d canonical %s, want %s", r.id, s, got, want)
			}
			if _, err := killer.Parse(q.Canonical()); err != nil {
				t.Errorf("%s: canonical form does not parse: %v", r.id, err)
			}
			if twoSolutions[r.id] {
				continue
			}
			if res := q.Solve(); res.Status != engine.Unique || res.Solution != p.TransformSolution(s, r.solution) {
				t.Errorf("%s: image %d solves %v %s", r.id, s, res.Status, res.Solution)
			}
		}
	}
}

// TestCanonicalRelabel: a relabelling that keeps every sum is an image
// (same canonical form, the solution relabelled); one that breaks a sum
// is not allowed. A 4x4 in whole-row cages is a Sudoku: any relabelling.
func TestCanonicalRelabel(t *testing.T) {
	rows := "4x4\n10: r1c1 r1c2 r1c3 r1c4\n10: r2c1 r2c2 r2c3 r2c4\n10: r3c1 r3c2 r3c3 r3c4\n10: r4c1 r4c2 r4c3 r4c4\ngiven: r1c1=1 r1c2=2 r2c3=1 r3c2=3 r4c4=3 r3c1=4\n"
	p, err := killer.Parse(rows)
	if err != nil {
		t.Fatal(err)
	}
	sigma := []int{0, 3, 1, 4, 2}
	if !p.Relabels(sigma) {
		t.Fatal("whole-house cages refuse a relabelling")
	}
	q := p.Relabel(sigma)
	if q.Canonical() != p.Canonical() {
		t.Errorf("relabelled Sudoku-like killer: %s, want %s", q.Canonical(), p.Canonical())
	}
	if p.Given[0] == q.Given[0] {
		t.Error("relabel changed nothing")
	}

	// 9x9: a 2-cell 10 lets pairs {1,9},{2,8},{3,7},{4,6} swap, 5 stays
	recs := loadJanko(t)
	for _, r := range recs {
		if r.n != 9 || twoSolutions[r.id] {
			continue
		}
		p, _ := killer.ParseJanko(r.n, r.problem)
		p = withGivens(t, p, r.solution, func(i int) bool { return i%5 == 0 })
		rng := rand.New(rand.NewPCG(1, uint64(len(r.id))))
		perm := rng.Perm(9)
		sigma := append([]int{0}, make([]int, 9)...)
		for d := 1; d <= 9; d++ {
			sigma[d] = perm[d-1] + 1
		}
		allowed := p.Relabels(sigma)
		q := p.Relabel(sigma)
		same := q.Canonical() == p.Canonical()
		if allowed != same {
			t.Errorf("%s: relabel allowed %v, same canonical %v", r.id, allowed, same)
		}
		if allowed {
			res := q.Solve()
			if res.Solution != killer.RelabelSolution(sigma, r.solution) {
				t.Errorf("%s: allowed relabel solves %v %s", r.id, res.Status, res.Solution)
			}
		}
		id := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
		if !p.Relabels(id) {
			t.Errorf("%s: the identity is refused", r.id)
		}
	}
}

// TestRelabelPairs: cages whose sums all allow pair swaps (2-cell 10s
// and whole houses) accept σ = d -> 10-d, refuse one that moves 5.
func TestRelabelPairs(t *testing.T) {
	// 9x9 rows: row 1 as pairs summing 10 and a one-cell 5 ... a one-cell
	// cage fixes its digit, so build rows 1..9 as whole-row cages except
	// two 2-cell 10s in row 9.
	text := "9x9\n"
	for r := 1; r <= 8; r++ {
		text += "45:"
		for c := 1; c <= 9; c++ {
			text += " r" + string(rune('0'+r)) + "c" + string(rune('0'+c))
		}
		text += "\n"
	}
	text += "10: r9c1 r9c2\n10: r9c3 r9c4\n25: r9c5 r9c6 r9c7 r9c8 r9c9\n"
	p, err := killer.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	flip := []int{0, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	if !p.Relabels(flip) {
		t.Error("d -> 10-d refused")
	}
	if p.Relabels([]int{0, 5, 2, 3, 4, 1, 6, 7, 8, 9}) {
		t.Error("swapping 1 and 5 allowed")
	}
	if p.Relabels([]int{0, 2, 1, 3, 4, 5, 6, 7, 8, 9}) {
		t.Error("swapping 1 and 2 allowed")
	}
}
