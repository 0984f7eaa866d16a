package slitherlink_test

import (
	"strconv"
	"strings"
	"testing"

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

// parseLoopyT reads a square-grid Loopy ID (test helper).
func parseLoopyT(tb testing.TB, id string) *slitherlink.Puzzle {
	tb.Helper()
	head, desc, _ := strings.Cut(id, ":")
	x := strings.Index(head, "x")
	tp := strings.Index(head, "t")
	w, _ := strconv.Atoi(head[:x])
	h, _ := strconv.Atoi(head[x+1 : tp])
	var clues []int8
	for _, ch := range desc {
		switch {
		case ch >= '0' && ch <= '9':
			clues = append(clues, int8(ch-'0'))
		case ch >= 'a' && ch <= 'z':
			for k := 0; k <= int(ch-'a'); k++ {
				clues = append(clues, slitherlink.NoClue)
			}
		}
	}
	if len(clues) != w*h {
		tb.Fatalf("%s: %d clues", id, len(clues))
	}
	return &slitherlink.Puzzle{W: w, H: h, Clue: clues}
}

func loadSgt(tb testing.TB) []sgtRec {
	var out []sgtRec
	for _, l := range shared.LinesOrSample(tb, sgtFileR) {
		f := strings.Split(l, "\t")
		out = append(out, sgtRec{id: f[0], sol: f[1], level: levelOf[f[6]], p: parseLoopyT(tb, f[0])})
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
