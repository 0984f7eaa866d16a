package slitherlink_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/slitherlink"
)

func mustParse(tb testing.TB, text string) *slitherlink.Puzzle {
	tb.Helper()
	p, err := slitherlink.Parse(text)
	if err != nil {
		tb.Fatalf("Parse(%.80q): %v", text, err)
	}
	return p
}

func TestStatusHandMade(t *testing.T) {
	cases := []struct {
		name, text string
		want       engine.Status
		sol        string
	}{
		{"one empty cell", "1x1t0:a", engine.Unique, "1"},
		{"one cell with a 3", "1x1t0:3", engine.None, ""},
		{"a 3 beside an empty cell", "2x1t0:3a", engine.Unique, "11"},
		{"empty 2x2", "2x2t0:d", engine.Multiple, ""},
		{"all zeros", "2x2t0:0000", engine.None, ""},
		{"a 0 in the middle of 3x3", "3x3t0:d0d", engine.Multiple, ""},
		{"two 3s side by side", "2x1t0:33", engine.Unique, "11"},
		{"a 3 in a corner beside two 0s", "2x2t0:300a", engine.None, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := slitherlink.ParseLoopy(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			r := p.Solve()
			if r.Status != tc.want {
				t.Fatalf("status %v, want %v", r.Status, tc.want)
			}
			if r.Solution != tc.sol {
				t.Errorf("solution %q, want %q", r.Solution, tc.sol)
			}
		})
	}
}

// brute counts the solutions of p (up to all) by trying every set of
// inside cells: a loop is the boundary of an inside set that is
// 4-connected, whose outside (with the border) is connected, with no
// vertex where the loop would cross itself (a 2x2 checkerboard).
func brute(p *slitherlink.Puzzle) (n int, first string) {
	w, h := p.W, p.H
	cells := w * h
	in := make([]bool, cells)
	at := func(r, c int) bool { return r >= 0 && r < h && c >= 0 && c < w && in[r*w+c] }
	for mask := 1; mask < 1<<cells; mask++ {
		for i := range in {
			in[i] = mask>>i&1 == 1
		}
		ok := true
		for i := 0; i < cells && ok; i++ {
			if k := p.Clue[i]; k >= 0 {
				r, c := i/w, i%w
				n := 0
				for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					if at(r+d[0], c+d[1]) != in[i] {
						n++
					}
				}
				ok = n == int(k)
			}
		}
		for r := 0; r <= h && ok; r++ {
			for c := 0; c <= w && ok; c++ {
				a, b, d, e := at(r-1, c-1), at(r-1, c), at(r, c-1), at(r, c)
				if a == e && b == d && a != b {
					ok = false
				}
			}
		}
		if !ok || !connected(w, h, in, true) || !connected(w, h, in, false) {
			continue
		}
		n++
		if first == "" {
			var sb strings.Builder
			for r := 0; r < h; r++ {
				if r > 0 {
					sb.WriteByte('/')
				}
				for c := 0; c < w; c++ {
					if in[r*w+c] {
						sb.WriteByte('1')
					} else {
						sb.WriteByte('0')
					}
				}
			}
			first = sb.String()
		}
	}
	return n, first
}

// connected reports whether the cells of value v are 4-connected (the
// outside ones together with the area beyond the border).
func connected(w, h int, in []bool, v bool) bool {
	seen := make([]bool, w*h)
	var stack []int
	total := 0
	for i := range in {
		if in[i] == v {
			total++
			if len(stack) == 0 && !v {
				continue
			}
		}
	}
	if v {
		for i := range in {
			if in[i] {
				stack = append(stack, i)
				seen[i] = true
				break
			}
		}
	} else {
		for i := range in {
			r, c := i/w, i%w
			if !in[i] && (r == 0 || c == 0 || r == h-1 || c == w-1) {
				stack = append(stack, i)
				seen[i] = true
			}
		}
	}
	got := len(stack)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, c := i/w, i%w
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nr >= h || nc < 0 || nc >= w {
				continue
			}
			j := nr*w + nc
			if !seen[j] && in[j] == v {
				seen[j] = true
				got++
				stack = append(stack, j)
			}
		}
	}
	return got == total
}

