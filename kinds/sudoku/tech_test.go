package sudoku_test

import (
	"testing"

	"pencilbox/kinds/sudoku"
)

func full() sudoku.Candidates {
	var cs sudoku.Candidates
	for i := range cs {
		cs[i] = 0x1FF
	}
	return cs
}

func bits(ds ...int) uint16 {
	var m uint16
	for _, d := range ds {
		m |= 1 << (d - 1)
	}
	return m
}

// exhaust applies a technique until it finds nothing more.
func exhaust(t *testing.T, cs *sudoku.Candidates, id string) string {
	t.Helper()
	for range 100 {
		_, found, contra, err := sudoku.ApplyTechnique(cs, id)
		if err != nil {
			t.Fatal(err)
		}
		if contra != "" {
			return contra
		}
		if !found {
			return ""
		}
	}
	t.Fatalf("%s never stops", id)
	return ""
}

// The specification's examples, on hand-made candidate states.
func TestTechniquesHandMade(t *testing.T) {
	t.Run("E(3) in a row", func(t *testing.T) {
		cs := full()
		cs[0], cs[4], cs[8] = bits(1, 2), bits(2, 3), bits(1, 3) // r1c1, r1c5, r1c9
		if c := exhaust(t, &cs, "e3"); c != "" {
			t.Fatalf("contradiction %s", c)
		}
		for c := 1; c < 8; c++ {
			if c != 4 && cs[c]&bits(1, 2, 3) != 0 {
				t.Errorf("r1c%d keeps a digit of the enclosure: %09b", c+1, cs[c])
			}
		}
		if cs[0] != bits(1, 2) || cs[4] != bits(2, 3) {
			t.Error("the enclosure's own cells lost candidates")
		}
	})
	t.Run("X(3) over three digits", func(t *testing.T) {
		cs := full()
		for c := 0; c < 9; c++ {
			if c != 1 && c != 4 && c != 7 {
				cs[9+c] &^= bits(7, 8, 9) // row 2: 7, 8, 9 only in r2c2, r2c5, r2c8
			}
		}
		if c := exhaust(t, &cs, "x3"); c != "" {
			t.Fatalf("contradiction %s", c)
		}
		for _, c := range []int{10, 13, 16} {
			if cs[c] != bits(7, 8, 9) {
				t.Errorf("cell %d keeps %09b, want only 7, 8, 9", c, cs[c])
			}
		}
	})
	t.Run("InterSection pointing", func(t *testing.T) {
		cs := full()
		for _, c := range []int{9, 10, 11, 18, 19, 20} { // box 1 rows 2-3
			cs[c] &^= bits(4)
		}
		exhaust(t, &cs, "intersection")
		for c := 3; c < 9; c++ {
			if cs[c]&bits(4) != 0 {
				t.Errorf("r1c%d keeps 4", c+1)
			}
		}
	})
	t.Run("InterSection claiming", func(t *testing.T) {
		cs := full()
		for c := 3; c < 9; c++ { // row 1 outside box 1
			cs[c] &^= bits(6)
		}
		exhaust(t, &cs, "intersection")
		for _, c := range []int{9, 10, 11, 18, 19, 20} {
			if cs[c]&bits(6) != 0 {
				t.Errorf("cell %d keeps 6", c)
			}
		}
	})
	t.Run("InterSection contradiction: digit in neither C nor B", func(t *testing.T) {
		cs := full()
		for c := 0; c < 9; c++ {
			cs[c] &^= bits(5) // no place for 5 in row 1
		}
		if c := exhaust(t, &cs, "intersection"); c == "" {
			t.Error("no contradiction reported")
		}
	})
	t.Run("E(2) contradiction: three cells, two digits", func(t *testing.T) {
		cs := full()
		cs[0], cs[1], cs[2] = bits(1, 2), bits(1, 2), bits(1, 2)
		if c := exhaust(t, &cs, "e2"); c == "" {
			t.Error("no contradiction reported")
		}
	})
}
