package slitherlink_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/slitherlink"
)

const sgtFileR = "data/slitherlink/slitherlink_sgt_dev.tsv"

var levelOf = map[string]int{"Easy": 1, "Normal": 2, "Tricky": 3, "Hard": 4}

type sgtRec struct {
	id, sol string
	level   int
	p       *slitherlink.Puzzle
}

func loadSgt(tb testing.TB) []sgtRec {
	var out []sgtRec
	for _, l := range shared.LinesOrSample(tb, sgtFileR) {
		f := strings.Split(l, "\t")
		out = append(out, sgtRec{id: f[0], sol: f[1], level: levelOf[f[6]], p: mustLoopy(tb, f[0])})
	}
	return out
}

// TestTathamLevels: every Tatham dev puzzle rates exactly the level his
// generator made it at.
func TestTathamLevels(t *testing.T) {
	bad := 0
	conf := map[[2]int]int{}
	for _, r := range loadSgt(t) {
		rt := slitherlink.RateSolved(r.p, r.sol, false)
		conf[[2]int{r.level, rt.Rank}]++
		if rt.Rank != r.level {
			bad++
			if bad <= 10 {
				t.Errorf("%s: rank %d, Tatham's level %d (%v) %v", r.id, rt.Rank, r.level, rt.Profile, rt.Err)
			}
		}
	}
	t.Logf("level,rank counts: %v", conf)
}

func mustLoopy(tb testing.TB, id string) *slitherlink.Puzzle {
	tb.Helper()
	p, err := slitherlink.ParseLoopy(id)
	if err != nil {
		tb.Fatalf("%s: %v", id, err)
	}
	return p
}

// TestRateTatham: Rate (solve, then the ladder) gives the published
// solution and Tatham's level on the committed sample (the whole dev file
// beside ../shared is TestTathamLevels').
func TestRateTatham(t *testing.T) {
	for i, r := range loadSgt(t) {
		if i%13 != 0 {
			continue
		}
		rt := r.p.Rate(false)
		if rt.Status != engine.Unique || rt.Solution != r.sol || rt.Rank != r.level {
			t.Fatalf("%s: %v %q rank %d, want unique %q rank %d", r.id, rt.Status, rt.Solution, rt.Rank, r.sol, r.level)
		}
	}
}

// TestJankoTathamGrades: on real puzzles too, levels 1-4 are Tatham's:
// each Janko dev puzzle (the committed sample without ../shared) rates
// the level Tatham's own solver graded it at (testdata, made with a
// driver around loopy.c), and above 4 exactly where his solver gives up.
func TestJankoTathamGrades(t *testing.T) {
	f, err := os.Open("testdata/tatham_janko_grades.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	grade := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		id, g, ok := strings.Cut(sc.Text(), "\t")
		if !ok || strings.HasPrefix(id, "#") {
			continue
		}
		n, err := strconv.Atoi(g)
		if err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		grade[id] = n
	}
	if len(grade) != 691 {
		t.Fatalf("%d grades, want 691", len(grade))
	}
	checked := 0
	for _, j := range loadJanko(t) {
		g, ok := grade[j.id]
		if !ok {
			t.Fatalf("%s: no grade", j.id)
		}
		rt := j.p.Rate(false)
		if g > 0 && rt.Rank != g || g < 0 && rt.Rank < 5 {
			t.Errorf("%s: rank %d, Tatham's grade %d (-1: beyond his Hard)", j.id, rt.Rank, g)
		}
		checked++
	}
	t.Logf("%d puzzles checked", checked)
}
