package explainer_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
)

// stepCase is one line of testdata/chain_steps.tsv: a chaining producer
// applied again and again from a puzzle's givens, and the hint serate's
// producer takes at one step.
type stepCase struct {
	line   int
	kind   explainer.ChainKind
	puzzle string
	step   int
	want   string // "difficulty<TAB>technique<TAB>effect"
}

func readSteps(t *testing.T) []stepCase {
	t.Helper()
	f, err := os.Open("testdata/chain_steps.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []stepCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if strings.HasPrefix(l, "#") || l == "" {
			continue
		}
		fs := strings.SplitN(l, "\t", 4)
		if len(fs) != 4 {
			t.Fatalf("chain_steps.tsv:%d: want 4 fields or more", n)
		}
		k, err1 := strconv.Atoi(fs[0])
		s, err2 := strconv.Atoi(fs[2])
		if err1 != nil || err2 != nil {
			t.Fatalf("chain_steps.tsv:%d: bad kind or step", n)
		}
		cs = append(cs, stepCase{n, explainer.ChainKind(k), fs[1], s, fs[3]})
	}
	return cs
}

// effect prints a hint's eliminations as serate's producer lists them (a
// placement's cell losing its other candidates) and its placement.
func effect(g *explainer.Grid, h *explainer.Hint) string {
	marks := append([]engine.Mark(nil), h.Eliminate...)
	for _, p := range h.Place {
		for d := 1; d <= 9; d++ {
			if d != p.Value && g.Cand[p.Cell]&(1<<(d-1)) != 0 {
				marks = append(marks, engine.Mark{Cell: p.Cell, Value: d})
			}
		}
	}
	sort.Slice(marks, func(i, j int) bool {
		if marks[i].Cell != marks[j].Cell {
			return marks[i].Cell < marks[j].Cell
		}
		return marks[i].Value < marks[j].Value
	})
	var sb strings.Builder
	for i, m := range marks {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "r%dc%d-%d", m.Cell/9+1, m.Cell%9+1, m.Value)
	}
	for _, p := range h.Place {
		fmt.Fprintf(&sb, " place r%dc%d=%d", p.Cell/9+1, p.Cell%9+1, p.Value)
	}
	return sb.String()
}

// TestChainStepsAgreeWithSerate steps each chaining producer from the
// givens of dev puzzles and checks every hint (difficulty, name,
// eliminations) against serate's producer, and that each hint's links draw
// connected chains.
func TestChainStepsAgreeWithSerate(t *testing.T) {
	cases := readSteps(t)
	type key struct {
		kind   explainer.ChainKind
		puzzle string
	}
	byRun := map[key][]stepCase{}
	var order []key
	for _, c := range cases {
		k := key{c.kind, c.puzzle}
		if _, ok := byRun[k]; !ok {
			order = append(order, k)
		}
		byRun[k] = append(byRun[k], c)
	}
	var cs explainer.Chains
	innerSeen := 0
	for _, k := range order {
		p, err := sudoku.ParseLine(k.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		g := explainer.NewGrid(&p)
		want := byRun[k]
		for step := 0; step <= want[len(want)-1].step; step++ {
			h, ok, err := cs.Find(k.kind, &g)
			if err != nil || !ok {
				t.Fatalf("kind %d %s step %d: no hint (%v)", k.kind, k.puzzle, step, err)
			}
			got := fmt.Sprintf("%s\t%s\t%s", explainer.FormatRating(h.Difficulty), h.Technique, effect(&g, &h))
			for _, w := range want {
				if w.step == step && w.want != got {
					t.Errorf("chain_steps.tsv:%d: got %q, serate %q", w.line, got, w.want)
				}
			}
			if innerLinks(&h) > 0 {
				innerSeen++
			}
			if msg := linksConnected(&h); msg != "" {
				t.Errorf("kind %d %s step %d %s: %s", k.kind, k.puzzle, step, h.Technique, msg)
			}
			explainer.Apply(&g, &h)
		}
	}
	if innerSeen == 0 {
		t.Error("no nested hint drew an inner chain")
	}
}

// linksConnected checks that each chain of a hint's step is drawn as links
// in order: every link starts at the chain's assumption or at a candidate
// an earlier link of the same chain reached, and the chain ends at its
// conclusion (the To of its last link).
func linksConnected(h *explainer.Hint) string {
	links := h.Step.Links
	if len(links) == 0 {
		return "no links"
	}
	type cand struct {
		m  engine.Mark
		on bool
	}
	reached := map[int]map[cand]bool{}
	start := map[int]cand{}
	inner := 0
	for i, l := range links {
		if l.Parent != 0 {
			// an inner chain's link names the outer link it supports, which
			// comes before it and ends at a candidate the inner chain removes
			if l.Parent > i || links[l.Parent-1].ToOn {
				return fmt.Sprintf("link %d: parent %d is not an earlier link to a removal", i, l.Parent)
			}
			inner++
			continue
		}
		r := reached[l.Chain]
		if r == nil {
			r = map[cand]bool{}
			reached[l.Chain] = r
			start[l.Chain] = cand{l.From, l.FromOn}
			r[start[l.Chain]] = true
		}
		from := cand{l.From, l.FromOn}
		if !r[from] {
			return fmt.Sprintf("link %d of chain %d starts at r%dc%d %d (on %v), not reached before", i, l.Chain,
				l.From.Cell/9+1, l.From.Cell%9+1, l.From.Value, l.FromOn)
		}
		if l.Strong != (!l.FromOn && l.ToOn) {
			return fmt.Sprintf("link %d: strong is %v for on %v to on %v", i, l.Strong, l.FromOn, l.ToOn)
		}
		r[cand{l.To, l.ToOn}] = true
	}
	if inner > 0 && !strings.Contains(h.Technique, "(+ ") {
		return fmt.Sprintf("%d inner links in a %s", inner, h.Technique)
	}
	return ""
}

// innerLinks counts the links of a step's inner chains.
func innerLinks(h *explainer.Hint) int {
	n := 0
	for _, l := range h.Step.Links {
		if l.Parent != 0 {
			n++
		}
	}
	return n
}

// TestChainWorkLimit: a nested search stopped by its work limit reports
// engine.ErrWorkLimit and no hint; with room it finds serate's hint.
func TestChainWorkLimit(t *testing.T) {
	p, err := sudoku.ParseLine("........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.")
	if err != nil {
		t.Fatal(err)
	}
	g := explainer.NewGrid(&p)
	cs := explainer.Chains{Limit: 100_000}
	h, ok, err := cs.Find(explainer.NestedChains3, &g)
	if !errors.Is(err, engine.ErrWorkLimit) || ok || h.Technique != "" {
		t.Fatalf("limit 100000: got %v, %v, %q; want the work limit", ok, err, h.Technique)
	}
	if cs.Work() <= 100_000 {
		t.Errorf("work %d, want past the limit", cs.Work())
	}
	cs.Limit = 0
	h, ok, err = cs.Find(explainer.NestedChains3, &g)
	if err != nil || !ok || explainer.FormatRating(h.Difficulty) != "10.7" {
		t.Fatalf("no limit: got %v, %v, %s %s; want 10.7", ok, err, explainer.FormatRating(h.Difficulty), h.Technique)
	}
}
