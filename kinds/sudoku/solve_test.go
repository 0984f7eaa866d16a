package sudoku_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
)

const (
	// A puzzle from the forum's hardest list with its unique solution.
	hard    = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	hardSol = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
)

func mustParse(t testing.TB, s string) sudoku.Grid {
	t.Helper()
	g, err := sudoku.ParseLine(s)
	if err != nil {
		t.Fatalf("ParseLine(%q): %v", s, err)
	}
	return g
}

// solvers are the three independent solvers; all must agree.
var solvers = []struct {
	name  string
	count func(*sudoku.Grid, int) (int, sudoku.Grid)
}{
	{"fast", func(g *sudoku.Grid, n int) (int, sudoku.Grid) { var s sudoku.Solver; return s.Count(g, n) }},
	{"backtrack", sudoku.BacktrackCount},
	{"table", sudoku.TableCount},
}

func TestStatusHandMade(t *testing.T) {
	solved := mustParse(t, hardSol)
	// r1c9 can only be 9, but r2c9 holds 9: no solution.
	contradictory := "12345678." + strings.Repeat(".", 8) + "9" + strings.Repeat(".", 63)
	cases := []struct {
		name   string
		puzzle string
		want   engine.Status
	}{
		{"solved grid", hardSol, engine.Unique},
		{"hard puzzle", hard, engine.Unique},
		{"empty grid", strings.Repeat(".", 81), engine.Multiple},
		{"one given", "5" + strings.Repeat(".", 80), engine.Multiple},
		{"no place for a digit", contradictory, engine.None},
		{"two equal givens in a box", "1........" + ".1......." + strings.Repeat(".", 63), engine.None},
		{"solution with a deadly rectangle opened", deadly(t, solved), engine.Multiple},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := mustParse(t, tc.puzzle)
			for _, s := range solvers {
				n, sol := s.count(&g, 2)
				got := []engine.Status{engine.None, engine.Unique, engine.Multiple}[n]
				if got != tc.want {
					t.Errorf("%s: status %v, want %v", s.name, got, tc.want)
				}
				if n >= 1 && (!sol.Valid() || !g.Keeps(&sol)) {
					t.Errorf("%s: solution %s breaks the rules or the givens", s.name, sol.String())
				}
			}
		})
	}
}

// deadly empties the four corners of a rectangle holding two digits in a
// valid solution, spanning two boxes: such a puzzle has two solutions.
func deadly(t *testing.T, sol sudoku.Grid) string {
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9; r2++ {
			if r1/3 == r2/3 {
				continue
			}
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if c1/3 != c2/3 {
						continue
					}
					a, b := sol[r1*9+c1], sol[r1*9+c2]
					if sol[r2*9+c1] == b && sol[r2*9+c2] == a {
						g := sol
						g[r1*9+c1], g[r1*9+c2], g[r2*9+c1], g[r2*9+c2] = 0, 0, 0, 0
						return g.String()
					}
				}
			}
		}
	}
	t.Fatal("no deadly rectangle in the solution")
	return ""
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{strings.Repeat(".", 36) + "%" + strings.Repeat(".", 44), "position 37: '%' is not a digit or an empty mark"},
		{strings.Repeat(".", 80), "80 cells, want 81"},
		{strings.Repeat(".", 82), "82 cells, want 81"},
		{"", "0 cells, want 81"},
		{strings.Repeat("1", 40) + "é" + strings.Repeat("1", 39), "position 41: non-ASCII character is not a digit or an empty mark"},
	}
	for _, tc := range cases {
		_, err := sudoku.ParseLine(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseLine(%.20q...) = %v, want %q", tc.in, err, tc.want)
		}
	}
	// Every empty mark, a BOM, CRLF and a trailing comment are accepted.
	in := "\ufeff4..*3.-_....6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9..0..... ER=11.3\r\n"
	g, err := sudoku.ParseLine(in)
	if err != nil || g.String() != hard {
		t.Errorf("ParseLine(real line) = %s, %v; want %s", g.String(), err, hard)
	}
}

