package slitherlink_test

import (
	"strconv"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/slitherlink"
)

const (
	jankoFile = "data/slitherlink/slitherlink_janko_dev_691.txt"
	sgtFile   = "data/slitherlink/slitherlink_sgt_dev.tsv"
)

// janko is one puzzle of the Janko block file with its published solution
// in the solver's notation ('1' inside, rows joined by '/').
type janko struct {
	id       string
	p        *slitherlink.Puzzle
	solution string
}

// loadJanko reads the block file (or its committed sample): begin, puzzle,
// id, rows, cols, problem and its rows, solution and its rows, end.
func loadJanko(tb testing.TB) []janko {
	tb.Helper()
	lines := shared.LinesOrSample(tb, jankoFile)
	var out []janko
	for i := 0; i < len(lines); i++ {
		if lines[i] != "begin" {
			continue
		}
		var cur janko
		var rows, cols int
		var grid []string
		var sol []string
		for i++; i < len(lines) && lines[i] != "end"; i++ {
			f := strings.Fields(lines[i])
			switch f[0] {
			case "id":
				cur.id = f[1]
			case "rows":
				rows, _ = strconv.Atoi(f[1])
			case "cols":
				cols, _ = strconv.Atoi(f[1])
			case "problem":
				grid = lines[i+1 : i+1+rows]
				i += rows
			case "solution":
				for _, l := range lines[i+1 : i+1+rows] {
					s := strings.NewReplacer(" ", "", "x", "1", "-", "0").Replace(l)
					sol = append(sol, s)
				}
				i += rows
			}
		}
		p, err := slitherlink.ParseGrid(strings.Join(grid, "\n"))
		if err != nil {
			tb.Fatalf("%s: %v", cur.id, err)
		}
		if p.W != cols || p.H != rows {
			tb.Fatalf("%s: %dx%d read, header says %dx%d", cur.id, p.W, p.H, cols, rows)
		}
		cur.p = p
		cur.solution = strings.Join(sol, "/")
		out = append(out, cur)
	}
	if len(out) == 0 {
		tb.Fatal("no puzzles read")
	}
	return out
}

// TestJankoSolutions: every Janko puzzle is unique and its published
// solution is ours (the whole dev file beside ../shared, else the
// committed sample).
func TestJankoSolutions(t *testing.T) {
	for _, j := range loadJanko(t) {
		if err := slitherlink.CheckSolution(j.p, j.solution); err != nil {
			t.Errorf("%s: the published solution: %v", j.id, err)
		}
		r := j.p.Solve()
		if r.Status != engine.Unique {
			t.Errorf("%s: status %v (%v), want unique", j.id, r.Status, r.Err)
			continue
		}
		if r.Solution != j.solution {
			t.Errorf("%s: solution differs from the published one", j.id)
		}
	}
}

// TestTathamSolutions: every Loopy puzzle of the Tatham file is unique with
// its published solution.
func TestTathamSolutions(t *testing.T) {
	for _, l := range shared.LinesOrSample(t, sgtFile) {
		f := strings.Split(l, "\t")
		if len(f) < 2 {
			t.Fatalf("line with %d fields: %.60s", len(f), l)
		}
		p, err := slitherlink.ParseLoopy(f[0])
		if err != nil {
			t.Errorf("%s: %v", f[0], err)
			continue
		}
		r := p.Solve()
		if r.Status != engine.Unique || r.Solution != f[1] {
			t.Errorf("%s: %v %q, want unique %q", f[0], r.Status, r.Solution, f[1])
		}
	}
}
