package kind_test

import (
	"bufio"
	"errors"
	"strings"
	"testing"

	"pencilbox/data/sample"
	"pencilbox/engine"
	"pencilbox/kinds/sudoku/kind"
)

// TestERWithinRankRange rates the sample library's Sudoku of ranks 1-7 on
// both scales and wants every ER within the span the explainer's
// RankRange gives its star rank: the bounds generate refuses targets
// with must never refuse a puzzle that exists.
func TestERWithinRankRange(t *testing.T) {
	b := kind.Bundle{}
	k := b.Kind()
	sr := b.SecondRater()
	rr, ok := sr.(engine.SecondRankRange)
	if !ok {
		t.Fatal("the explainer's rater has no RankRange")
	}
	seen := map[int]int{}
	for _, name := range []string{"sudoku_qqwing_simple.txt", "sudoku_qqwing_easy.txt", "sudoku_qqwing_intermediate.txt",
		"sudoku_17_clue.txt", "sudoku_17_clue_ranks5to7.txt"} {
		f, err := sample.FS.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			p, err := k.Parse(line)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			r := p.Rate(false)
			if r.Rank < 1 || r.Rank > 7 {
				continue
			}
			s := sr.RateSecond(p, false)
			if !s.Rated() {
				continue
			}
			lo, hi, ok := rr.RankRange(r.Rank)
			if !ok {
				t.Fatalf("rank %d: no range", r.Rank)
			}
			if s.Values[0] < lo || s.Values[0] > hi {
				t.Errorf("%s %s: rank %d, ER %.1f outside %.1f-%.1f", name, line, r.Rank, s.Values[0], lo, hi)
			}
			seen[r.Rank]++
		}
		f.Close()
	}
	for rank := 1; rank <= 5; rank++ {
		if seen[rank] == 0 {
			t.Errorf("no sample puzzle of rank %d was checked (%v)", rank, seen)
		}
	}
	t.Logf("puzzles checked per rank: %v", seen)
}

// TestSecondTargetRefused: a rank and an ER range that cannot meet are
// refused with the ranks' spans; ones that can, or cannot be ruled out,
// pass.
func TestSecondTargetRefused(t *testing.T) {
	b := kind.Bundle{}
	k, sr := b.Kind(), b.SecondRater()
	for _, c := range []struct {
		min, max int
		lo, hi   float64
		want     string // "" = allowed
	}{
		{1, 1, 9, 0, "rank 1 from 1.0 to 2.3"},
		{1, 2, 2.4, 0, "rank 2 from 1.0 to 2.3"},
		{3, 3, 1, 1.5, "rank 3 from 1.7 to 2.8"},
		{6, 6, 6, 0, "rank 6 from 1.7 to 5.4"},
		{1, 1, 2, 0, ""},
		{1, 3, 2.5, 0, ""},
		{7, 7, 9, 0, ""},
		{0, 0, 11.5, 0, ""},
		{0, 0, 99, 0, "the scale's ratings run from"},
	} {
		err := engine.CheckSecondTarget(k, sr, c.min, c.max, c.lo, c.hi, "ER")
		switch {
		case c.want == "" && err != nil:
			t.Errorf("rank %d-%d ER %g-%g: refused: %v", c.min, c.max, c.lo, c.hi, err)
		case c.want != "" && (err == nil || !errors.Is(err, engine.ErrImpossible) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("rank %d-%d ER %g-%g: got %v, want ErrImpossible saying %q", c.min, c.max, c.lo, c.hi, err, c.want)
		}
	}
}