// TestAgainstBrute compares Solve with the brute-force count on random
// small puzzles: clues taken from a random inside set (which may not be a
// loop: then the puzzle may have none).
func TestAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.Status]int{}
	for it := 0; it < 400; it++ {
		w, h := 1+rng.IntN(4), 1+rng.IntN(4)
		in := make([]bool, w*h)
		for i := range in {
			in[i] = rng.IntN(2) == 0
		}
		clues := make([]int8, w*h)
		density := rng.IntN(10)
		for i := range clues {
			clues[i] = slitherlink.NoClue
			if rng.IntN(10) < density {
				r, c := i/w, i%w
				n := int8(0)
				for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					nr, nc := r+d[0], c+d[1]
					o := nr >= 0 && nr < h && nc >= 0 && nc < w && in[nr*w+nc]
					if o != in[i] {
						n++
					}
				}
				clues[i] = min(n, 3)
			}
		}
		p, err := slitherlink.New(w, h, clues)
		if err != nil {
			t.Fatal(err)
		}
		n, first := brute(p)
		want := engine.None
		switch {
		case n == 1:
			want = engine.Unique
		case n > 1:
			want = engine.Multiple
		}
		seen[want]++
		r := p.Solve()
		if r.Status != want {
			t.Fatalf("%s: status %v, brute force counts %d", p.LoopyID(), r.Status, n)
		}
		if want == engine.Unique && r.Solution != first {
			t.Fatalf("%s: solution %s, brute force %s", p.LoopyID(), r.Solution, first)
		}
		if n > 0 {
			if err := slitherlink.CheckSolution(p, first); err != nil {
				t.Fatalf("%s: CheckSolution(%s): %v", p.LoopyID(), first, err)
			}
		}
	}
	if seen[engine.Unique] < 20 || seen[engine.Multiple] < 20 || seen[engine.None] < 20 {
		t.Errorf("statuses met %v: the test covers too little", seen)
	}
}

// TestWorkLimit: an empty grid of the largest size stops at a small work
// limit with Unknown wrapping engine.ErrWorkLimit, and the default limit
// decides a large empty grid.
func TestWorkLimit(t *testing.T) {
	p := mustParse(t, strings.Repeat(strings.Repeat("-", slitherlink.MaxSize)+"\n", slitherlink.MaxSize))
	r, st := slitherlink.SolveLimit(p, 100_000)
	if r.Status != engine.Unknown || !errors.Is(r.Err, engine.ErrWorkLimit) {
		t.Errorf("status %v (%v), want unknown at the work limit", r.Status, r.Err)
	}
	// at most one probing pass's charge past it: a unit for every 4 edges
	edges := int64(2 * slitherlink.MaxSize * (slitherlink.MaxSize + 1))
	if st.Work > 100_000+edges/4+1 {
		t.Errorf("went on to %d units of work past the limit of 100000", st.Work)
	}
	// The empty 200x200 sets 0.57 M edges in all, but its probing passes
	// scan 80,400 edges each, 400 nodes over: the scans count, so a
	// limit of 1 M stops it.
	if r, st := slitherlink.SolveLimit(p, 1_000_000); r.Status != engine.Unknown {
		t.Errorf("a limit of 1 M: %v after %d units of work, want unknown", r.Status, st.Work)
	}
	p = mustParse(t, strings.Repeat(strings.Repeat("-", 60)+"\n", 60))
	if r, _ := slitherlink.SolveStats(p); r.Status != engine.Multiple {
		t.Errorf("60x60 empty, default limit: %v (%v), want multiple", r.Status, r.Err)
	}
}

func TestCheckSolution(t *testing.T) {
	p := mustParse(t, "3x3t0:2h")
	empty := mustParse(t, "3x3t0:i")
	for _, tc := range []struct {
		p         *slitherlink.Puzzle
		sol, want string
	}{
		{p, "110/100/000", ""},
		{p, "110/000/000", "the 2 at r1c1 has 3 of its sides on the loop"},
		{p, "100/000", "solution has 2 rows, the grid 3"},
		{p, "100/00/000", "solution row 2 has 2 cells, the grid 3"},
		{p, "100/0x0/000", "solution row 2 column 2: 'x' is not 1 (inside) or 0 (outside)"},
		{empty, "100/010/000", "the loop touches itself at the dot between rows 1-2 and columns 1-2"},
		{empty, "101/000/000", "the inside cells fall into 2 parts: 2 loops"},
		{empty, "111/101/111", "the outside cells fall into 2 parts: the loop has another inside it"},
		{empty, "000/000/000", "solution has no inside cell: no loop"},
		{empty, "111/111/111", ""},
	} {
		err := slitherlink.CheckSolution(tc.p, tc.sol)
		if (err == nil) != (tc.want == "") || err != nil && err.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.sol, err, tc.want)
		}
	}
}
