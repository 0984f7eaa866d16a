package akari_test

import (
	"math/rand/v2"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

// bruteCount counts solutions (up to 2) by plain backtracking over the white
// cells, checking the rules only at the leaves and for lights that see each
// other: an independent reference for small grids.
func bruteCount(p *akari.Puzzle) (int, string) {
	w, h := p.W, p.H
	lights := make([]bool, w*h)
	n := 0
	sol := ""
	sees := func(a, b int) bool {
		ar, ac, br, bc := a/w, a%w, b/w, b%w
		if ar != br && ac != bc {
			return false
		}
		dr, dc := sign(br-ar), sign(bc-ac)
		for r, c := ar+dr, ac+dc; r != br || c != bc; r, c = r+dr, c+dc {
			if p.Cells[r*w+c] != akari.White {
				return false
			}
		}
		return true
	}
	var rec func(i int)
	rec = func(i int) {
		if n >= 2 {
			return
		}
		if i == w*h {
			for c := 0; c < w*h; c++ {
				ch := p.Cells[c]
				if ch == akari.White {
					lit := false
					for d := 0; d < w*h && !lit; d++ {
						lit = lights[d] && (d == c || sees(d, c))
					}
					if !lit {
						return
					}
				} else if ch >= '0' && ch <= '4' {
					k := 0
					r, cc := c/w, c%w
					for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
						rr, c2 := r+d[0], cc+d[1]
						if rr >= 0 && rr < h && c2 >= 0 && c2 < w && lights[rr*w+c2] {
							k++
						}
					}
					if k != int(ch-'0') {
						return
					}
				}
			}
			n++
			b := make([]byte, w*h)
			for c := range b {
				switch {
				case p.Cells[c] != akari.White:
					b[c] = '#'
				case lights[c]:
					b[c] = 'L'
				default:
					b[c] = '.'
				}
			}
			sol = string(b)
			return
		}
		rec(i + 1)
		if p.Cells[i] != akari.White {
			return
		}
		for d := 0; d < i; d++ {
			if lights[d] && sees(d, i) {
				return
			}
		}
		lights[i] = true
		rec(i + 1)
		lights[i] = false
	}
	rec(0)
	if n != 1 {
		sol = ""
	}
	return n, sol
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// TestAgainstBruteForce: on random small grids the solver agrees with plain
// backtracking, and the rater's steps replay to the solution.
func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	codes := []byte("..............###0112234")
	count := map[engine.Status]int{}
	for it := 0; it < 3000; it++ {
		w, h := 1+rng.IntN(6), 1+rng.IntN(6)
		cells := make([]byte, w*h)
		for i := range cells {
			cells[i] = codes[rng.IntN(len(codes))]
		}
		p, err := akari.New(w, h, cells)
		if err != nil {
			t.Fatal(err)
		}
		n, sol := bruteCount(p)
		want := []engine.Status{engine.None, engine.Unique, engine.Multiple}[n]
		count[want]++
		r := p.Solve()
		if r.Status != want || r.Solution != sol {
			t.Fatalf("%s: solver %v %q, brute force %v %q", p.TathamID(), r.Status, r.Solution, want, sol)
		}
		rt := p.Rate(true)
		if rt.Status != want {
			t.Fatalf("%s: Rate status %v, want %v", p.TathamID(), rt.Status, want)
		}
		if want != engine.Unique {
			continue
		}
		states, err := akari.Replay(p, rt.Steps)
		if err != nil {
			t.Fatalf("%s: %v", p.TathamID(), err)
		}
		last := states[len(states)-1]
		for i, ch := range last.Cells {
			if (ch == 'L') != (sol[i] == 'L') {
				t.Fatalf("%s: replay does not end at the solution", p.TathamID())
			}
		}
	}
	t.Logf("statuses: %v", count)
}
