package killer_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/killer"
)

// TestRateJanko: every Janko killer (../shared's 486, or the committed
// sample) rates with Solve's status and solution; a unique one gets a
// rank and steps that are sound, complete and name regions the viewer
// draws (one-cell cages and givens included).
func TestRateJanko(t *testing.T) {
	ranks := map[int]int{}
	for _, r := range loadJanko(t) {
		p, err := killer.ParseJanko(r.n, r.problem)
		if err != nil {
			t.Fatalf("%s: %v", r.id, err)
		}
		rt := p.Rate(true)
		res := p.Solve()
		if rt.Status != res.Status || rt.Solution != res.Solution || rt.Err != nil {
			t.Errorf("%s: rated %v %v, solved %v", r.id, rt.Status, rt.Err, res.Status)
			continue
		}
		if rt.Status != engine.Unique {
			if rt.Rank != 0 {
				t.Errorf("%s: %v with rank %d", r.id, rt.Status, rt.Rank)
			}
			continue
		}
		checkSteps(t, r.id, p, rt)
		ranks[rt.Rank]++
	}
	t.Logf("ranks: %v", ranks)
}
