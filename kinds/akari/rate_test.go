package akari_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

// TestTathamLevels: Tatham's Easy is levels 1-2 and Tricky adds discount
// sets (level 3), so his Easy puzzles rate at most 2 and Tricky at most 3.
func TestTathamLevels(t *testing.T) {
	recs := append(loadJanko(t), loadBank(t)...)
	maxRank := map[string]int{"0": 2, "1": 3}
	n := map[string]int{}
	for _, rc := range recs {
		want, ok := maxRank[rc.sgtDiff]
		if !ok {
			continue
		}
		n[rc.sgtDiff]++
		p := mustParse(t, rc.tatham)
		r := p.Rate(false)
		if r.Rank > want {
			t.Errorf("%s: Tatham difficulty %s, rank %d > %d (profile %s)", rc.id, rc.sgtDiff, r.Rank, want, engine.ProfileString(r.Profile))
		}
	}
	t.Logf("checked %d Easy and %d Tricky puzzles", n["0"], n["1"])
}

// TestSymmetries: the 8 images of a few hundred puzzles keep the status,
// the rank and the canonical form, and their solutions are the images of
// the solution.
func TestSymmetries(t *testing.T) {
	recs := append(loadJanko(t), loadBank(t)...)
	step := max(1, len(recs)/300) // a plain clone's sample has fewer than 300
	rank5 := 0
	for i, rc := range recs {
		searched := rc.nodes != "" && rc.nodes != "1" // the rank-5 ones
		if i%step != 0 && !searched {
			continue
		}
		p := mustParse(t, rc.tatham)
		if p.W*p.H > 40*40 && !searched {
			continue // the big ones are covered by TestCollections
		}
		base := p.Rate(false)
		if base.Rank == 5 {
			rank5++
		}
		canon := p.Canonical()
		for s := 1; s < 8; s++ {
			q := p.Transform(s)
			r := q.Rate(false)
			if r.Status != base.Status || r.Rank != base.Rank {
				t.Errorf("%s image %d: status %v rank %d, want %v rank %d", rc.id, s, r.Status, r.Rank, base.Status, base.Rank)
			}
			if r.Solution != p.TransformSolution(s, base.Solution) {
				t.Errorf("%s image %d: solution is not the image of the solution", rc.id, s)
			}
			if c := q.Canonical(); c != canon {
				t.Errorf("%s image %d: canonical %q, want %q", rc.id, s, c, canon)
			}
		}
	}
	if rank5 == 0 {
		t.Error("no rank-5 puzzle among the images checked")
	}
}

// TestReplay: the step log of puzzles of every rank replays to the solution,
// each step marks at least one cell, names its technique and has a sentence.
func TestReplay(t *testing.T) {
	recs := append(loadJanko(t), loadBank(t)...)
	seen := map[int]int{}
	for _, rc := range recs {
		p := mustParse(t, rc.tatham)
		if p.W*p.H > 30*30 {
			continue
		}
		r := p.Rate(true)
		if seen[r.Rank] >= 20 {
			continue
		}
		seen[r.Rank]++
		states, err := akari.Replay(p, r.Steps)
		if err != nil {
			t.Fatalf("%s: %v", rc.id, err)
		}
		if len(states) != len(r.Steps)+1 {
			t.Fatalf("%s: %d states for %d steps", rc.id, len(states), len(r.Steps))
		}
		last := states[len(states)-1]
		for i, ch := range last.Cells {
			want := rc.solution[i]
			got := byte('.')
			switch {
			case ch == 'L':
				got = 'L'
			case ch != 'x' && ch != '.':
				got = '#'
			case ch == '.':
				t.Fatalf("%s: %s undecided after the last step", rc.id, engine.CellName(i, p.W))
			}
			if got != want {
				t.Fatalf("%s: replay ends with %c at %s, solution has %c", rc.id, got, engine.CellName(i, p.W), want)
			}
			if (ch == 'L' || ch == 'x') && !last.Lit[i] {
				t.Fatalf("%s: %s unlit at the end", rc.id, engine.CellName(i, p.W))
			}
		}
		levels := map[int]bool{}
		for i, s := range r.Steps {
			if len(s.Place) == 0 || s.Sentence == "" || s.Technique == "" {
				t.Fatalf("%s step %d: empty step %+v", rc.id, i+1, s)
			}
			levels[s.Level] = true
			if s.Level >= 4 && (s.Assumption == "" || s.Contradiction == "") {
				t.Fatalf("%s step %d: level %d without assumption or contradiction: %+v", rc.id, i+1, s.Level, s)
			}
			for _, c := range s.Pattern {
				if c < 0 || c >= p.W*p.H {
					t.Fatalf("%s step %d: pattern cell %d off the grid", rc.id, i+1, c)
				}
			}
		}
		if len(r.Steps) > 0 && !levels[r.Rank] {
			t.Errorf("%s: rank %d but no step of that level", rc.id, r.Rank)
		}
	}
	for k := 1; k <= 5; k++ {
		if seen[k] == 0 {
			t.Logf("no replayed puzzle of rank %d", k)
		}
	}
}

func TestStepSentences(t *testing.T) {
	// The pzprjs test puzzle: a 4 in the middle gets its four lights.
	p := mustParse(t, "6x6:h4g2b0g1h")
	r := p.Rate(true)
	if r.Status != engine.Unique {
		t.Fatalf("status %v", r.Status)
	}
	want := "The 4 at r2c3 needs 4 more lights and has exactly 4 free neighbours, so r1c3, r2c2, r2c4 and r3c3 each get a light."
	found := false
	for _, s := range r.Steps {
		t.Log(s.Technique, ": ", s.Sentence)
		if s.Sentence == want {
			found = true
		}
	}
	if !found {
		t.Errorf("no step says %q", want)
	}
}
