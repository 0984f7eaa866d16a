package slitherlink_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/slitherlink"
)

// image is p and its solution under symmetry t.
func image(p *slitherlink.Puzzle, sol string, t int) (*slitherlink.Puzzle, string) {
	return p.Transform(t), p.TransformSolution(t, sol)
}

// TestRatingSymmetric: rank, score and profile are the same for the eight
// images of every puzzle.
func TestRatingSymmetric(t *testing.T) {
	recs := loadSgt(t)
	for i, r := range recs {
		if i%7 != 0 && len(recs) > 100 {
			continue
		}
		base := slitherlink.RateSolved(r.p, r.sol, false)
		for tr := 1; tr < 8; tr++ {
			q, qs := image(r.p, r.sol, tr)
			got := slitherlink.RateSolved(q, qs, false)
			if got.Rank != base.Rank || got.Score != base.Score || !reflect.DeepEqual(got.Profile, base.Profile) {
				t.Fatalf("%s image %d: rank %d score %g %v, the puzzle itself %d %g %v", r.id, tr, got.Rank, got.Score, got.Profile, base.Rank, base.Score, base.Profile)
			}
		}
	}
}

// solutionEdges are the loop's edges of a solution, keyed like EdgeMark.
func solutionEdges(w, h int, sol string) map[engine.EdgeMark]bool {
	rows := strings.Split(sol, "/")
	in := func(r, c int) bool { return r >= 0 && r < h && c >= 0 && c < w && rows[r][c] == '1' }
	out := map[engine.EdgeMark]bool{}
	for r := 0; r <= h; r++ {
		for c := 0; c < w; c++ {
			out[engine.EdgeMark{Row: r, Col: c}] = in(r-1, c) != in(r, c)
		}
	}
	for r := 0; r < h; r++ {
		for c := 0; c <= w; c++ {
			out[engine.EdgeMark{Row: r, Col: c, Down: true}] = in(r, c-1) != in(r, c)
		}
	}
	return out
}

var cellRef = regexp.MustCompile(`r(\d+)c(\d+)`)

// TestStepsReplay: the steps of every image of some puzzles settle each
// edge once, as the solution has it, in the puzzle's own orientation;
// every step has a sentence naming cells on the board, and the step
// counts are the profile's.
func TestStepsReplay(t *testing.T) {
	recs := loadSgt(t)
	for i, r := range recs {
		if i%13 != 0 && len(recs) > 100 {
			continue
		}
		for tr := 0; tr < 8; tr += 3 {
			q, qs := image(r.p, r.sol, tr)
			rt := slitherlink.RateSolved(q, qs, true)
			want := solutionEdges(q.W, q.H, qs)
			seen := map[engine.EdgeMark]bool{}
			counts := map[string]int{}
			for k, st := range rt.Steps {
				counts[st.Technique]++
				if st.Sentence == "" || !strings.HasSuffix(st.Sentence, ".") {
					t.Fatalf("%s step %d: sentence %q", r.id, k+1, st.Sentence)
				}
				for _, m := range cellRef.FindAllStringSubmatch(st.Sentence, -1) {
					var row, col int
					fmt.Sscan(m[1], &row)
					fmt.Sscan(m[2], &col)
					if row < 1 || row > q.H || col < 1 || col > q.W {
						t.Fatalf("%s step %d names %s off the %dx%d board: %s", r.id, k+1, m[0], q.W, q.H, st.Sentence)
					}
				}
				for _, e := range st.Edges {
					key := engine.EdgeMark{Row: e.Row, Col: e.Col, Down: e.Down}
					on, ok := want[key]
					if !ok {
						t.Fatalf("%s step %d: edge %+v off the board", r.id, k+1, e)
					}
					if on != e.Set {
						t.Fatalf("%s image %d step %d (%s) sets %+v against the solution: %s", r.id, tr, k+1, st.Technique, e, st.Sentence)
					}
					if seen[key] {
						t.Fatalf("%s step %d settles %+v again", r.id, k+1, e)
					}
					seen[key] = true
				}
			}
			if len(seen) != len(want) {
				t.Fatalf("%s: steps settle %d of %d edges", r.id, len(seen), len(want))
			}
			for _, c := range rt.Profile {
				if counts[c.ID] != c.N {
					t.Fatalf("%s: profile %s=%d, steps %d", r.id, c.ID, c.N, counts[c.ID])
				}
			}
		}
	}
}

