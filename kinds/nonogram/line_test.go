package nonogram

import (
	"math/rand/v2"
	"testing"
)

// placements lists every placement of clue's runs in n cells that fits v.
func placements(v []int8, clue []int) [][]int8 {
	n := len(v)
	var out [][]int8
	cur := make([]int8, n)
	var rec func(j, from int)
	rec = func(j, from int) {
		if j == len(clue) {
			for i := from; i < n; i++ {
				cur[i] = empty
			}
			for i := range cur {
				if v[i] != unk && v[i] != cur[i] {
					return
				}
			}
			out = append(out, append([]int8(nil), cur...))
			return
		}
		for s := from; s+clue[j] <= n; s++ {
			for i := from; i < s; i++ {
				cur[i] = empty
			}
			for i := s; i < s+clue[j]; i++ {
				cur[i] = full
			}
			next := s + clue[j]
			if next < n {
				cur[next] = empty
				next++
			} else if j+1 < len(clue) {
				return
			}
			rec(j+1, next)
		}
	}
	rec(0, 0)
	return out
}

func randomLine(rng *rand.Rand, maxLen int) ([]int8, []int) {
	n := 1 + rng.IntN(maxLen)
	pic := make([]int8, n)
	for i := range pic {
		pic[i] = empty
		if rng.IntN(100) < 55 {
			pic[i] = full
		}
	}
	var clue []int
	for i := 0; i < n; {
		if pic[i] != full {
			i++
			continue
		}
		j := i
		for j < n && pic[j] == full {
			j++
		}
		clue = append(clue, j-i)
		i = j
	}
	v := make([]int8, n)
	for i := range v {
		switch r := rng.IntN(100); {
		case r < 30:
			v[i] = pic[i]
		case r < 34:
			v[i] = full + empty - pic[i] // often no placement fits
		}
	}
	return v, clue
}

// The complete line solver keeps exactly the cells every placement agrees
// on, and level 1 deduces a subset of them, soundly.
func TestLinerAgainstPlacements(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var l liner
	fits, overlaps := 0, 0
	for range 20000 {
		v, clue := randomLine(rng, 18)
		all := placements(v, clue)
		ok := l.complete(v, clue)
		if okDP := l.completeDP(v, clue); okDP != ok {
			t.Fatalf("%v %v: complete %v, completeDP %v", v, clue, ok, okDP)
		}
		if ok != (len(all) > 0) {
			t.Fatalf("%v %v: complete says %v, %d placements", v, clue, ok, len(all))
		}
		ok1 := l.overlap(v, clue)
		if ok1 != ok {
			t.Fatalf("%v %v: overlap says %v, complete %v", v, clue, ok1, ok)
		}
		if !ok {
			continue
		}
		fits++
		l.complete(v, clue)
		want := append([]int8(nil), all[0]...)
		for _, p := range all[1:] {
			for i := range want {
				if want[i] != p[i] {
					want[i] = unk
				}
			}
		}
		for i := range want {
			if l.out[i] != want[i] {
				t.Fatalf("%v %v: complete %v, placements agree on %v", v, clue, l.out[:len(v)], want)
			}
		}
		l.overlap(v, clue)
		for i := range want {
			if o := l.out[i]; o != unk && o != want[i] {
				t.Fatalf("%v %v: overlap %v unsound (agreed %v)", v, clue, l.out[:len(v)], want)
			}
			if l.out[i] != unk && v[i] == unk {
				overlaps++
			}
		}
	}
	if fits < 5000 || overlaps == 0 {
		t.Fatalf("only %d lines fit, %d overlap cells", fits, overlaps)
	}
}

// On a line with nothing known, level 1 is the textbook rule: with slack
// s = n - (sum of runs + gaps), a run of length L > s fills its last L-s
// cells of its leftmost place; with no run, the line is empty.
func TestOverlapEmptyLine(t *testing.T) {
	var l liner
	for _, tc := range []struct {
		n    int
		clue []int
		want string
	}{
		{10, []int{8}, "..XXXXXX.."},
		{10, []int{3, 4}, "..X...XX.."},
		{5, []int{1, 1, 1}, "X-X-X"},
		{4, nil, "----"},
		{6, []int{2}, "......"},
	} {
		v := make([]int8, tc.n)
		if !l.overlap(v, tc.clue) {
			t.Fatalf("%v in %d: no placement", tc.clue, tc.n)
		}
		got := ""
		for _, x := range l.out[:tc.n] {
			got += map[int8]string{unk: ".", full: "X", empty: "-"}[x]
		}
		if got != tc.want {
			t.Errorf("%v in %d: %s, want %s", tc.clue, tc.n, got, tc.want)
		}
	}
}

// The bit-parallel tables (lines of up to maxBitLine cells) and the byte
// tables (any length) give the same results, the placements of level 1
// included.
func TestBitLineAgainstDP(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var a, b liner
	for range 50000 {
		v, clue := randomLine(rng, maxBitLine)
		ok1, ok2 := a.complete(v, clue), b.completeDP(v, clue)
		if ok1 != ok2 {
			t.Fatalf("%v %v: bits %v, bytes %v", v, clue, ok1, ok2)
		}
		if !ok1 {
			continue
		}
		for i := range v {
			if a.out[i] != b.out[i] {
				t.Fatalf("%v %v: complete bits %v, bytes %v", v, clue, a.out[:len(v)], b.out[:len(v)])
			}
		}
		a.overlap(v, clue)
		b.overlapDP(v, clue)
		for i := range v {
			if a.out[i] != b.out[i] {
				t.Fatalf("%v %v: overlap bits %v, bytes %v", v, clue, a.out[:len(v)], b.out[:len(v)])
			}
		}
		for j := range clue {
			if a.left[j] != b.left[j] || a.right[j] != b.right[j] {
				t.Fatalf("%v %v: placements bits %v %v, bytes %v %v", v, clue, a.left[:len(clue)], a.right[:len(clue)], b.left[:len(clue)], b.right[:len(clue)])
			}
		}
	}
}
