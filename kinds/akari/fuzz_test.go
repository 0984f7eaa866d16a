package akari_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

// FuzzParse: no notation makes the parsers panic; whatever parses writes
// back (URL, Tatham ID) to the same grid, and small puzzles solve and rate
// consistently.
func FuzzParse(f *testing.F) {
	for _, s := range []string{sampleURL, sampleTatham, samplePzpr, sampleGrid, "3x1:a1a", "https://puzz.link/p?akari/3/3/1", "pzprv3\nlightup\n1\n1\n#\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := akari.Parse(text)
		if err != nil {
			return
		}
		for _, out := range []string{p.URL(), p.TathamID()} {
			q, err := akari.Parse(out)
			if err != nil {
				t.Fatalf("%q -> %q: %v", text, out, err)
			}
			if q.W != p.W || q.H != p.H || string(q.Cells) != string(p.Cells) {
				t.Fatalf("%q -> %q: different grid", text, out)
			}
		}
		if p.W*p.H <= 64 {
			r := p.Solve()
			if rt := p.Rate(false); rt.Status != r.Status || rt.Solution != r.Solution {
				t.Fatalf("%q: Solve %v, Rate %v", text, r.Status, rt.Status)
			}
		}
	})
}

// fuzzGrid builds a grid from fuzz bytes: width and height 1..40 from the
// first two bytes, then one cell a byte (white four times in ten, else
// black or a clue 0-4); cells past the data are white, so short inputs
// make large open grids, the solver's hardest case.
func fuzzGrid(data []byte) *akari.Puzzle {
	if len(data) < 2 {
		return nil
	}
	w, h := 1+int(data[0])%40, 1+int(data[1])%40
	codes := []byte("....#01234")
	cells := make([]byte, w*h)
	for i := range cells {
		cells[i] = akari.White
		if 2+i < len(data) {
			cells[i] = codes[int(data[2+i])%len(codes)]
		}
	}
	p, err := akari.New(w, h, cells)
	if err != nil {
		panic(err) // sizes and codes are valid by construction
	}
	return p
}

// checkSolution tells what breaks the rules in sol, p's solution text ('L'
// light, '.' unlit white, '#' black or clue), written here from the rules
// alone: every white cell lit, no light seeing another, every clue with
// its number of lights beside it.
func checkSolution(p *akari.Puzzle, sol string) error {
	w, h := p.W, p.H
	if len(sol) != w*h {
		return fmt.Errorf("solution of %d cells for %dx%d", len(sol), w, h)
	}
	for i := range sol {
		white := p.Cells[i] == akari.White
		if white != (sol[i] == 'L' || sol[i] == '.') || (!white && sol[i] != '#') {
			return fmt.Errorf("cell %d: %q for %q", i, sol[i], p.Cells[i])
		}
	}
	lit := make([]bool, w*h)
	for i := range sol {
		if sol[i] != 'L' {
			continue
		}
		lit[i] = true
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			for r, c := i/w+d[0], i%w+d[1]; r >= 0 && r < h && c >= 0 && c < w && p.Cells[r*w+c] == akari.White; r, c = r+d[0], c+d[1] {
				if sol[r*w+c] == 'L' {
					return fmt.Errorf("lights at %d and %d see each other", i, r*w+c)
				}
				lit[r*w+c] = true
			}
		}
	}
	for i, ch := range p.Cells {
		switch {
		case ch == akari.White && !lit[i]:
			return fmt.Errorf("cell %d is not lit", i)
		case ch >= '0' && ch <= '4':
			n := 0
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				r, c := i/w+d[0], i%w+d[1]
				if r >= 0 && r < h && c >= 0 && c < w && sol[r*w+c] == 'L' {
					n++
				}
			}
			if n != int(ch-'0') {
				return fmt.Errorf("clue %c at %d has %d lights", ch, i, n)
			}
		}
	}
	return nil
}

// FuzzSolveRate: on any grid up to 40x40 the solver and the rater, with the
// normal work limits, do not panic; a unique status comes with a solution
// that keeps the rules (and, on small grids, agrees with brute force); the
// rater's steps replay to it; and unknown is given only with
// engine.ErrWorkLimit as the reason.
func FuzzSolveRate(f *testing.F) {
	for _, s := range []string{sampleTatham, "3x3:d4d", "3x1:a1a", "4x4:eBBbBBe", "2x2:4c"} {
		p, err := akari.Parse(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(gridBytes(p))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := fuzzGrid(data)
		if p == nil {
			return
		}
		id := p.TathamID()
		r := p.Solve()
		checkStatus(t, id, "Solve", r.Status, r.Err)
		if r.Status == engine.Unique {
			if err := checkSolution(p, r.Solution); err != nil {
				t.Fatalf("%s: Solve: %v\n%s", id, err, r.Solution)
			}
		} else if r.Solution != "" {
			t.Fatalf("%s: status %v with a solution", id, r.Status)
		}
		whites := 0
		for _, c := range p.Cells {
			if c == akari.White {
				whites++
			}
		}
		// Brute force costs 2^whites leaves of w*h*whites checks: only
		// where that stays within milliseconds.
		if whites <= 10 && p.W*p.H <= 64 {
			n, sol := bruteCount(p)
			want := []engine.Status{engine.None, engine.Unique, engine.Multiple}[n]
			if r.Status != want || r.Solution != sol {
				t.Fatalf("%s: Solve %v, brute force %v", id, r.Status, want)
			}
		}

		rt := p.Rate(true)
		checkStatus(t, id, "Rate", rt.Status, rt.Err)
		if rt.Status == engine.Unknown || r.Status == engine.Unknown {
			return // one of them stopped at its limit: nothing to compare
		}
		if rt.Status != r.Status || rt.Solution != r.Solution {
			t.Fatalf("%s: Rate %v, Solve %v", id, rt.Status, r.Status)
		}
		if (rt.Status == engine.Unique) != (rt.Rank >= 1 && rt.Rank <= 5) {
			t.Fatalf("%s: rank %d for status %v", id, rt.Rank, rt.Status)
		}
		if rt.Status != engine.Unique {
			return
		}
		states, err := akari.Replay(p, rt.Steps)
		if err != nil {
			t.Fatalf("%s: replay: %v", id, err)
		}
		for i, ch := range states[len(states)-1].Cells {
			if (ch == 'L') != (rt.Solution[i] == 'L') {
				t.Fatalf("%s: the steps do not end at the solution (cell %d)", id, i)
			}
		}
	})
}

// checkStatus: a status is one of the four, and unknown exactly when the
// reason is the work limit.
func checkStatus(t *testing.T, id, what string, st engine.Status, err error) {
	t.Helper()
	if st < engine.Unknown || st > engine.None {
		t.Fatalf("%s: %s: status %v", id, what, st)
	}
	if (st == engine.Unknown) != errors.Is(err, engine.ErrWorkLimit) || (st != engine.Unknown && err != nil) {
		t.Fatalf("%s: %s: status %v with error %v", id, what, st, err)
	}
}

// gridBytes is the fuzz input that fuzzGrid turns into p.
func gridBytes(p *akari.Puzzle) []byte {
	b := []byte{byte(p.W - 1), byte(p.H - 1)}
	for _, c := range p.Cells {
		b = append(b, byte(strings.IndexByte("....#01234", c)))
	}
	return b
}
