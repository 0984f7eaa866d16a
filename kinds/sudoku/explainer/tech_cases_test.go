package explainer

import (
	"fmt"
	"strings"
	"testing"
)

// Hand-made positions: a grid with every candidate open, shaped by a few
// operations, then one hinter's first hint checked.

func fullGrid() Grid {
	var g Grid
	for c := range g.Cand {
		g.Cand[c] = 0x1ff
	}
	return g
}

// cellOf reads "r3c7".
func cellOf(s string) int { return int(s[1]-'1')*9 + int(s[3]-'1') }

// op shapes a grid: "r1c5=5" places, "r1c1:12" keeps only those
// candidates, "-5:r2c1,r2c2" removes 5 from the cells, "-5:row1!r1c1,r1c5"
// removes 5 from a house but the listed cells (house: row1, col3, box2),
// "~12:r1c1,r1c4" leaves digits 1 and 2 only in the listed cells.
func apply(g *Grid, op string) {
	switch {
	case strings.Contains(op, "="):
		g.Place(cellOf(op), int(op[5]-'0'))
	case op[0] == '~':
		// "~12:r1c1,r1c4": digits 1 and 2 only in these cells.
		i := strings.Index(op, ":")
		keep := map[int]bool{}
		for _, c := range strings.Split(op[i+1:], ",") {
			keep[cellOf(c)] = true
		}
		for c := 0; c < 81; c++ {
			if !keep[c] {
				for _, d := range op[1:i] {
					g.Eliminate(c, int(d-'0'))
				}
			}
		}
	case op[0] == 'r':
		var m uint16
		for _, d := range op[5:] {
			m |= 1 << (d - '1')
		}
		g.Cand[cellOf(op)] = m
	case op[0] == '-':
		d := int(op[1] - '0')
		spec := op[3:]
		if i := strings.Index(spec, "!"); i >= 0 {
			keep := map[int]bool{}
			for _, c := range strings.Split(spec[i+1:], ",") {
				keep[cellOf(c)] = true
			}
			n := int(spec[i-1] - '1')
			h := map[string]int{"row": n, "col": 9 + n, "box": 18 + n}[spec[:i-1]]
			for _, c := range houses[h] {
				if !keep[int(c)] {
					g.Eliminate(int(c), d)
				}
			}
			return
		}
		for _, c := range strings.Split(spec, ",") {
			g.Eliminate(cellOf(c), d)
		}
	}
}

func markText(cell, d int) string { return fmt.Sprintf("%s-%d", cellName(cell), d) }

