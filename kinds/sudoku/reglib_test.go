package sudoku_test

import (
	"strings"
	"testing"

	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
)

// reglibTechnique maps the HoDoKu regression codes of the ladder's first six
// levels to our technique ids.
var reglibTechnique = map[string]string{
	"0000": "sbit", // full house: a naked single
	"0002": "ubit",
	"0003": "sbit",
	"0100": "intersection", "0101": "intersection",
	"0200": "e2", "0201": "e3", "0202": "e4",
	"0210": "x2", "0211": "x3", "0212": "x4",
}

// TestHoDoKuRegLib: from each case's pencil-mark state, our technique of
// that level finds the expected eliminations and placements. A technique
// reports one application at a time, so it is applied until it finds no
// more and the union of what it did must contain what HoDoKu expects.
func TestHoDoKuRegLib(t *testing.T) {
	pass, total := 0, 0
	for _, l := range shared.LinesOrSample(t, "data/sudoku/hodoku/reglib-1.3.txt") {
		f := strings.Split(l, ":")
		if len(f) < 8 {
			continue
		}
		id, ok := reglibTechnique[f[1]]
		if !ok {
			continue
		}
		total++
		cs, err := reglibState(f[3], f[4])
		if err != nil {
			t.Errorf("%s: %v", l, err)
			continue
		}
		done := map[string]bool{}
		for range 200 {
			st, found, _, err := sudoku.ApplyTechnique(&cs, id)
			if err != nil {
				t.Fatal(err)
			}
			if !found {
				break
			}
			for _, m := range st.Eliminate {
				done["e"+drc(m.Value, m.Cell)] = true
			}
			for _, m := range st.Place {
				done["p"+drc(m.Value, m.Cell)] = true
			}
		}
		missing := []string{}
		for _, e := range strings.Fields(f[5]) {
			if !done["e"+e] {
				missing = append(missing, "eliminate "+e)
			}
		}
		for _, p := range strings.Fields(f[6]) {
			if !done["p"+p] {
				missing = append(missing, "place "+p)
			}
		}
		if len(missing) > 0 {
			t.Errorf("%s (%s): missing %v", l, id, missing)
			continue
		}
		pass++
	}
	t.Logf("HoDoKu reglib: %d of %d cases of levels 1-6 pass", pass, total)
	if total == 0 {
		t.Fatal("no reglib cases read")
	}
}

// drc writes a candidate as HoDoKu does: digit, row, column.
func drc(d, cell int) string {
	return string([]byte{byte('0' + d), byte('1' + cell/9), byte('1' + cell%9)})
}

// reglibState builds the candidate state of a case: givens and "+" placed
// digits are settled, then the deleted candidates are removed.
func reglibState(grid, deleted string) (sudoku.Candidates, error) {
	var g sudoku.Grid
	n := 0
	for i := 0; i < len(grid) && n < 81; i++ {
		b := grid[i]
		if b == '+' {
			continue
		}
		if b >= '1' && b <= '9' {
			g[n] = b - '0'
		}
		n++
	}
	cs, err := sudoku.Start(&g)
	if err != nil {
		return cs, err
	}
	for _, e := range strings.Fields(deleted) {
		d, r, c := int(e[0]-'0'), int(e[1]-'1'), int(e[2]-'1')
		cs[r*9+c] &^= 1 << (d - 1)
	}
	return cs, nil
}
