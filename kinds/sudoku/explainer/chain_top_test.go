package explainer

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"pencilbox/kinds/sudoku"
)

// hintsText prints hints with their chains' sentences, for comparing two
// searches.
func hintsText(hs []Hint) string {
	var out []string
	for _, h := range hs {
		out = append(out, fmt.Sprintf("%s %.4f %v %v %s", h.Technique, h.Difficulty, h.Place, h.Eliminate, h.Step.Sentence))
	}
	return strings.Join(out, "\n")
}

// lastStuck is the grid of each sample puzzle where the basic techniques
// stop (the chains' first grid on its path).
func lastStuck(t *testing.T) []Grid {
	var out []Grid
	for _, p := range samplePuzzles(t) {
		g := NewGrid(&p)
		c := Context{Limit: DefaultWorkLimit}
		for {
			h, ok := NextBasic(&g, &c)
			if !ok {
				break
			}
			Apply(&g, &h)
		}
		if !g.Solved() {
			out = append(out, g)
		}
	}
	return out
}

// samplePuzzles reads the committed sample (testdata/se_sample_200.tsv).
func samplePuzzles(t *testing.T) []sudoku.Grid {
	t.Helper()
	b, err := os.ReadFile("testdata/se_sample_200.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var out []sudoku.Grid
	for _, l := range strings.Split(string(b), "\n") {
		if l == "" || l[0] == '#' || strings.HasPrefix(l, "puzzle") {
			continue
		}
		p, err := sudoku.ParseLine(strings.Split(l, "\t")[0])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestPartnerSkipKeepsHints: the dynamic chains skip the spread of a
// bivalue cell's negation when the other candidate's spread ended without
// a contradiction (partnerConsistent). On the grids where the sample's
// basic techniques stop, every hint of the producer (Chains.All, in
// serate's order, with its chains) and the hint it gives the path are the
// same as with every negation spread, and the skip saves work.
func TestPartnerSkipKeepsHints(t *testing.T) {
	compared, saved := 0, 0
	for i, g := range lastStuck(t) {
		skip, full := Chains{}, Chains{noPartner: true}
		for _, k := range []ChainKind{DynamicChains, NestedDynamic0} {
			if k == NestedDynamic0 && i%25 != 0 {
				continue // level 4 with inner dynamic chains: one grid in 25
			}
			got, err1 := skip.All(k, &g)
			want, err2 := full.All(k, &g)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if a, b := hintsText(got), hintsText(want); a != b {
				t.Fatalf("grid %d, %s: with the skip\n%s\nwithout\n%s", i, kindName(k), a, b)
			}
			h1, ok1, _ := skip.Find(k, &g)
			h2, ok2, _ := full.Find(k, &g)
			if ok1 != ok2 || hintsText([]Hint{h1}) != hintsText([]Hint{h2}) {
				t.Fatalf("grid %d, %s: with the skip %v %s, without %v %s", i, kindName(k), ok1, hintsText([]Hint{h1}), ok2, hintsText([]Hint{h2}))
			}
			if skip.Work() > full.Work() {
				t.Fatalf("grid %d: %d units with the skip, %d without", i, skip.Work(), full.Work())
			}
			if skip.Work() < full.Work() {
				saved++
			}
			compared += len(want)
		}
	}
	t.Logf("%d hints compared, work saved on %d searches", compared, saved)
	if compared == 0 || saved == 0 {
		t.Fatalf("%d hints compared, work saved on %d searches: nothing was tested", compared, saved)
	}
}

// TestPotSetPolarity: a set keeps one polarity: the other one's potential
// of the same candidate is absent from it (its table has one entry per
// candidate), a cleared set takes either, and giving a set both is a
// programming error that panics rather than answering wrong.
func TestPotSetPolarity(t *testing.T) {
	var s potSet
	on, off := mkPot(40, 5, true), mkPot(40, 5, false)
	s.put(on, 7)
	if !s.has(on) || s.get(on) != 7 || s.has(off) || s.get(off) != -1 {
		t.Fatalf("on set: has(on) %v get(on) %d has(off) %v get(off) %d", s.has(on), s.get(on), s.has(off), s.get(off))
	}
	s.clear()
	s.putNew(off, 3)
	if !s.has(off) || s.get(off) != 3 || s.has(on) || s.get(on) != -1 || s.node(0) != 3 {
		t.Fatalf("off set after clear: has(off) %v get(off) %d has(on) %v get(on) %d", s.has(off), s.get(off), s.has(on), s.get(on))
	}
	var o potSet
	o.copyFrom(&s)
	if !o.has(off) || o.has(on) {
		t.Fatal("a copy lost the polarity")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("an off set took an on potential")
		}
	}()
	s.put(on, 4)
}

// TestSpreadSetsSwapped: a spread reads its two sets by candidate, so it
// refuses an "off" set given as its "on" set (or the reverse) instead of
// reading one as the other.
func TestSpreadSetsSwapped(t *testing.T) {
	var on, off potSet
	on.put(mkPot(0, 1, true), 0)
	c := newChainer(kindConfig(DynamicChains), &Chains{})
	defer func() {
		if recover() == nil {
			t.Fatal("a spread took an \"on\" set as its \"off\" one")
		}
	}()
	c.spread(&off, &on)
}
