package explainer

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/kinds/sudoku"
)

// nestedDynamicState is a solving state of forum_hardest_1106's 367th
// puzzle (as written) where serate's path takes a Dynamic Cell Forcing
// Chain (+ Dynamic Forcing Chains), 11.4: a digit is a placed cell, a
// parenthesised list an empty cell's candidates.
const nestedDynamicState = "(15678)23(1467)(5678)(14568)(567)(5678)94(578)(5678)(2679)(25678)(25689)1(235678)(35678)(15678)9(15678)(1267)3(1258)(2567)4(5678)2(357)(567)81(3569)(35679)(35679)4(156)(1345)(1456)(2369)(256)78(13569)(356)9(13578)(15678)(36)4(356)(3567)(13567)23(4578)(24578)(2467)9(2468)(24567)(25678)1(1578)6(1245789)(12347)(278)(12348)(234579)(235789)(3578)(178)(1478)(124789)5(2678)(123468)(234679)(236789)(3678)"

// parseState reads a solving state written as nestedDynamicState is.
func parseState(t *testing.T, s string) Grid {
	t.Helper()
	var g Grid
	c := 0
	for i := 0; i < len(s); i++ {
		if c == 81 {
			t.Fatalf("state %q: more than 81 cells", s)
		}
		switch ch := s[i]; {
		case ch >= '1' && ch <= '9':
			g.Value[c] = ch - '0'
		case ch == '(':
			for i++; i < len(s) && s[i] != ')'; i++ {
				g.Cand[c] |= 1 << (s[i] - '1')
			}
		default:
			t.Fatalf("state %q: %q at %d", s, ch, i)
		}
		c++
	}
	if c != 81 {
		t.Fatalf("state %q: %d cells", s, c)
	}
	return g
}