func TestConflictNamesTheHouse(t *testing.T) {
	g := mustParse(t, "1...1"+strings.Repeat(".", 76))
	if got, want := g.Conflict(), "row 1 holds 1 twice (r1c1 and r1c5)"; got != want {
		t.Errorf("Conflict() = %q, want %q", got, want)
	}
}

// TestSolversAgree cross-checks the three solvers on real puzzles: a
// sample of collections the reference solvers finish in milliseconds (on a
// 17-clue puzzle the row-major backtrackers take about a minute each).
func TestSolversAgree(t *testing.T) {
	for _, file := range []string{"data/sudoku/hodoku/qqwing_simple.sdm", "data/sudoku/hodoku/qqwing_expert.sdm", "data/sudoku/serg_benchmark_multi.txt"} {
		lines := shared.LinesOrSample(t, file)
		r := rand.New(rand.NewPCG(1, 2))
		for range 25 {
			g := mustParse(t, lines[r.IntN(len(lines))])
			var fast sudoku.Solver
			n0, s0 := fast.Count(&g, 2)
			for _, s := range solvers[1:] {
				n, sol := s.count(&g, 2)
				if n != n0 || (n == 1 && sol != s0) {
					t.Errorf("%s %s: %s says %d solutions, fast says %d", file, g.String(), s.name, n, n0)
				}
			}
		}
	}
}

// TestAll17Clue: every 17-clue puzzle is unique and its solution obeys the
// rules and keeps the givens.
func TestAll17Clue(t *testing.T) {
	var sv sudoku.Solver
	for _, l := range shared.LinesOrSample(t, "data/sudoku/17_clue.txt") {
		g := mustParse(t, l)
		n, sol := sv.Count(&g, 2)
		if n != 1 || !sol.Valid() || !g.Keeps(&sol) {
			t.Fatalf("%s: %d solutions, solution %s", l, n, sol.String())
		}
	}
}

// TestSergMultiple: every puzzle of the benchmark of multi-solution
// puzzles has more than one solution.
func TestSergMultiple(t *testing.T) {
	var sv sudoku.Solver
	for _, l := range shared.LinesOrSample(t, "data/sudoku/serg_benchmark_multi.txt") {
		g := mustParse(t, l)
		if n, _ := sv.Count(&g, 2); n != 2 {
			t.Fatalf("%s: %d solutions, want several", l, n)
		}
	}
}

// TestCountsAgree checks counting beyond two against the candidate-table
// solver: holes punched at random in a solution grid leave from one to
// hundreds of solutions, and both solvers must count the same up to the
// limit and find the same first solution when there is only one.
func TestCountsAgree(t *testing.T) {
	sol := mustParse(t, hardSol)
	r := rand.New(rand.NewPCG(3, 4))
	seen := map[int]bool{}
	for trial := range 200 {
		g := sol
		for _, c := range r.Perm(81)[:40+trial%22] {
			g[c] = 0
		}
		var fast sudoku.Solver
		n0, s0 := fast.Count(&g, 500)
		n1, s1 := sudoku.TableCount(&g, 500)
		if n0 != n1 || (n0 == 1 && s0 != s1) {
			t.Fatalf("%s: fast counts %d, table counts %d", g.String(), n0, n1)
		}
		seen[min(n0, 3)] = true
	}
	if !seen[1] || !seen[2] || !seen[3] {
		t.Errorf("the trials did not cover one, two and many solutions: %v", seen)
	}
}

// TestCountDoesNotAllocate: a Solver reused across puzzles allocates
// nothing, however many nodes the search visits.
func TestCountDoesNotAllocate(t *testing.T) {
	g := mustParse(t, hard)
	empty := mustParse(t, strings.Repeat(".", 81))
	var sv sudoku.Solver
	allocs := testing.AllocsPerRun(20, func() {
		sv.Count(&g, 2)
		sv.Count(&empty, 2)
	})
	if allocs != 0 {
		t.Errorf("Count allocated %.1f times per run", allocs)
	}
	if sv.Count(&g, 2); sv.Nodes < 2 {
		t.Errorf("the hard puzzle took %d nodes: it no longer exercises the search", sv.Nodes)
	}
}
