package explainer

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/engine"
)

// TestPlusFastAsGeneric: the "+" techniques of chain_plusfast.go give, on
// working grids (every state of the sample's basic paths, with candidates
// removed at random, some cells emptied), exactly the hints of the generic
// hinters (PlusHinters) as the "+" rounds took them: every hint, its Rule,
// its eliminations in hashOrder, in the same order, and the same work;
// both looking at the whole grid and at its changes from the state (the
// spread's starting grid; the states where a technique finds nothing are
// those it looks at the changes of).
func TestPlusFastAsGeneric(t *testing.T) {
	text := func(hs []plusHint) string {
		var sb strings.Builder
		for _, h := range hs {
			fmt.Fprintf(&sb, "%+v %v\n", h.rule, h.elim)
		}
		return sb.String()
	}
	rng := rand.New(rand.NewPCG(34, 3))
	var ps, psd plusState
	grids, hints, filtered := 0, [numPlus]int{}, [numPlus]int{}
	for _, g := range stuckGrids(t) {
		var gpos posMasks
		gpos.build(&g)
		for v := range 5 {
			w := g
			// v 0: the state as it is; 1-3: ever fewer candidates
			// removed; 4: cells may lose every candidate
			for cell := range 81 {
				for m := w.Cand[cell]; m != 0; m &= m - 1 {
					switch {
					case v == 0:
					case v == 4 && rng.IntN(4) == 0:
						w.Cand[cell] &^= m & -m
					case popcount(w.Cand[cell]) > 1 && v < 4 && rng.IntN(2<<v) == 0:
						w.Cand[cell] &^= m & -m
					}
				}
			}
			var pos posMasks
			pos.build(&w)
			grids++
			psd.newRound()
			for i := range numPlus {
				want, work := genericPlus(i, &w)
				got := ps.plusFind(i, &w, &pos, nil, nil)
				if a, b := text(got), text(want); a != b {
					t.Fatalf("grid %d %v, technique %d:\nfast\n%s\ngeneric\n%s", grids, w, i, a, b)
				}
				got = psd.plusFind(i, &w, &pos, &g, &gpos)
				if a, b := text(got), text(want); a != b {
					t.Fatalf("grid %d %v from %v, technique %d:\nfast, from the changes\n%s\ngeneric\n%s", grids, w, g, i, a, b)
				}
				if psd.free&(1<<i) != 0 {
					filtered[i] += len(want)
				}
				if work != plusWork {
					t.Fatalf("technique %d: the generic hinter charges %d, the fast one %d", i, work, plusWork)
				}
				hints[i] += len(want)
			}
		}
	}
	t.Logf("%d grids; hints of each technique: %v, of which from the changes: %v", grids, hints, filtered)
	for i := range numPlus {
		if hints[i] < 100 || filtered[i] < 100 {
			t.Fatalf("technique %d gave %d hints on %d grids, %d from the changes: too few to compare", i, hints[i], grids, filtered[i])
		}
	}
}

// TestPlusFastKeepsPath: the memo puzzle's path (dynamic "+" and nested
// chains, whose "+" rounds read the spread's place masks) is the same step
// for step, with the same work, as with the generic hinters.
func TestPlusFastKeepsPath(t *testing.T) {
	want, wwork := stepsText(t, &Chains{plusGeneric: true})
	got, gwork := stepsText(t, &Chains{})
	if got != want {
		t.Fatalf("fast \"+\" techniques:\n%s\ngeneric:\n%s", got, want)
	}
	if gwork != wwork {
		t.Fatalf("work %d with the fast \"+\" techniques, %d with the generic", gwork, wwork)
	}
}

// TestPlusEmitHashOrder: emit lists a hint's eliminations as hashOrder
// does, for lists of up to 16 cells (more than 12 double the table).
func TestPlusEmitHashOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 4))
	var ps plusState
	for range 2000 {
		var l hashList
		var el []engine.Mark
		for _, cell := range rng.Perm(81)[:1+rng.IntN(16)] {
			digs := uint16(1 + rng.IntN(511))
			l.add(cell, digs)
			for m := digs; m != 0; m &= m - 1 {
				el = append(el, engine.Mark{Cell: cell, Value: lowDigit(m)})
			}
		}
		ps.found = ps.found[:0]
		ps.emit(Rule{}, &l)
		var want []pot
		for _, m := range hashOrder(el) {
			want = append(want, mkPot(m.Cell, m.Value, false))
		}
		if got := ps.found[0].elim; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%v: emit %v, hashOrder %v", el, got, want)
		}
	}
}
