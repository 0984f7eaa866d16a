package explainer

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"pencilbox/engine"

	"pencilbox/internal/shared"
)

// all collects every hint a hinter offers.
type all struct{ hints []Hint }

func (a *all) Add(h Hint) bool { a.hints = append(a.hints, h); return true }

// hintsOf runs one hinter on g and returns all its hints.
func hintsOf(g *Grid, h Hinter) []Hint {
	var a all
	c := Context{Steps: true, Limit: DefaultWorkLimit}
	h.Hints(g, &c, &a)
	return a.hints
}

// reglibHinter maps HoDoKu regression codes to our hinters for the
// techniques both programs have with the same meaning.
var reglibHinter = map[string]Hinter{
	"0100": HinterFunc(locking), "0101": HinterFunc(locking),
	"0200": nakedSet(2), "0201": nakedSet(3), "0202": nakedSet(4),
	"0210": hiddenSet(2), "0211": hiddenSet(3), "0212": hiddenSet(4),
	"0300": fish(2), "0301": fish(3), "0302": fish(4),
	"0600-1": HinterFunc(uniqueLoops), "0601-1": HinterFunc(uniqueLoops),
	"0602-1": HinterFunc(uniqueLoops), "0603-1": HinterFunc(uniqueLoops),
	"0610": HinterFunc(bug),
	"0800": wing(false), "0801": wing(true),
}

// reglibGrid builds a case's candidate state: givens and "+" placed digits
// settled, then the listed candidates deleted.
func reglibGrid(givens, deleted string) (Grid, error) {
	var g Grid
	for c := range g.Cand {
		g.Cand[c] = 0x1ff
	}
	n := 0
	for i := 0; i < len(givens) && n < 81; i++ {
		b := givens[i]
		if b == '+' {
			continue
		}
		if b >= '1' && b <= '9' {
			if g.Cand[n]&(1<<(b-'1')) == 0 {
				return g, fmt.Errorf("%s holds %c, which a peer holds", cellName(n), b)
			}
			g.Place(n, int(b-'0'))
		}
		n++
	}
	if n != 81 {
		return g, fmt.Errorf("givens hold %d cells", n)
	}
	for _, e := range strings.Fields(deleted) {
		if len(e) != 3 {
			return g, fmt.Errorf("bad candidate %q", e)
		}
		g.Eliminate(int(e[1]-'1')*9+int(e[2]-'1'), int(e[0]-'0'))
	}
	return g, nil
}

func drc(m engine.Mark) string {
	return string([]byte{byte('0' + m.Value), byte('1' + m.Cell/9), byte('1' + m.Cell%9)})
}

// runReglib checks each case: the union of all hints our hinter finds
// holds every elimination and placement HoDoKu expects. It returns the
// failing lines.
func runReglib(t *testing.T, lines []string) (pass, total int, failed []string) {
	for _, l := range lines {
		f := strings.Split(l, ":")
		if len(f) < 8 {
			continue
		}
		h, ok := reglibHinter[f[1]]
		if !ok {
			continue
		}
		total++
		g, err := reglibGrid(f[3], f[4])
		if err != nil {
			t.Errorf("%s: %v", l, err)
			continue
		}
		done := map[string]bool{}
		for _, hint := range hintsOf(&g, h) {
			for _, m := range hint.Eliminate {
				done["e"+drc(m)] = true
			}
			for _, m := range hint.Place {
				done["p"+drc(m)] = true
			}
			if len(hint.Eliminate) == 0 && len(hint.Place) == 0 {
				t.Errorf("%s: %s hint changes nothing", l, hint.Technique)
			}
		}
		ok = true
		for _, e := range strings.Fields(f[5]) {
			ok = ok && done["e"+e]
		}
		for _, p := range strings.Fields(f[6]) {
			ok = ok && done["p"+p]
		}
		if ok {
			pass++
		} else {
			failed = append(failed, l)
		}
	}
	return pass, total, failed
}

// TestReglibCommitted: HoDoKu's regression cases copied to testdata (the
// techniques SE and HoDoKu define alike) all give HoDoKu's eliminations.
func TestReglibCommitted(t *testing.T) {
	f, err := os.Open("testdata/reglib_cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); strings.HasPrefix(l, ":") {
			lines = append(lines, l)
		}
	}
	pass, total, failed := runReglib(t, lines)
	for _, l := range failed {
		t.Errorf("expected eliminations not found: %s", l)
	}
	if total < 50 {
		t.Fatalf("only %d cases read", total)
	}
	t.Logf("%d of %d reglib cases pass", pass, total)
}

// reglibSharedFailures is how many cases of each code of the shared
// reglib may fail, as docs/EXPLAINER.md records: 10 naked triplets, 1
// hidden pair, 14 hidden triplets and 8 hidden quads sit in houses with
// too few empty cells for serate's rule (with the rule lifted every one
// passes). Every other case
// of the codes reglibHinter maps must pass.
var reglibSharedFailures = map[string]int{"0201": 10, "0210": 1, "0211": 14, "0212": 8}

// TestReglibShared runs every reglib case of the shared library for the
// codes we map, logs the pass counts per code and fails on more failures
// than reglibSharedFailures allows (needs ../shared; TestReglibCommitted
// runs 108 of them in a plain clone).
func TestReglibShared(t *testing.T) {
	lines := shared.Lines(t, "data/sudoku/hodoku/reglib-1.3.txt")
	by := map[string][]string{}
	for _, l := range lines {
		if f := strings.Split(l, ":"); len(f) >= 8 {
			by[f[1]] = append(by[f[1]], l)
		}
	}
	var codes []string
	for c := range reglibHinter {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	for _, c := range codes {
		pass, total, failed := runReglib(t, by[c])
		t.Logf("%s: %d of %d", c, pass, total)
		if total == 0 {
			t.Errorf("%s: no case in the shared reglib", c)
		}
		if len(failed) > reglibSharedFailures[c] {
			for _, l := range failed {
				t.Logf("  fails: %s", l)
			}
			t.Errorf("%s: %d of %d cases fail, at most %d may (serate's empty-cell rule)", c, len(failed), total, reglibSharedFailures[c])
		}
	}
}
