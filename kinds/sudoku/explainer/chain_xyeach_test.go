package explainer

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/kinds/sudoku"
)

// xyEachPuzzles are hardest puzzles whose paths take nested chains
// (chain_steps.tsv's kind 5, and memoPuzzle): their states where the
// forcing chains and cycles find nothing are the outer grids of inner
// forcing chain searches.
var xyEachPuzzles = []string{
	memoPuzzle,
	"........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
	"..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8",
	"..6..1....5..3....9..4....7..1....2..3..9....4..5....13.....68....3..2....2..8..3",
}

// pathState is a state of a path and whether its static closure rules
// out every forcing chain and cycle (dead).
type pathState struct {
	g    Grid
	dead bool
}

// pathStates follows the paths of xyEachPuzzles and returns their states.
func pathStates(t *testing.T) []pathState {
	t.Helper()
	var out []pathState
	for _, line := range xyEachPuzzles {
		p, err := sudoku.ParseLine(line)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGrid(&p)
		c := Context{Limit: DefaultWorkLimit}
		for !g.Solved() {
			var r reach
			r.build(&g)
			out = append(out, pathState{g, r.dead()})
			h, _, ok := next(&g, &c)
			if !ok {
				t.Fatal("stuck")
			}
			Apply(&g, &h)
		}
	}
	return out
}

// TestXYEachKeepsHints: an inner forcing chain search takes each
// candidate through its three passes in turn (searchXYEach) rather than
// every candidate through one pass after the other, and leaves out the
// passes that cannot take a new edge of their kind (plusReach.passes),
// finer than the three passes' test per grid (xDigits, yCells), and the
// cycle searches that cannot eliminate anything (commonOffIn, cycleOff).
// On working grids made from the states of hardest puzzles' paths by
// removing candidates at random (a few: the bound serves; many, or B not
// dead: W's own closure), every hint (name, difficulty,
// effect, sentence, links) and its order are those of the reference's
// three passes without skips; interleaving alone spends the same work,
// the skips per grid less, those per candidate less again;
// the same holds with the arena emptied (its kept hints' chains copied
// out) at every assumption rather than kept (arenaKeep); and the memo
// puzzle's nested path is the same step for step.
func TestXYEachKeepsHints(t *testing.T) {
	modes := []struct {
		name string
		cs   Chains
	}{
		{"three passes", Chains{xyPasses: true, noPassSkip: true}},
		{"each candidate's passes in turn", Chains{noPassSkip: true}},
		{"three passes, a grid's passes without a new edge of their kind left out", Chains{xyPasses: true}},
		{"with the skips", Chains{}},
		{"with the skips, the arena emptied at every assumption", Chains{arenaCap: 1}},
	}
	want, _ := stepsText(t, &Chains{xyPasses: true, noPassSkip: true})
	for _, m := range modes[1:] {
		cs := m.cs
		if got, _ := stepsText(t, &cs); got != want {
			t.Fatalf("path, %s:\n%s\nthree passes:\n%s", m.name, got, want)
		}
	}
	text := func(hs []*snapshot) string {
		var sb strings.Builder
		for _, s := range hs {
			h := s.hint(config{}, true)
			fmt.Fprintf(&sb, "%s %.4f %v %v %s %v\n", h.Technique, h.Difficulty, h.Place, h.Eliminate, h.Step.Sentence, h.Step.Links)
		}
		return sb.String()
	}
	states := pathStates(t)
	rng := rand.New(rand.NewPCG(34, 3))
	grids, hints, bounded, own, less, dead := 0, 0, 0, 0, 0, 0
	// a working grid of g: a few candidates removed (few new edges: the
	// bound serves), or one in four (more than maxPlusEdges new edges: W's
	// own closure, with B dead)
	working := func(g Grid, heavy bool) Grid {
		w := g
		if heavy {
			for cell := range 81 {
				for m := w.Cand[cell]; m != 0; m &= m - 1 {
					if popcount(w.Cand[cell]) > 1 && rng.IntN(4) == 0 {
						w.Cand[cell] &^= m & -m
					}
				}
			}
			return w
		}
		for range 1 + rng.IntN(20) {
			cell := rng.IntN(81)
			if m := w.Cand[cell]; popcount(m) > 1 {
				for k := rng.IntN(popcount(m)); k > 0; k-- {
					m &= m - 1
				}
				w.Cand[cell] &^= m & -m
			}
		}
		return w
	}
	for si, st := range states {
		g := st.g
		var ws []Grid
		if st.dead {
			dead++
			ws = []Grid{working(g, false), working(g, false)}
			if dead%3 == 0 {
				ws = append(ws, working(g, true))
			}
		} else if si%6 == 0 {
			ws = []Grid{working(g, false)} // B not dead: W's own closure
		}
		for _, w := range ws {
			var texts [5]string
			var work [5]int64
			used := false
			for k, m := range modes {
				top := m.cs
				top.limit = DefaultChainWork
				in := newChainer(config{}, &top)
				in.all = true
				in.base = &g
				texts[k] = text(in.searchAll(&w))
				work[k] = top.work
				used = used || top.plusUsed > 0
			}
			for k := 1; k < len(modes); k++ {
				if texts[k] != texts[0] {
					t.Fatalf("grid %d, %s:\n%s\nthree passes:\n%s", grids, modes[k].name, texts[k], texts[0])
				}
			}
			if work[1] != work[0] {
				t.Fatalf("grid %d: %d work units with each candidate's passes in turn, %d with three passes", grids, work[1], work[0])
			}
			if work[4] != work[3] {
				t.Fatalf("grid %d: %d work units with the arena emptied at every assumption, %d with it kept", grids, work[4], work[3])
			}
			if work[3] > work[2] || work[2] > work[1] {
				t.Fatalf("grid %d: %d work units with the skips per candidate, %d per grid, %d without", grids, work[3], work[2], work[1])
			}
			if work[3] < work[2] {
				less++
			}
			grids++
			hints += strings.Count(texts[0], "\n")
			if used {
				bounded++
			} else {
				own++
			}
		}
	}
	t.Logf("%d states (%d dead), %d working grids (%d bounded, %d with their own closure; %d where the skips spared work), %d hints compared", len(states), dead, grids, bounded, own, less, hints)
	if bounded == 0 || own == 0 || hints == 0 || less == 0 {
		t.Fatalf("%d working grids bounded, %d own, %d hints, %d spared: nothing compared", bounded, own, hints, less)
	}
}
