package akari_test

import (
	"strings"
	"testing"
	"time"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

func TestStatusHandMade(t *testing.T) {
	cases := []struct {
		name, text string
		want       engine.Status
		sol        string
	}{
		{"one white cell", "1x1:a", engine.Unique, "L"},
		{"one black cell", "1x1:B", engine.Unique, "#"},
		{"all black", "3x2:BB0BBB", engine.Unique, "######"},
		{"two whites in a row", "2x1:b", engine.Multiple, ""},
		{"empty 2x2", "2x2:d", engine.Multiple, ""},
		{"empty 7x5", "7x5:" + strings.Repeat("a", 35), engine.Multiple, ""},
		{"clue 1 between two lonely cells", "3x1:a1a", engine.None, ""},
		{"0 next to a lonely cell", "2x1:0a", engine.None, ""},
		{"4 in a corner", "2x2:4c", engine.None, ""},
		{"3 with two free neighbours", "3x1:a3a", engine.None, ""},
		{"2s beside lonely cells", "3x3:a2aBaBa2a", engine.None, ""},
		{"a 4 in the middle", "3x3:d4d", engine.Unique, ".L.L#L.L."},
		{"a 1 in the middle: every choice fails", "3x3:d1d", engine.None, ""},
		// Two solutions that differ only deep inside: a 4x4 ring.
		{"ring around a block", "4x4:eBBbBBe", engine.Multiple, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.text)
			r := p.Solve()
			if r.Status != tc.want {
				t.Fatalf("status %v, want %v", r.Status, tc.want)
			}
			if r.Solution != tc.sol {
				t.Errorf("solution %q, want %q", r.Solution, tc.sol)
			}
			rt := p.Rate(true)
			if rt.Status != tc.want {
				t.Errorf("Rate status %v, want %v", rt.Status, tc.want)
			}
			if (rt.Rank > 0) != (tc.want == engine.Unique) {
				t.Errorf("rank %d for status %v", rt.Rank, rt.Status)
			}
		})
	}
}

// TestWorkLimit: a hostile input stops at the work limit with Unknown,
// quickly, instead of running on.
func TestWorkLimit(t *testing.T) {
	p := mustParse(t, strings.Repeat(strings.Repeat(".", 120)+"\n", 120))
	t0 := time.Now()
	r, st := akari.SolveLimit(p, 20_000_000)
	if r.Status != engine.Unknown {
		t.Errorf("status %v, want unknown", r.Status)
	}
	if d := time.Since(t0); d > 5*time.Second {
		t.Errorf("took %v to stop at the limit", d)
	}
	t.Logf("stopped after %d nodes, %d work", st.Nodes, st.Work)
	// The same grid, smaller, is decided within the default limit.
	p = mustParse(t, strings.Repeat(strings.Repeat(".", 40)+"\n", 40))
	if r := p.Solve(); r.Status != engine.Multiple {
		t.Errorf("40x40 empty: %v", r.Status)
	}
}
