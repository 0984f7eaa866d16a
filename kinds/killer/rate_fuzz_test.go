package killer_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/killer"
)

// fuzzPuzzle builds a 4x4, 6x6 or 9x9 killer from bytes: cages grown by
// merging neighbours, sums from a fixed solution (or bent by a byte),
// some givens (right or wrong). Nil when killer.New refuses it.
func fuzzPuzzle(data []byte) *killer.Puzzle {
	if len(data) < 2 {
		return nil
	}
	n := [3]int{4, 6, 9}[data[0]%3]
	bw, bh, _ := killer.BoxShape(n)
	area := n * n
	sol := make([]int, area)
	for i := range sol {
		r, c := i/n, i%n
		sol[i] = (bw*(r%bh)+r/bh+c)%n + 1
	}
	cage := make([]int, area)
	for i := range cage {
		cage[i] = i
	}
	find := func(i int) int {
		for cage[i] != i {
			i = cage[i]
		}
		return i
	}
	rest := data[1:]
	for len(rest) >= 2 {
		op, arg := rest[0], rest[1]
		rest = rest[2:]
		cell := int(arg) % area
		if op%4 < 2 { // join the right (0) or lower (1) neighbour; 2, 3 below
			nb := cell + 1
			if op%4 == 1 {
				nb = cell + n
			}
			if nb < area && (op%4 == 1 || nb%n != 0) {
				cage[find(nb)] = find(cell)
			}
		}
	}
	roots := map[int]int{}
	cageOf := make([]int16, area)
	var sums []int
	for i := range area {
		r := find(i)
		k, ok := roots[r]
		if !ok {
			k = len(sums)
			roots[r] = k
			sums = append(sums, 0)
		}
		cageOf[i] = int16(k)
		sums[k] += sol[i]
	}
	givens := make([]int8, area)
	rest = data[1:]
	for len(rest) >= 2 {
		op, arg := rest[0], rest[1]
		rest = rest[2:]
		cell := int(arg) % area
		switch op % 4 {
		case 2: // a given, right or (high arg) one off
			v := sol[cell]
			if arg&0x80 != 0 {
				v = v%n + 1
			}
			givens[cell] = int8(v)
		case 3: // a sum bent by one
			k := cageOf[cell]
			if arg&0x80 != 0 && sums[k] > 1 {
				sums[k]--
			} else {
				sums[k]++
			}
		}
	}
	p, err := killer.New(n, givens, cageOf, sums)
	if err != nil {
		return nil
	}
	return p
}

// FuzzRate: no killer crashes the rater; its status and solution are
// Solve's, and a unique puzzle's steps are sound and complete.
func FuzzRate(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, 4, 0, 8, 1, 2})
	f.Add([]byte{1, 0, 0, 1, 6, 0, 12, 1, 7, 2, 3, 3, 9})
	f.Add([]byte{1, 2, 5, 3, 200, 0, 1, 0, 2, 0, 3})
	f.Add([]byte{2, 0, 0, 1, 9, 0, 18, 1, 30, 2, 40, 3, 50, 0, 60, 1, 70})
	f.Fuzz(func(t *testing.T, data []byte) {
		p := fuzzPuzzle(data)
		if p == nil {
			return
		}
		rt := p.Rate(true)
		res := p.Solve()
		if res.Status == engine.Unknown || rt.Status == engine.Unknown {
			return
		}
		if rt.Status != res.Status || rt.Solution != res.Solution {
			t.Fatalf("%s: rated %v %s, solved %v %s", p.Givens(), rt.Status, rt.Solution, res.Status, res.Solution)
		}
		if rt.Status == engine.Unique {
			checkSteps(t, p.Givens(), p, rt)
		} else if rt.Rank != 0 || len(rt.Steps) != 0 {
			t.Fatalf("%s: %v with rank %d and %d steps", p.Givens(), rt.Status, rt.Rank, len(rt.Steps))
		}
	})
}
