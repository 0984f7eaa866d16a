package explainer_test

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
)

// serateStep is one applied hint of serate's path (its --after='%r%t%s'
// output): the difficulty and the hint's text, which starts with the
// technique's name.
type serateStep struct{ rating, text string }

// readSeratePaths reads serate's output for --format='%g%t...' with
// --after='%r%t%s': each puzzle's steps, then the puzzle's line.
func readSeratePaths(t *testing.T, path string) (puzzles []string, paths [][]serateStep) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cur []serateStep
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.SplitN(l, "\t", 2)
		if len(f[0]) >= 81 {
			puzzles = append(puzzles, f[0])
			paths = append(paths, cur)
			cur = nil
			continue
		}
		if len(f) != 2 {
			t.Fatalf("%s: bad line %q", path, l)
		}
		cur = append(cur, serateStep{f[0], f[1]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return puzzles, paths
}

func stepName(text string) string {
	if i := strings.Index(text, ": "); i >= 0 {
		return text[:i]
	}
	return text
}

// comparePaths follows serate's path step by step: each of our hints
// must be serate's (same technique, difficulty and cell named first) until
// serate applies a technique we have no hinter for.
func comparePaths(t *testing.T, puzzles []string, paths [][]serateStep) (steps, agreed int) {
	tally := map[string]int{}
	defer func() {
		var names []string
		for n := range tally {
			names = append(names, n)
		}
		sort.Strings(names)
		var sb strings.Builder
		for _, n := range names {
			fmt.Fprintf(&sb, "%s %d, ", n, tally[n])
		}
		t.Logf("steps equal by technique: %s", sb.String())
	}()
	for i, p := range puzzles {
		g, err := sudoku.ParseLine(p)
		if err != nil {
			t.Fatal(err)
		}
		s := explainer.NewGrid(&g)
		c := explainer.Context{Steps: true, Limit: explainer.DefaultWorkLimit}
		for k, st := range paths[i] {
			name := stepName(st.text)
			if !knownPrinted(name) {
				// A technique we have no hinter for yet: apply serate's
				// conclusion when its text states it, and go on.
				cell, d, on, ok := chainEffect(st.text)
				if !ok {
					break
				}
				if on {
					s.Place(cell, d)
				} else {
					s.Eliminate(cell, d)
				}
				continue
			}
			steps++
			h, ok := explainer.Next(&s, &c)
			if !ok {
				t.Errorf("%s step %d: serate %s %q, ours none", p, k+1, st.rating, st.text)
				break
			}
			if printedName(h.Technique) != name || explainer.FormatRating(h.Difficulty) != st.rating || !sameTarget(&h, st.text) {
				t.Errorf("%s step %d: serate %s %q, ours %s %s %q", p, k+1, st.rating, st.text, explainer.FormatRating(h.Difficulty), h.Technique, h.Step.Sentence)
				break
			}
			agreed++
			tally[h.Technique]++
			explainer.Apply(&s, &h)
		}
	}
	return steps, agreed
}

// printedName is a hint's name as serate's step text (the hint's toString)
// prints it: the multiple and dynamic chains' text names the chain's shape
// only ("Cell Forcing Chains", "Contradiction Forcing Chain"), without the
// producer's "Dynamic " prefix or nesting suffix that the hint's name (and
// serate's %R column) carries.
func printedName(technique string) string {
	t := strings.TrimPrefix(technique, "Dynamic ")
	if i := strings.Index(t, " Chains ("); i >= 0 {
		t = t[:i+len(" Chains")]
	}
	switch t {
	case "Contradiction Forcing Chains", "Double Forcing Chains", "Nishio Forcing Chains":
		return strings.TrimSuffix(t, "s")
	}
	return t
}

// knownPrinted reports whether a name of serate's step text is the printed
// name of a technique some registered hinter produces.
func knownPrinted(name string) bool {
	if explainer.Known(name) {
		return true
	}
	for _, t := range []string{"Contradiction Forcing Chains", "Double Forcing Chains", "Nishio Forcing Chains",
		"Dynamic Contradiction Forcing Chains", "Dynamic Double Forcing Chains"} {
		if printedName(t) == name && explainer.Known(t) {
			return true
		}
	}
	return false
}

var (
	cellToken = regexp.MustCompile(`r[1-9]c[1-9]`)
	potToken  = regexp.MustCompile(`r([1-9])c([1-9])\.([1-9]) (on|off)`)
)

// chainEffect reads what a chain hint of serate concludes from its text:
// a contradiction ("A ==> B both on & off") refutes its assumption A;
// otherwise the text ends with the conclusion ("==> r4c8.2 off"). Cycles
// name no conclusion (ok false).
func chainEffect(text string) (cell, d int, on, ok bool) {
	ms := potToken.FindAllStringSubmatch(text, -1)
	if len(ms) == 0 {
		return 0, 0, false, false
	}
	m := ms[len(ms)-1]
	contra := strings.Contains(text, "both on & off")
	if contra {
		m = ms[0]
	} else if !strings.HasSuffix(text, m[0]) {
		return 0, 0, false, false
	}
	cell = int(m[1][0]-'1')*9 + int(m[2][0]-'1')
	d = int(m[3][0] - '0')
	on = m[4] == "on"
	if contra {
		on = !on
	}
	return cell, d, on, true
}

// sameTarget: every cell serate's text names is a cell of our pattern or
// our placement (serate names the pattern's cells, or the placed cell).
func sameTarget(h *explainer.Hint, text string) bool {
	ours := map[string]bool{}
	for _, c := range h.Step.Pattern {
		ours[engine.CellName(c, 9)] = true
	}
	for _, m := range h.Place {
		ours[engine.CellName(m.Cell, 9)] = true
	}
	for _, tok := range cellToken.FindAllString(text, -1) {
		if !ours[tok] {
			return false
		}
	}
	return true
}

// TestSeratePaths compares our path with serate's on the committed paths
// (serate's own step output for a sample of hard puzzles): every step up to
// serate's first chain must be the same hint.
func TestSeratePaths(t *testing.T) {
	puzzles, paths := readSeratePaths(t, "testdata/serate_paths.txt")
	steps, agreed := comparePaths(t, puzzles, paths)
	t.Logf("%d puzzles: %d of %d steps equal serate's", len(puzzles), agreed, steps)
	if steps == 0 {
		t.Fatal("no step compared")
	}
}

// TestSeratePathsFile does the same on a file named by
// PENCILBOX_SERATE_PATHS (made by running serate with --after='%r%t%s').
func TestSeratePathsFile(t *testing.T) {
	path := os.Getenv("PENCILBOX_SERATE_PATHS")
	if path == "" {
		t.Skip("set PENCILBOX_SERATE_PATHS to a serate path output to compare")
	}
	puzzles, paths := readSeratePaths(t, path)
	steps, agreed := comparePaths(t, puzzles, paths)
	t.Logf("%d puzzles: %d of %d steps equal serate's", len(puzzles), agreed, steps)
}
