package slitherlink_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/slitherlink"
)

// FuzzParse: any text either fails to parse with an error or gives a
// puzzle whose every notation reads back as itself, whose canonical form
// is that of its images, and whose solve (bounded) ends with a status and,
// when unique, a solution CheckSolution accepts.
func FuzzParse(f *testing.F) {
	for _, s := range []string{pzprURL, pzprv3Q, pzprGrid, pzprLoopy, "5x5t0dh:2b1b2b1b2b3b3b0b3", "3x3t0:i",
		"https://puzz.link/p?slither/f/5/5/cbcbcddad", "pzprv3.1/slither/2/3/f/. . . /. . . /", "1.-\n12", "2x1t0:33"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := slitherlink.Parse(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if len(p.Clue) != p.W*p.H || p.W < 1 || p.H < 1 || p.W > slitherlink.MaxSize || p.H > slitherlink.MaxSize {
			t.Fatalf("%dx%d with %d clues", p.W, p.H, len(p.Clue))
		}
		for _, s := range []string{p.LoopyID(), p.URL(), p.GridText(), p.Pzprv3()} {
			q, err := slitherlink.Parse(s)
			if err != nil || q.LoopyID() != p.LoopyID() {
				t.Fatalf("%q reads back as %v (%v)", s, q, err)
			}
		}
		if p.W*p.H > 400 {
			return
		}
		for tr := 1; tr < 8; tr++ {
			if p.Transform(tr).Canonical() != p.Canonical() {
				t.Fatalf("image %d has another canonical form", tr)
			}
		}
		r, _ := slitherlink.SolveLimit(p, 200_000)
		if r.Status == engine.Unique {
			if err := slitherlink.CheckSolution(p, r.Solution); err != nil {
				t.Fatalf("solution %s: %v", r.Solution, err)
			}
		}
	})
}

// FuzzSolve: on grids up to 4x4 the solver's status and solution are the
// brute-force count's.
func FuzzSolve(f *testing.F) {
	f.Add([]byte{3, 3, 0, 2, 9, 9, 3, 9, 9, 9, 1})
	f.Add([]byte{2, 1, 3, 3})
	f.Add([]byte{4, 4, 9, 2, 9, 9, 2, 9, 3, 9, 9, 0, 9, 9, 1, 9, 2, 9})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 2 {
			return
		}
		w, h := 1+int(b[0])%4, 1+int(b[1])%4
		clues := make([]int8, w*h)
		for i := range clues {
			clues[i] = slitherlink.NoClue
			if 2+i < len(b) && b[2+i]%8 < 4 {
				clues[i] = int8(b[2+i] % 8)
			}
		}
		p, err := slitherlink.New(w, h, clues)
		if err != nil {
			t.Fatal(err)
		}
		n, first := brute(p)
		r := p.Solve()
		want := engine.None
		switch {
		case n == 1:
			want = engine.Unique
		case n > 1:
			want = engine.Multiple
		}
		if r.Status != want || want == engine.Unique && r.Solution != first {
			t.Fatalf("%s: %v %s, brute force %d solutions (%s)", p.LoopyID(), r.Status, r.Solution, n, first)
		}
	})
}
