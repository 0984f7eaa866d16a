package explainer

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/engine/sudoku"
)

// TestChainDiff prints, for the puzzles of $CHAIN_DIFF (one per line), the
// hints one chaining producer gives step after step, in the form of the
// scratch cross-check against serate's Chaining. Skipped unless asked.
func TestChainDiff(t *testing.T) {
	file := os.Getenv("CHAIN_DIFF")
	if file == "" {
		t.Skip("CHAIN_DIFF not set")
	}
	kind, _ := strconv.Atoi(os.Getenv("CHAIN_KIND"))
	steps, _ := strconv.Atoi(os.Getenv("CHAIN_STEPS"))
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	sc := bufio.NewScanner(f)
	n := 0
	var cs Chains
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if len(line) < 81 {
			continue
		}
		pz, err := sudoku.ParseLine(line[:81])
		if err != nil {
			t.Fatal(err)
		}
		g := NewGrid(&pz)
		for s := 0; s < steps; s++ {
			h, ok, err := cs.Find(ChainKind(kind), &g)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				fmt.Fprintf(out, "%d %d none\n", n, s)
				break
			}
			var el []string
			marks := append(h.Eliminate[:0:0], h.Eliminate...)
			for _, p := range h.Place {
				for m := g.Cand[p.Cell] &^ (1 << (p.Value - 1)); m != 0; m &= m - 1 {
					marks = append(marks, markOf(p.Cell, trailing(m)+1))
				}
			}
			sort.Slice(marks, func(i, j int) bool {
				if marks[i].Cell != marks[j].Cell {
					return marks[i].Cell < marks[j].Cell
				}
				return marks[i].Value < marks[j].Value
			})
			for _, m := range marks {
				el = append(el, fmt.Sprintf(" r%dc%d-%d", m.Cell/9+1, m.Cell%9+1, m.Value))
			}
			place := ""
			for _, p := range h.Place {
				place = fmt.Sprintf(" place r%dc%d=%d", p.Cell/9+1, p.Cell%9+1, p.Value)
			}
			fmt.Fprintf(out, "%d %d %.1f c%d %s |%s%s\n", n, s, h.Difficulty, cplxOf(&cs, ChainKind(kind)), h.Technique, strings.Join(el, ""), place)
			for _, m := range h.Eliminate {
				g.Eliminate(m.Cell, m.Value)
			}
			for _, p := range h.Place {
				g.Place(p.Cell, p.Value)
			}
			if g.Solved() {
				break
			}
		}
		n++
	}
}

func markOf(cell, d int) engine.Mark { return engine.Mark{Cell: cell, Value: d} }

func cplxOf(cs *Chains, k ChainKind) int { return cs.eng[k].snap.cplx }

// TestChainPath prints our path for the puzzle $CHAIN_PATH (scratch
// comparison with serate --after). Skipped unless asked.
func TestChainPath(t *testing.T) {
	pz := os.Getenv("CHAIN_PATH")
	if pz == "" {
		t.Skip("CHAIN_PATH not set")
	}
	g, err := sudoku.ParseLine(pz)
	if err != nil {
		t.Fatal(err)
	}
	r := Rate(&g, Options{Steps: true})
	for i, s := range r.Steps {
		fmt.Printf("%d %.1f %s: %s\n", i+1, float64(s.Level)/10, s.Technique, s.Sentence)
	}
	fmt.Println(r.ER, r.EP, r.ED, r.Err)
}
