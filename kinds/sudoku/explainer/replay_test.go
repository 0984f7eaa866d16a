package explainer_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/explainer"
)

// TestStepsReplay: every step log the explainer writes for the sample
// replays from the givens to the solution, never removes a solution digit
// nor places a wrong one, and every step has a sentence.
func TestStepsReplay(t *testing.T) {
	n := 0
	for _, r := range readSample(t) {
		if missing(r) != "" {
			continue
		}
		g, err := sudoku.ParseLine(r.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		_, sol := sudoku.Solve(&g)
		got := explainer.Rate(&g, explainer.Options{Steps: true})
		if got.Err != nil {
			t.Errorf("%s: %v", r.puzzle, got.Err)
			continue
		}
		states, err := sudoku.Replay(&g, got.Steps)
		if err != nil {
			t.Errorf("%s: replay: %v", r.puzzle, err)
			continue
		}
		if final := states[len(states)-1].Grid(); final != sol {
			t.Errorf("%s: replay ends at %s, not the solution", r.puzzle, final.String())
		}
		for i, st := range got.Steps {
			if st.Sentence == "" {
				t.Errorf("%s: step %d (%s) has no sentence", r.puzzle, i+1, st.Technique)
			}
			if c := strangeCell(&st); c != "" {
				t.Errorf("%s: step %d (%s) names %s, which is not in its drawing: %q", r.puzzle, i+1, st.Technique, c, st.Sentence)
			}
			for _, e := range st.Eliminate {
				if int(sol[e.Cell]) == e.Value {
					t.Errorf("%s: step %d (%s) removes the solution's %d from %s", r.puzzle, i+1, st.Technique, e.Value, engine.CellName(e.Cell, 9))
				}
			}
			for _, p := range st.Place {
				if int(sol[p.Cell]) != p.Value {
					t.Errorf("%s: step %d (%s) places %d in %s", r.puzzle, i+1, st.Technique, p.Value, engine.CellName(p.Cell, 9))
				}
			}
		}
		n++
	}
	t.Logf("%d step logs replayed", n)
	if n == 0 {
		t.Fatal("no puzzle rated")
	}
}

// strangeCell returns the first cell a step's sentence names that is not
// among the cells it draws or changes ("" when there is none): the sentence
// and the drawing must speak of the same grid (Rate maps both back from the
// canonical image).
func strangeCell(st *engine.Step) string {
	ours := map[string]bool{}
	add := func(cs ...int) {
		for _, c := range cs {
			ours[engine.CellName(c, 9)] = true
		}
	}
	add(st.Pattern...)
	add(st.Pivots...)
	add(st.Pincers...)
	add(st.Corners...)
	for _, m := range append(append([]engine.Mark(nil), st.Place...), st.Eliminate...) {
		add(m.Cell)
	}
	for _, l := range st.Links {
		add(l.From.Cell, l.To.Cell)
	}
	for _, tok := range cellToken.FindAllString(st.Sentence, -1) {
		if !ours[tok] {
			return tok
		}
	}
	return ""
}