func TestTechniquesOnHandMadePositions(t *testing.T) {
	cases := []struct {
		name   string
		hinter Hinter
		ops    []string
		tech   string // "" when no hint is expected
		diff   string
		place  string   // "r2c5=5"
		elim   []string // "r2c1-5", all must be among the eliminations
	}{
		{"hidden single in a box", HinterFunc(hiddenSingles), []string{"-5:box1!r2c2"}, "Hidden Single", "1.2", "r2c2=5", nil},
		{"hidden single in a row", HinterFunc(hiddenSingles), []string{"-5:row1!r1c5"}, "Hidden Single", "1.5", "r1c5=5", nil},
		{"last empty cell", HinterFunc(hiddenSingles), []string{"r1c1=1", "r1c2=2", "r1c3=3", "r1c4=4", "r1c5=5", "r1c6=6", "r1c7=7", "r1c8=8"}, "Hidden Single", "1.0", "r1c9=9", nil},
		{"naked single", HinterFunc(nakedSingles), []string{"r5c5:7"}, "Naked Single", "2.3", "r5c5=7", nil},
		{"direct pointing places, eliminates nothing", HinterFunc(directLocking), []string{"-5:box1!r1c1,r1c2,r1c3", "-5:box2!r1c4,r2c5"}, "Direct Pointing", "1.7", "r2c5=5", nil},
		{"pointing", HinterFunc(locking), []string{"-5:box1!r1c1,r1c2,r1c3"}, "Pointing", "2.6", "", []string{"r1c4-5", "r1c9-5"}},
		{"claiming", HinterFunc(locking), []string{"-5:row4!r4c1,r4c2"}, "Claiming", "2.8", "", []string{"r5c1-5", "r6c3-5"}},
		{"direct hidden pair", directHidden(2), []string{"-1:row1!r1c1,r1c2", "-2:row1!r1c1,r1c2", "-3:row1!r1c1,r1c2,r1c3"}, "Direct Hidden Pair", "2.0", "r1c3=3", nil},
		{"naked pair", nakedSet(2), []string{"r1c1:12", "r1c2:12"}, "Naked Pair", "3.0", "", []string{"r2c1-1", "r3c3-2"}},
		{"X-Wing on 5, columns 3 and 8", fish(2), []string{"-5:col3!r2c3,r7c3", "-5:col8!r2c8,r7c8"}, "X-Wing", "3.2", "", []string{"r2c1-5", "r2c9-5", "r7c5-5"}},
		{"XY-Wing", wing(false), []string{"r1c1:12", "r1c5:13", "r5c1:23"}, "XY-Wing", "4.2", "", []string{"r5c5-3"}},
		{"XYZ-Wing", wing(true), []string{"r1c1:123", "r1c2:13", "r2c1:23"}, "XYZ-Wing", "4.4", "", []string{"r1c3-3", "r3c1-3"}},
		{"unique rectangle type 1", HinterFunc(uniqueLoops), []string{"r1c1:12", "r1c4:12", "r2c1:12", "r2c4:125"}, "Unique Rectangle type 1", "4.5", "", []string{"r2c4-1", "r2c4-2"}},
		{"unique loop of 6, type 1", HinterFunc(uniqueLoops), []string{"~12:r1c1,r1c4,r2c4,r2c7,r3c7,r3c1", "r1c1:12", "r1c4:12", "r2c4:12", "r2c7:12", "r3c7:12", "r3c1:125"}, "Unique Loop 6 type 1", "4.6", "", []string{"r3c1-1", "r3c1-2"}},
		{"unique rectangle type 4", HinterFunc(uniqueLoops), []string{"r1c1:12", "r1c4:12", "r2c1:123", "r2c4:124", "-1:row2!r2c1,r2c4"}, "Unique Rectangle type 4", "4.5", "", []string{"r2c1-2", "r2c4-2"}},
		{"aligned pair exclusion", alignedExclusion(2), []string{"r1c1:123", "r1c2:123", "r1c5:12", "r1c6:13"}, "Aligned Pair Exclusion", "6.2", "", []string{"r1c1-1", "r1c2-1"}},
		// serate looks for a hidden pair only in houses with more than 4
		// empty cells: with 4 it is the naked pair of the other two cells.
		{"no hidden pair among 4 empty cells", hiddenSet(2), []string{"r1c5=5", "r1c6=6", "r1c7=7", "r1c8=8", "r1c9=9", "-1:r1c3,r1c4", "-2:r1c3,r1c4"}, "", "", "", nil},
		{"but the naked pair", nakedSet(2), []string{"r1c5=5", "r1c6=6", "r1c7=7", "r1c8=8", "r1c9=9", "-1:r1c3,r1c4", "-2:r1c3,r1c4"}, "Naked Pair", "3.0", "", []string{"r1c1-3", "r1c2-4"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := fullGrid()
			for _, op := range tc.ops {
				apply(&g, op)
			}
			hs := hintsOf(&g, tc.hinter)
			if tc.tech == "" {
				if len(hs) > 0 {
					t.Fatalf("found %s: %s", hs[0].Technique, hs[0].Step.Sentence)
				}
				return
			}
			if len(hs) == 0 {
				t.Fatal("no hint")
			}
			h := hs[0]
			if h.Technique != tc.tech || FormatRating(h.Difficulty) != tc.diff {
				t.Fatalf("first hint %s %s, want %s %s (%s)", h.Technique, FormatRating(h.Difficulty), tc.tech, tc.diff, h.Step.Sentence)
			}
			if h.Step.Sentence == "" {
				t.Error("no sentence")
			}
			var place []string
			for _, m := range h.Place {
				place = append(place, fmt.Sprintf("%s=%d", cellName(m.Cell), m.Value))
			}
			if strings.Join(place, " ") != tc.place {
				t.Errorf("places %v, want %q", place, tc.place)
			}
			got := map[string]bool{}
			for _, m := range h.Eliminate {
				got[markText(m.Cell, m.Value)] = true
			}
			for _, e := range tc.elim {
				if !got[e] {
					t.Errorf("%s not eliminated; got %v (%s)", e, h.Eliminate, h.Step.Sentence)
				}
			}
		})
	}
}
