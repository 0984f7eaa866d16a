package explainer_test

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
)

// reglibGrid builds the pencil marks of a HoDoKu test case: its givens and
// placed digits ('+'), then the listed candidates removed.
func reglibGrid(givens, deleted string) (explainer.Grid, error) {
	plain := strings.ReplaceAll(givens, "+", "")
	p, err := sudoku.ParseLine(plain)
	if err != nil {
		return explainer.Grid{}, err
	}
	g := explainer.NewGrid(&p)
	for _, c := range strings.Fields(deleted) {
		if len(c) != 3 {
			return g, fmt.Errorf("candidate %q", c)
		}
		d, r, col := int(c[0]-'0'), int(c[1]-'1'), int(c[2]-'1')
		g.Eliminate(r*9+col, d)
	}
	return g, nil
}

// TestReglibChains: for HoDoKu's X-chain, XY-chain, nice loop and
// single-digit chain cases, every elimination HoDoKu expects is among the
// eliminations of the forcing chains and cycles serate's producer finds
// (SE reaches each of them by a forcing chain or a cycle of the same links).
func TestReglibChains(t *testing.T) {
	f, err := os.Open("testdata/reglib_chains.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs explainer.Chains
	sc := bufio.NewScanner(f)
	cases := 0
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if strings.HasPrefix(l, "#") {
			continue
		}
		fs := strings.Split(l, ":")
		if len(fs) < 8 {
			t.Fatalf("reglib_chains.txt:%d: %d fields", n, len(fs))
		}
		g, err := reglibGrid(fs[3], fs[4])
		if err != nil {
			t.Fatalf("reglib_chains.txt:%d: %v", n, err)
		}
		hs, err := cs.All(explainer.ForcingChainsCycles, &g)
		if err != nil {
			t.Fatalf("reglib_chains.txt:%d: %v", n, err)
		}
		var found [81]uint16
		for _, h := range hs {
			for _, m := range h.Eliminate {
				found[m.Cell] |= 1 << (m.Value - 1)
			}
			for _, p := range h.Place {
				found[p.Cell] |= g.Cand[p.Cell] &^ (1 << (p.Value - 1))
			}
		}
		for _, e := range strings.Fields(fs[5]) {
			d, r, c := int(e[0]-'0'), int(e[1]-'1'), int(e[2]-'1')
			if found[r*9+c]&(1<<(d-1)) == 0 {
				t.Errorf("reglib_chains.txt:%d (%s): r%dc%d-%d not found", n, fs[1], r+1, c+1, d)
			}
		}
		for _, e := range strings.Fields(fs[6]) {
			d, r, c := int(e[0]-'0'), int(e[1]-'1'), int(e[2]-'1')
			if found[r*9+c] != g.Cand[r*9+c]&^(1<<(d-1)) {
				t.Errorf("reglib_chains.txt:%d (%s): placement r%dc%d=%d not found", n, fs[1], r+1, c+1, d)
			}
		}
		cases++
	}
	if cases < 100 {
		t.Fatalf("only %d cases read", cases)
	}
}
