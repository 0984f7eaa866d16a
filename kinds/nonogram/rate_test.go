package nonogram_test

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

// checkRated checks a rating of a puzzle with a published unique solution.
func checkRated(t *testing.T, c rateCase, r engine.Rating) {
	t.Helper()
	if r.Status != engine.Unique || r.Err != nil {
		t.Fatalf("%s: status %v (%v), want unique", c.id, r.Status, r.Err)
	}
	if r.Solution != c.sol {
		t.Fatalf("%s: solution %s, want the published %s", c.id, r.Solution, c.sol)
	}
	if r.Rank < 1 || r.Rank > len(nonogram.Kind{}.Ladder()) {
		t.Fatalf("%s: rank %d", c.id, r.Rank)
	}
}

// Every Tatham Pattern puzzle is line-solvable (his generator keeps only
// those), so every one rates at most 2.
func TestRateTatham(t *testing.T)    { testRateTatham(t, false) }
func TestRateTathamDev(t *testing.T) { testRateTatham(t, true) }

func testRateTatham(t *testing.T, all bool) {
	cases := tathamCases(t, all)
	for _, c := range cases {
		r := c.p.Rate(false)
		checkRated(t, c, r)
		if r.Rank > 2 {
			t.Errorf("%s: rank %d, want <= 2 (Tatham's line solver finishes it)", c.id, r.Rank)
		}
	}
	t.Logf("%d Tatham puzzles rate <= 2", len(cases))
}

// Rank <= 2 exactly on the puzzles a plain line solver (an independent
// one, in helpers_test.go) finishes.
func TestRateJanko(t *testing.T) { testRateJanko(t, false) }

func TestRateJankoDev(t *testing.T) {
	if testing.Short() {
		t.Skip("rates all 1,402 Janko dev puzzles")
	}
	testRateJanko(t, true)
}

func testRateJanko(t *testing.T, all bool) {
	cases := jankoCases(t, all)
	ranks := map[int]int{}
	for _, c := range cases {
		r := c.p.Rate(false)
		checkRated(t, c, r)
		ranks[r.Rank]++
		if ls := lineSolvable(c.p); ls != (r.Rank <= 2) {
			t.Errorf("%s: rank %d, but a plain line solver finishes it: %v", c.id, r.Rank, ls)
		}
	}
	t.Logf("%d Janko puzzles, by rank: %v", len(cases), ranks)
	if !all {
		for rank := 1; rank <= 4; rank++ {
			if ranks[rank] == 0 {
				t.Errorf("the sample has no puzzle of rank %d", rank)
			}
		}
	}
}

// The rank is the same for all eight images of a puzzle, and so are the
// profile and score of a line-solvable one (levels 1-2 are applied in
// rounds, whatever the scan order).
func TestRateSymmetry(t *testing.T) {
	cases := jankoCases(t, false)
	cases = append(cases, tathamCases(t, false)[:5]...)
	for _, c := range cases {
		base := c.p.Rate(false)
		for k := 1; k < 8; k++ {
			q := symImage(c.p, k)
			r := q.Rate(false)
			if r.Status != engine.Unique || r.Rank != base.Rank {
				t.Fatalf("%s image %d: %v rank %d, want unique rank %d", c.id, k, r.Status, r.Rank, base.Rank)
			}
			if base.Rank >= 3 {
				continue // levels 3 and 4 take the first cell found
			}
			if r.Score != base.Score || engine.ProfileString(r.Profile) != engine.ProfileString(base.Profile) {
				t.Errorf("%s image %d: score %v profile %s, want %v %s", c.id, k, r.Score, engine.ProfileString(r.Profile),
					base.Score, engine.ProfileString(base.Profile))
			}
		}
	}
}

var lineRE = regexp.MustCompile(`^(row|column) (\d+)$`)

// The steps replay to the solution: every cell placed once, with the
// value the solution has; a line step names its line (Houses) and places
// only cells of it; the profile counts the steps.
func TestRateSteps(t *testing.T) {
	cases := jankoCases(t, false)
	for _, c := range cases {
		r := c.p.Rate(true)
		checkRated(t, c, r)
		plain := c.p.Rate(false)
		if plain.Rank != r.Rank || plain.Score != r.Score || plain.Steps != nil {
			t.Fatalf("%s: without steps rank %d score %v %d steps, with %d %v", c.id, plain.Rank, plain.Score, len(plain.Steps), r.Rank, r.Score)
		}
		w := c.p.W
		sol := strings.ReplaceAll(c.sol, "/", "")
		placed := make([]bool, w*c.p.H)
		count := map[string]int{}
		maxLevel := 0
		for i, st := range r.Steps {
			count[st.Technique]++
			maxLevel = max(maxLevel, st.Level)
			if st.Sentence == "" || len(st.Place) == 0 {
				t.Fatalf("%s step %d: %+v", c.id, i, st)
			}
			for _, m := range st.Place {
				want := nonogram.MarkCrossed
				if sol[m.Cell] == '1' {
					want = nonogram.MarkFilled
				}
				if placed[m.Cell] || m.Value != want {
					t.Fatalf("%s step %d (%s) places %s = %d again or wrongly", c.id, i, st.Sentence, engine.CellName(m.Cell, w), m.Value)
				}
				placed[m.Cell] = true
			}
			if st.Level <= 2 {
				if len(st.Houses) != 1 {
					t.Fatalf("%s step %d: houses %v", c.id, i, st.Houses)
				}
				m := lineRE.FindStringSubmatch(st.Houses[0])
				if m == nil || !strings.HasPrefix(st.Sentence, strings.ToUpper(m[1][:1])+m[1][1:]+" "+m[2]+" (") {
					t.Fatalf("%s step %d: houses %v, sentence %q", c.id, i, st.Houses, st.Sentence)
				}
				var n int
				fmt.Sscan(m[2], &n)
				for _, pm := range st.Place {
					if m[1] == "row" && pm.Cell/w != n-1 || m[1] == "column" && pm.Cell%w != n-1 {
						t.Fatalf("%s step %d: %s places %s", c.id, i, st.Houses[0], engine.CellName(pm.Cell, w))
					}
				}
			}
			if st.Level == 3 && (st.Assumption == "" || !lineRE.MatchString(st.Contradiction)) {
				t.Fatalf("%s step %d: assumption %q contradiction %q", c.id, i, st.Assumption, st.Contradiction)
			}
		}
		for i, p := range placed {
			if !p {
				t.Fatalf("%s: %s never placed", c.id, engine.CellName(i, w))
			}
		}
		if maxLevel != r.Rank {
			t.Errorf("%s: rank %d, hardest step %d", c.id, r.Rank, maxLevel)
		}
		// The profile counts every line (cell) a round found progress on,
		// on the round's board; the log keeps the steps that still decide
		// a cell once the round's earlier steps are applied.
		inProfile := map[string]int{}
		for _, pc := range r.Profile {
			inProfile[pc.ID] = pc.N
		}
		for id, n := range count {
			if n > inProfile[id] {
				t.Errorf("%s: %d %s steps, profile %d", c.id, n, id, inProfile[id])
			}
		}
	}
}

