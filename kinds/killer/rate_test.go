package killer_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/killer"
)

// tathamLevel is the ladder level of each of Solo's level names.
var tathamLevel = map[string]int{
	"Trivial": killer.LevelTrivial, "Basic": killer.LevelBasic, "Intermediate": killer.LevelIntermediate,
	"Advanced": killer.LevelAdvanced, "Extreme": killer.LevelExtreme, "Unreasonable": killer.LevelUnreasonable,
}

type sgtLine struct{ id, solution, size, level string }

func sgtLines(tb testing.TB) []sgtLine {
	tb.Helper()
	var out []sgtLine
	for _, l := range shared.LinesOrSample(tb, "data/killer/killer_sgt_dev.tsv") {
		f := strings.Split(l, "\t")
		if len(f) < 7 {
			tb.Fatalf("sgt line with %d fields: %.60s", len(f), l)
		}
		out = append(out, sgtLine{id: f[0], solution: f[1], size: f[3], level: f[4]})
	}
	return out
}

func mustParse(tb testing.TB, text string) *killer.Puzzle {
	tb.Helper()
	p, err := killer.Parse(text)
	if err != nil {
		tb.Fatalf("Parse(%.60q): %v", text, err)
	}
	return p
}

// TestTathamLevels: every puzzle Tatham's Solo made at a level (9x9 and
// 6x6, six levels) rates exactly that level, with his solution.
func TestTathamLevels(t *testing.T) {
	lines := sgtLines(t)
	got := map[string]int{}
	for _, l := range lines {
		p := mustParse(t, l.id)
		rt := p.Rate(false)
		if rt.Status != engine.Unique || rt.Solution != l.solution {
			t.Errorf("%.40s: %v %v", l.id, rt.Status, rt.Err)
			continue
		}
		if want := tathamLevel[l.level]; rt.Rank != want {
			t.Errorf("%s %s %.50s: rank %d, want %d (%s)", l.size, l.level, l.id, rt.Rank, want, engine.ProfileString(rt.Profile))
			continue
		}
		got[l.size+" "+l.level]++
	}
	t.Logf("%d puzzles, each at its level: %v", len(lines), got)
}

// checkSteps replays a rating's steps: every placement is the solution's
// digit, no elimination removes it, every region named resolves, and the
// placements fill the grid.
func checkSteps(t *testing.T, name string, p *killer.Puzzle, rt engine.Rating) {
	t.Helper()
	placed := 0
	for _, g := range p.Given {
		if g != 0 {
			placed++
		}
	}
	for i, st := range rt.Steps {
		where := fmt.Sprintf("%s step %d (%s)", name, i+1, st.Technique)
		if st.Sentence == "" || st.Level < 1 {
			t.Fatalf("%s: no sentence or level: %+v", where, st)
		}
		for _, m := range st.Place {
			if want := int(rt.Solution[m.Cell] - '0'); m.Value != want {
				t.Fatalf("%s: places %d in %s, the solution has %d: %s", where, m.Value, engine.CellName(m.Cell, p.N), want, st.Sentence)
			}
			placed++
		}
		for _, m := range st.Eliminate {
			if want := int(rt.Solution[m.Cell] - '0'); m.Value == want {
				t.Fatalf("%s: removes the solution's %d from %s: %s", where, m.Value, engine.CellName(m.Cell, p.N), st.Sentence)
			}
		}
		if len(st.Place)+len(st.Eliminate) == 0 && st.Technique != "split" {
			t.Fatalf("%s: no marks: %s", where, st.Sentence)
		}
		if c := st.Contradiction; c != "" {
			if _, ok := killer.StepRegion(p, c); !ok && !strings.HasPrefix(c, "r") {
				t.Fatalf("%s: contradiction at %q, neither a region nor a cell", where, c)
			}
		}
		for _, h := range append(append(append([]string(nil), st.Houses...), st.Base...), st.Cover...) {
			if _, ok := killer.StepRegion(p, h); !ok {
				t.Fatalf("%s: region %q does not resolve", where, h)
			}
		}
	}
	if placed != p.N*p.N {
		t.Fatalf("%s: the steps place %d digits of %d", name, placed, p.N*p.N)
	}
}

