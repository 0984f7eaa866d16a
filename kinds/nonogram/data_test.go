package nonogram_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"pencilbox/internal/shared"
	"pencilbox/kinds/nonogram"
)

// jankoRecord is one block of the Janko collection: its id, puzzle and
// published solution in the kind's notation.
type jankoRecord struct {
	id       string
	p        *nonogram.Puzzle
	solution string
}

// loadJanko reads the block file of ../shared/data/nonogram (or its
// committed sample): rows, cols, problem (column clues then row clues),
// solution rows of x and -.
func loadJanko(tb testing.TB) []jankoRecord {
	tb.Helper()
	lines := shared.LinesOrSample(tb, "data/nonogram/nonogram_janko_dev_1402.txt")
	var out []jankoRecord
	var id string
	var w, h int
	var clues [][]int
	var sol []string
	mode := ""
	for n, l := range lines {
		f := strings.Fields(l)
		switch {
		case len(f) == 0:
		case f[0] == "begin":
			id, w, h, clues, sol, mode = "", 0, 0, nil, nil, ""
		case f[0] == "id" && len(f) == 2:
			id = f[1]
		case f[0] == "rows" && len(f) == 2:
			h, _ = strconv.Atoi(f[1])
		case f[0] == "cols" && len(f) == 2:
			w, _ = strconv.Atoi(f[1])
		case f[0] == "problem" || f[0] == "solution":
			mode = f[0]
		case f[0] == "end":
			if len(clues) != w+h {
				tb.Fatalf("line %d: %s: %d clues for %dx%d", n+1, id, len(clues), w, h)
			}
			p, err := nonogram.New(w, h, clues[w:], clues[:w])
			if err != nil {
				tb.Fatalf("%s: %v", id, err)
			}
			out = append(out, jankoRecord{id: id, p: p, solution: strings.Join(sol, "/")})
		case mode == "problem":
			c, err := nonogram.ParseRuns(l)
			if err != nil {
				tb.Fatalf("line %d: %s: %v", n+1, id, err)
			}
			clues = append(clues, c)
		case mode == "solution":
			row := strings.NewReplacer(" ", "", "x", "1", "-", "0").Replace(l)
			sol = append(sol, row)
		}
	}
	return out
}

// sharedLines is shared.LinesOrSample.
func sharedLines(tb testing.TB, rel string) []string {
	tb.Helper()
	return shared.LinesOrSample(tb, rel)
}

// sharedLinesAt reads the non-blank, non-comment lines of a committed
// file of the package.
func sharedLinesAt(tb testing.TB, path string) []string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}