// The sentences name the line, its clue, the run and the cells.
func TestRateSentences(t *testing.T) {
	// .XXXX
	// ..XXX
	// XX.X.
	p := tathamPuzzle(t, "5x3:1/1.1/2/3/2/4/3/2.1")
	r := p.Rate(true)
	if r.Status != engine.Unique {
		t.Fatalf("status %v", r.Status)
	}
	var got []string
	for _, st := range r.Steps {
		got = append(got, st.Sentence)
	}
	want := []string{
		"Row 1 (4): the 4 must cover c2-c4.",
		"Row 2 (3): the 3 must cover c3.",
		"Row 3 (2 1): the 2 must cover c2.",
		"Column 2 (1 1): the first 1 must cover r1; the second 1 must cover r3; r2 is out of reach of every run.",
		"Column 4 (3): the 3 must cover r1-r3.",
		"Column 5 (2): the 2 must cover r2.",
		"Row 2 (3): c1 is out of reach of every run.",
	}
	for i, w := range want {
		if i >= len(got) || got[i] != w {
			t.Fatalf("steps:\n%s\nwant first:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// A puzzle with two solutions gets no rank.
func TestRateMultiple(t *testing.T) {
	p := tathamPuzzle(t, "2x2:1/1/1/1")
	r := p.Rate(true)
	if r.Status != engine.Multiple || r.Rank != 0 || len(r.Steps) != 0 {
		t.Fatalf("got %v rank %d %d steps, want multiple, no rank", r.Status, r.Rank, len(r.Steps))
	}
}

// RateWorkLimit: past the limit the rating gives up as Unknown.
func TestRateWorkLimit(t *testing.T) {
	c := jankoCases(t, false)[0]
	r := nonogram.RateLimit(c.p, false, 10)
	if r.Status != engine.Unknown || !errors.Is(r.Err, engine.ErrWorkLimit) || r.Rank != 0 {
		t.Fatalf("got %v %v rank %d, want unknown with ErrWorkLimit", r.Status, r.Err, r.Rank)
	}
	if r := nonogram.RateLimit(c.p, false, nonogram.RateWorkLimit); r.Status != engine.Unique {
		t.Fatalf("with the default limit: %v %v", r.Status, r.Err)
	}
}

// A puzzle with no solution gets no rank: the levels end on a line with
// no placement, and Solve gives the status.
func TestRateNone(t *testing.T) {
	for _, p := range []*nonogram.Puzzle{
		{W: 1, H: 1, Rows: [][]int{{1}}, Cols: [][]int{{}}},
		{W: 2, H: 2, Rows: [][]int{{2}, {}}, Cols: [][]int{{1}, {}}},
	} {
		r := p.Rate(true)
		if r.Status != engine.None || r.Rank != 0 || len(r.Steps) != 0 {
			t.Errorf("%s: got %v rank %d %d steps, want none, no rank", p.TathamID(), r.Status, r.Rank, len(r.Steps))
		}
	}
}

// Undecided is empty on a puzzle levels 1-3 finish, names the cells they
// leave on one with several solutions, and refuses clues no grid meets.
func TestUndecided(t *testing.T) {
	if u, err := tathamPuzzle(t, "5x3:1/1.1/2/3/2/4/3/2.1").Undecided(); err != nil || len(u) != 0 {
		t.Fatalf("got %v %v, want none", u, err)
	}
	if u, err := tathamPuzzle(t, "3x2:1/1/1/2/1").Undecided(); err != nil || fmt.Sprint(u) != "[0 2 3 5]" {
		t.Fatalf("got %v %v, want the 4 cells of columns 1 and 3", u, err)
	}
	if _, err := (&nonogram.Puzzle{W: 1, H: 1, Rows: [][]int{{1}}, Cols: [][]int{{}}}).Undecided(); err == nil {
		t.Fatal("no error for clues no grid meets")
	}
}