// TestRateWorkLimit: a rating past its work limit gives up as unknown,
// saying so, without a rank.
func TestRateWorkLimit(t *testing.T) {
	r := loadSgt(t)[0]
	rt := slitherlink.RateSolvedLimit(r.p, r.sol, 10)
	if rt.Status != engine.Unknown || !errors.Is(rt.Err, engine.ErrWorkLimit) || rt.Rank != 0 {
		t.Fatalf("status %v rank %d err %v, want unknown with the work limit", rt.Status, rt.Rank, rt.Err)
	}
	if rt := slitherlink.RateSolvedLimit(r.p, r.sol, slitherlink.RateWorkLimit); rt.Status != engine.Unique || rt.Rank == 0 {
		t.Fatalf("at the limit: %v rank %d %v", rt.Status, rt.Rank, rt.Err)
	}
}

// TestRateAgreesWithSolve: on random small grids (most have no solution
// or several) Rate's status is Solve's, with the same solution when
// unique: the ladder's deductions hold in every solution, so when they
// settle the grid, or contradict, without a solve, they must be right.
func TestRateAgreesWithSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	seen := map[engine.Status]int{}
	for i := 0; i < 1500; i++ {
		w, h := 1+rng.IntN(5), 1+rng.IntN(5)
		clues := make([]int8, w*h)
		for k := range clues {
			clues[k] = slitherlink.NoClue
			if rng.IntN(100) < 55 {
				clues[k] = int8(rng.IntN(4))
			}
		}
		p := &slitherlink.Puzzle{W: w, H: h, Clue: clues}
		want := p.Solve()
		got := p.Rate(i%5 == 0)
		seen[want.Status]++
		if got.Status != want.Status || got.Solution != want.Solution {
			t.Fatalf("%s: Rate %v %q, Solve %v %q", p.LoopyID(), got.Status, got.Solution, want.Status, want.Solution)
		}
		if got.Status == engine.Unique && got.Rank == 0 || got.Status != engine.Unique && got.Rank != 0 {
			t.Fatalf("%s: %v with rank %d", p.LoopyID(), got.Status, got.Rank)
		}
	}
	if seen[engine.Unique] < 20 || seen[engine.None] < 20 || seen[engine.Multiple] < 20 {
		t.Fatalf("statuses seen %v: too few of one to test", seen)
	}
}

// TestRateReusesScratch: ratings reuse a grid's tables and states from
// one puzzle to the next (and across goroutines); every rating is the
// one a fresh rater gives, whatever was rated before it.
func TestRateReusesScratch(t *testing.T) {
	recs := loadSgt(t)
	if len(recs) > 60 {
		recs = recs[:60]
	}
	want := make([]engine.Rating, len(recs))
	for i, r := range recs {
		want[i] = r.p.Rate(true)
	}
	check := func(i int, got engine.Rating) {
		w := want[i]
		if got.Rank != w.Rank || got.Score != w.Score || got.Solution != w.Solution || !reflect.DeepEqual(got.Profile, w.Profile) || !reflect.DeepEqual(got.Steps, w.Steps) {
			t.Errorf("%s: rated again %d %g %v, first %d %g %v", recs[i].id, got.Rank, got.Score, got.Profile, w.Rank, w.Score, w.Profile)
		}
	}
	for i := len(recs) - 1; i >= 0; i-- {
		check(i, recs[i].p.Rate(true))
	}
	var wg sync.WaitGroup
	got := make([]engine.Rating, len(recs))
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < len(recs); i += 4 {
				got[i] = recs[i].p.Rate(true)
			}
		}()
	}
	wg.Wait()
	for i := range recs {
		check(i, got[i])
	}
}
