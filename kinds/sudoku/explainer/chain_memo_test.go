package explainer

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/kinds/sudoku"
)

// memoPuzzle (forum_hardest_1106, ER 10.9) takes nested chains of levels 2
// and 3 early on its path: dynamic chains with forcing chains inside, then
// with multiple forcing chains inside, which search the same working grids.
const memoPuzzle = ".2.4...8...7.....3.8.237.1.2.1....9..9....8.4...9......1.8...4.5.8..........6...."

// stepsText follows serate's loop on the puzzle with the chains cs and
// prints every step: technique, difficulty, effect and sentence.
func stepsText(t *testing.T, cs *Chains) (string, int64) {
	t.Helper()
	p, err := sudoku.ParseLine(memoPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGrid(&p)
	c := Context{Steps: true, Limit: DefaultWorkLimit, chains: cs}
	var sb strings.Builder
	nested := 0
	for !g.Solved() {
		h, _, ok := next(&g, &c)
		if !ok {
			t.Fatalf("stuck after %d work units:\n%s", c.Work, sb.String())
		}
		if strings.Contains(h.Technique, "(+ Multiple") {
			nested++
		}
		fmt.Fprintf(&sb, "%s %.4f %v %v %s\n", h.Technique, h.Difficulty, h.Place, h.Eliminate, h.Step.Sentence)
		Apply(&g, &h)
	}
	if nested == 0 {
		t.Fatalf("no chain with multiple forcing chains inside on the path:\n%s", sb.String())
	}
	return sb.String(), c.Work
}

// TestInnerMemoKeepsPath: the inner producers' hints and the "+"
// techniques' hints remembered for the whole rating (Chains.inner,
// Chains.plus) give the same path, step for step (name,
// difficulty, effect, sentence), as every inner search made afresh, and
// save work. With the memo bounded to a few answers it is emptied again and
// again and still gives the same path.
func TestInnerMemoKeepsPath(t *testing.T) {
	want, full := stepsText(t, &Chains{noMemo: true})
	got, memo := stepsText(t, &Chains{})
	if got != want {
		t.Fatalf("with the memo:\n%s\nwithout:\n%s", got, want)
	}
	if memo >= full {
		t.Fatalf("the memo saved no work: %d units with it, %d without", memo, full)
	}
	small := &Chains{memoCap: 3}
	got, tight := stepsText(t, small)
	if got != want {
		t.Fatalf("with a memo of 3:\n%s\nwithout:\n%s", got, want)
	}
	if len(small.inner) > 3 || small.plus.len() > 3 {
		t.Fatalf("the memos hold %d inner and %d \"+\" answers, bound 3", len(small.inner), small.plus.len())
	}
	if tight < memo || tight > full {
		t.Fatalf("work with a memo of 3: %d units, not between %d (memo) and %d (none)", tight, memo, full)
	}
	t.Logf("%d steps; work %d without the memo, %d with it, %d with a memo of 3", strings.Count(want, "\n"), full, memo, tight)
}

// TestInnerPosFromSpread: an inner producer that takes its grid's position
// masks from the outer spread (which keeps them as it removes candidates)
// follows the nested path step for step as one that builds them afresh.
func TestInnerPosFromSpread(t *testing.T) {
	want, _ := stepsText(t, &Chains{buildPos: true})
	got, _ := stepsText(t, &Chains{})
	if got != want {
		t.Fatalf("masks from the spread:\n%s\nbuilt afresh:\n%s", got, want)
	}
}

// TestInnerKeepsBestPerEffect: an inner producer that keeps only the best
// hint of each effect as it searches (keepAll) gives the same hints, in the
// same order, with the same chains, as copying out every hint and keeping
// the first of each effect in serate's order afterwards (rawAll), for every
// chaining kind on states of the memo puzzle's path; and the nested path
// is the same step for step.
func TestInnerKeepsBestPerEffect(t *testing.T) {
	want, _ := stepsText(t, &Chains{rawAll: true})
	got, _ := stepsText(t, &Chains{})
	if got != want {
		t.Fatalf("keeping each effect's best:\n%s\nkeeping all:\n%s", got, want)
	}
	p, err := sudoku.ParseLine(memoPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGrid(&p)
	c := Context{Limit: DefaultWorkLimit}
	text := func(hs []Hint) string {
		var sb strings.Builder
		for _, h := range hs {
			fmt.Fprintf(&sb, "%s %.4f %v %v %v\n", h.Technique, h.Difficulty, h.Place, h.Eliminate, h.Step.Links)
		}
		return sb.String()
	}
	compared := 0
	for step := 0; step < 12 && !g.Solved(); step++ {
		for kind := ForcingChainsCycles; kind <= DynamicPlus; kind++ {
			raw, best := Chains{rawAll: true}, Chains{}
			want, err1 := raw.All(kind, &g)
			got, err2 := best.All(kind, &g)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if text(got) != text(want) {
				t.Fatalf("step %d, %s: keeping each effect's best\n%s\nkeeping all\n%s", step, kindName(kind), text(got), text(want))
			}
			compared += len(want)
		}
		h, _, ok := next(&g, &c)
		if !ok {
			t.Fatal("stuck")
		}
		Apply(&g, &h)
	}
	t.Logf("%d hints compared", compared)
	if compared == 0 {
		t.Fatal("no hint compared")
	}
}

// TestPlusReachKeepsHints: the inner forcing chains bound a working grid's
// closure from the outer grid's (plusReach) instead of computing it. On
// grids of the memo puzzle's path whose closure rules out every forcing
// chain and cycle, each with candidates removed at random (a working grid),
// every hint (name, difficulty, effect, sentence, links) and its order are
// those of the search with the grid's own closure (and grids with more
// than maxPlusEdges new edges take their own closure); and the memo
// puzzle's nested path is the same step for step.
func TestPlusReachKeepsHints(t *testing.T) {
	want, _ := stepsText(t, &Chains{noPlus: true})
	cs := &Chains{}
	got, _ := stepsText(t, cs)
	if got != want {
		t.Fatalf("bounding the closure:\n%s\ncomputing it:\n%s", got, want)
	}
	if cs.plusUsed == 0 {
		t.Fatal("no inner search bounded its closure")
	}
	text := func(hs []*snapshot) string {
		var sb strings.Builder
		for _, s := range hs {
			h := s.hint(config{}, true)
			fmt.Fprintf(&sb, "%s %.4f %v %v %s %v\n", h.Technique, h.Difficulty, h.Place, h.Eliminate, h.Step.Sentence, h.Step.Links)
		}
		return sb.String()
	}
	p, err := sudoku.ParseLine(memoPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGrid(&p)
	c := Context{Limit: DefaultWorkLimit}
	rng := rand.New(rand.NewPCG(34, 1))
	top := &Chains{limit: DefaultChainWork}
	in := newChainer(config{}, top)
	in.all = true
	dead, hints, grids, own := 0, 0, 0, 0
	for !g.Solved() {
		var r reach
		r.build(&g)
		if r.dead() {
			dead++
			for range 8 {
				w := g
				for cell := range 81 {
					for m := w.Cand[cell]; m != 0; m &= m - 1 {
						if popcount(w.Cand[cell]) > 1 && rng.IntN(6) == 0 {
							w.Cand[cell] &^= m & -m
						}
					}
				}
				in.base = &g
				before := top.plusUsed
				got := text(in.searchAll(&w))
				used := top.plusUsed > before
				in.base = nil
				want := text(in.searchAll(&w))
				if got != want {
					t.Fatalf("grid %d: bounded closure\n%s\nown closure\n%s", grids, got, want)
				}
				if used {
					grids++
					hints += strings.Count(want, "\n")
				} else {
					own++ // over maxPlusEdges new edges: W's own closure
				}
			}
		}
		h, _, ok := next(&g, &c)
		if !ok {
			t.Fatal("stuck")
		}
		Apply(&g, &h)
	}
	t.Logf("%d dead grids, %d working grids bounded (%d hints compared), %d with their own closure", dead, grids, hints, own)
	if grids == 0 || hints == 0 || own == 0 {
		t.Fatalf("%d working grids bounded, %d hints, %d with their own closure: both ways not compared", grids, hints, own)
	}
}

// TestPlusMemoPerGrid: the "+" memo keeps one entry per grid holding each
// technique's hints once asked (plusAnswers). Asking the techniques in
// random subsets and orders on working grids of the memo puzzle's path,
// some grids met again, gives every technique's hints as asked afresh;
// one asked again on a grid charges no work, one not yet asked there is
// found (and charged); with a memo of 3 grids the memo is emptied and
// still answers the same.
func TestPlusMemoPerGrid(t *testing.T) {
	p, err := sudoku.ParseLine(memoPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	text := func(hs []plusHint) string {
		var sb strings.Builder
		for _, h := range hs {
			fmt.Fprintf(&sb, "%v %v|", h.rule, h.elim)
		}
		return sb.String()
	}
	rng := rand.New(rand.NewPCG(34, 2))
	for _, capN := range []int{0, 3} {
		fresh := newChainer(config{}, &Chains{limit: DefaultChainWork, noMemo: true})
		top := &Chains{limit: DefaultChainWork, memoCap: capN}
		memo := newChainer(config{}, top)
		var grids []Grid
		g := NewGrid(&p)
		for range 40 {
			w := g
			for cell := range 81 {
				for m := w.Cand[cell]; m != 0; m &= m - 1 {
					if popcount(w.Cand[cell]) > 1 && rng.IntN(5) == 0 {
						w.Cand[cell] &^= m & -m
					}
				}
			}
			grids = append(grids, w)
		}
		hits, found, nonEmpty := 0, 0, 0
		for range 300 {
			w := grids[rng.IntN(len(grids))]
			fresh.cur, memo.cur = w, w
			var pos posMasks
			pos.build(&w)
			ans := memo.plusMemo()
			for _, i := range rng.Perm(numPlus)[:1+rng.IntN(numPlus)] {
				known := ans.known&(1<<i) != 0
				want := text(fresh.plusHints(nil, i, &pos, nil, nil))
				before := top.work
				got := text(memo.plusHints(ans, i, &pos, nil, nil))
				if got != want {
					t.Fatalf("cap %d, technique %d: memo\n%s\nafresh\n%s", capN, i, got, want)
				}
				if want != "" {
					nonEmpty++
				}
				switch charged := top.work > before; {
				case known && charged:
					t.Fatalf("cap %d, technique %d: kept answer charged work", capN, i)
				case !known && !charged:
					t.Fatalf("cap %d, technique %d: found answer charged no work", capN, i)
				case known:
					hits++
				default:
					found++
				}
				if ans.known&(1<<i) == 0 {
					t.Fatalf("cap %d, technique %d: answer not kept", capN, i)
				}
			}
			if capN > 0 && top.plus.len() > capN {
				t.Fatalf("the memo holds %d grids, bound %d", top.plus.len(), capN)
			}
		}
		if hits == 0 || found == 0 || nonEmpty == 0 {
			t.Fatalf("cap %d: %d kept answers, %d found, %d with hints: the test tests nothing", capN, hits, found, nonEmpty)
		}
		t.Logf("cap %d: %d answers kept, %d found, %d with hints", capN, hits, found, nonEmpty)
	}
}