// TestRateSteps: on a sample of every level, the steps are sound,
// complete and name regions the viewer draws; the rank is the highest
// step level and the profile counts the steps.
func TestRateSteps(t *testing.T) {
	seen := map[string]int{}
	for _, l := range sgtLines(t) {
		key := l.size + l.level
		if seen[key] >= 2 {
			continue
		}
		seen[key]++
		p := mustParse(t, l.id)
		rt := p.Rate(true)
		checkSteps(t, l.id, p, rt)
		top, counts := 0, map[string]int{}
		for _, st := range rt.Steps {
			top = max(top, st.Level)
			counts[st.Technique]++
		}
		if top != rt.Rank {
			t.Errorf("%.40s: steps reach level %d, rank %d", l.id, top, rt.Rank)
		}
		for _, c := range rt.Profile {
			if counts[c.ID] != c.N {
				t.Errorf("%.40s: profile %s=%d, %d steps", l.id, c.ID, c.N, counts[c.ID])
			}
		}
		if plain := p.Rate(false); plain.Rank != rt.Rank || plain.Score != rt.Score || len(plain.Steps) != 0 {
			t.Errorf("%.40s: without steps rank %d score %g (%d steps), with %d %g", l.id, plain.Rank, plain.Score, len(plain.Steps), rt.Rank, rt.Score)
		}
	}
}

// TestRateSymmetry: the rank is the same on every image of a puzzle under
// the grid's symmetries.
func TestRateSymmetry(t *testing.T) {
	seen := map[string]int{}
	for _, l := range sgtLines(t) {
		if seen[l.size+l.level] >= 2 {
			continue
		}
		seen[l.size+l.level]++
		p := mustParse(t, l.id)
		want := p.Rate(false)
		for s := 1; s < p.Symmetries(); s++ {
			q := p.Transform(s)
			got := q.Rate(false)
			if got.Rank != want.Rank || got.Solution != p.TransformSolution(s, want.Solution) {
				t.Errorf("%.40s image %d: rank %d, want %d", l.id, s, got.Rank, want.Rank)
			}
		}
	}
}

// sudokuKiller is a Sudoku as a killer: each row one cage of 45, with
// givens. Every digit relabelling keeps its sums.
const sudokuKiller = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"

func rowCages(givens string) *killer.Puzzle {
	p := &killer.Puzzle{N: 9, BoxW: 3, BoxH: 3, Given: make([]int8, 81), Cage: make([]int16, 81)}
	for i := range 81 {
		p.Given[i] = int8(givens[i] - '0')
		p.Cage[i] = int16(i / 9)
	}
	for range 9 {
		p.Sums = append(p.Sums, 45)
	}
	return p
}

// TestRateRelabel: relabelling the digits where the sums allow it (a
// Sudoku given as row cages: every relabelling) keeps the rank, the
// profile and the score; and the rating is the same under symmetry.
func TestRateRelabel(t *testing.T) {
	p := rowCages(sudokuKiller)
	want := p.Rate(true)
	if want.Status != engine.Unique {
		t.Fatalf("row-cage Sudoku: %v", want.Status)
	}
	checkSteps(t, "row-cage Sudoku", p, want)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		sigma := append([]int{0}, rng.Perm(9)...)
		for i := 1; i <= 9; i++ {
			sigma[i]++
		}
		if !p.Relabels(sigma) {
			t.Fatalf("sigma %v refused on row cages", sigma)
		}
		got := p.Relabel(sigma).Rate(false)
		if got.Rank != want.Rank || got.Solution != killer.RelabelSolution(sigma, want.Solution) {
			t.Errorf("relabelled by %v: rank %d, want %d", sigma, got.Rank, want.Rank)
		}
	}
}

// TestRateStatus: only a unique puzzle gets a rank.
func TestRateStatus(t *testing.T) {
	// Two solutions: a 4x4 whose cages are its rows, no givens.
	p := &killer.Puzzle{N: 4, BoxW: 2, BoxH: 2, Given: make([]int8, 16), Cage: make([]int16, 16), Sums: []int{10, 10, 10, 10}}
	for i := range 16 {
		p.Cage[i] = int16(i / 4)
	}
	if rt := p.Rate(true); rt.Status != engine.Multiple || rt.Rank != 0 || len(rt.Steps) != 0 {
		t.Errorf("multiple: %v rank %d", rt.Status, rt.Rank)
	}
	// No solution: a given repeated in a row.
	p.Given[0], p.Given[1] = 1, 1
	if rt := p.Rate(true); rt.Status != engine.None || rt.Rank != 0 {
		t.Errorf("none: %v rank %d", rt.Status, rt.Rank)
	}
}

// TestRateShapeRefused: a puzzle the state cannot hold is refused with a
// reason, never a crash.
func TestRateShapeRefused(t *testing.T) {
	p := &killer.Puzzle{N: 16, BoxW: 4, BoxH: 4}
	if _, ok := killer.StepRegion(p, "row 1"); ok {
		t.Error("StepRegion resolved a row of a 16x16")
	}
}