// workingGrids returns states of the memo puzzle's path, each as it is and
// with candidates removed at random (as an outer chain's working grid).
func workingGrids(t *testing.T, steps, variants int) []Grid {
	t.Helper()
	p, err := sudoku.ParseLine(memoPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGrid(&p)
	c := Context{Limit: DefaultWorkLimit}
	rng := rand.New(rand.NewPCG(34, 2))
	var out []Grid
	for step := 0; step < steps && !g.Solved(); step++ {
		out = append(out, g)
		for range variants {
			w := g
			for cell := range 81 {
				for m := w.Cand[cell]; m != 0; m &= m - 1 {
					if popcount(w.Cand[cell]) > 1 && rng.IntN(8) == 0 {
						w.Cand[cell] &^= m & -m
					}
				}
			}
			out = append(out, w)
		}
		h, _, ok := next(&g, &c)
		if !ok {
			t.Fatal("stuck")
		}
		Apply(&g, &h)
	}
	return out
}

// TestFastSpreadSets: the node-free propagation (fastSpread) derives, from
// every candidate on and off, exactly the potentials of the dynamic
// spread, and meets a contradiction exactly when the spread does; so do
// the sets the plan keeps (dynNeed.plan).
func TestFastSpreadSets(t *testing.T) {
	cs := &Chains{limit: DefaultChainWork}
	e := newChainer(config{multiple: true, dynamic: true}, cs)
	var f fastSpread
	spreads, absurd := 0, 0
	for gi, g := range workingGrids(t, 30, 2) {
		e.cur = g
		e.basePos.build(&g)
		f.setup(&g, &e.basePos)
		// the plan's sets (a bivalue cell's "off" spreads taken from its
		// other candidate's "on" one)
		pe := newChainer(e.cf, cs)
		pe.cur, pe.basePos = g, e.basePos
		var dn dynNeed
		dn.plan(pe, &g, &pe.basePos)
		for cell := range 81 {
			for m := g.Cand[cell]; m != 0; m &= m - 1 {
				for _, on := range []bool{true, false} {
					q := mkPot(cell, trailing(m)+1, on)
					e.ar.reset()
					toOn, toOff := e.getSet(), e.getSet()
					if on {
						toOn.put(q, e.ar.add(q, causeNone))
					} else {
						toOff.put(q, e.ar.add(q, causeNone))
					}
					_, _, bad := e.spread(toOn, toOff)
					var want, got potBits
					for _, x := range append(toOn.order, toOff.order...) {
						want.add(x)
					}
					e.putSet(toOn)
					e.putSet(toOff)
					ok := f.run(q, &got)
					spreads++
					if ok == bad {
						t.Fatalf("grid %d, %s: contradiction %v by the spread, %v by fastSpread", gi, potText(q), bad, !ok)
					}
					if bad {
						absurd++
					} else if got != want {
						t.Fatalf("grid %d, %s: fastSpread's set differs from the spread's", gi, potText(q))
					}
					if !on && popcount(g.Cand[cell]) < 2 {
						continue // no search spreads it
					}
					if dn.absurd[q] != bad || !bad && dn.sets[q] != want {
						t.Fatalf("grid %d, %s: the plan's set or contradiction differs from the spread's", gi, potText(q))
					}
				}
			}
		}
	}
	t.Logf("%d spreads compared, %d with a contradiction", spreads, absurd)
	if absurd == 0 || absurd == spreads {
		t.Fatalf("%d of %d spreads meet a contradiction: both kinds not compared", absurd, spreads)
	}
}

// TestDynPlanKeepsHints: a dynamic search that makes only the spreads a
// hint needs (dynNeed) gives every hint (name, difficulty, effect,
// sentence, links) in the same order as the search making every spread, on
// working grids of the memo puzzle's path (as an inner producer, All), and
// NestedDynamic0, whose inner searches plan so, takes the same hint on a
// state of the hardest puzzles, for less work.
func TestDynPlanKeepsHints(t *testing.T) {
	text := func(hs []Hint) string {
		var sb strings.Builder
		for _, h := range hs {
			fmt.Fprintf(&sb, "%s %.4f %v %v %s %v\n", h.Technique, h.Difficulty, h.Place, h.Eliminate, h.Step.Sentence, h.Step.Links)
		}
		return sb.String()
	}
	hints := 0
	var planned, full int64
	for gi, g := range workingGrids(t, 25, 2) {
		all, plan := Chains{noDynPlan: true, noPartner: true}, Chains{}
		want, err1 := all.All(DynamicChains, &g)
		got, err2 := plan.All(DynamicChains, &g)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if text(got) != text(want) {
			t.Fatalf("grid %d: planned\n%s\nevery spread\n%s", gi, text(got), text(want))
		}
		hints += len(want)
		full += all.Work()
		planned += plan.Work()
	}
	t.Logf("%d hints compared; work %d planned, %d with every spread", hints, planned, full)
	if hints == 0 || planned >= full {
		t.Fatalf("%d hints compared, work %d planned, %d with every spread", hints, planned, full)
	}

	g := parseState(t, nestedDynamicState)
	all, plan := Chains{noDynPlan: true, noPartner: true}, Chains{}
	want, ok1, err1 := all.Find(NestedDynamic0, &g)
	got, ok2, err2 := plan.Find(NestedDynamic0, &g)
	if err1 != nil || err2 != nil || !ok1 || !ok2 {
		t.Fatal(ok1, ok2, err1, err2)
	}
	if text([]Hint{got}) != text([]Hint{want}) {
		t.Fatalf("NestedDynamic0: planned\n%s\nevery spread\n%s", text([]Hint{got}), text([]Hint{want}))
	}
	if plan.Work() >= all.Work() {
		t.Fatalf("NestedDynamic0: work %d planned, %d with every spread", plan.Work(), all.Work())
	}
	t.Logf("NestedDynamic0: %s %.1f; work %d planned, %d with every spread", want.Technique, want.Difficulty, plan.Work(), all.Work())
}
