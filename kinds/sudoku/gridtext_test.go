package sudoku_test

import (
	"strings"
	"testing"

	"pencilbox/kinds/akari"
	"pencilbox/kinds/sudoku"
)

// TestKindReadsGrid: a grid of 9 lines pasted as one puzzle (a .ss or
// .sdk file's body, a forum post, a hand-typed grid) is claimed and read
// as the same puzzle as its 81-character line; a grid with a row too
// many or too few or a cell missing is claimed, and Parse says which row
// is wrong; a letter or words are not claimed.
func TestKindReadsGrid(t *testing.T) {
	const line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	rows := make([]string, 9)
	for r := range rows {
		rows[r] = line[r*9 : r*9+9]
	}
	// boxed writes the rows as Simple Sudoku's .ss does: | between boxes,
	// ---+---+--- between bands.
	boxed := func(sep string) string {
		var b strings.Builder
		for r, row := range rows {
			if r == 3 || r == 6 {
				b.WriteString("---+---+---" + sep)
			}
			b.WriteString(row[:3] + "|" + row[3:6] + "|" + row[6:] + sep)
		}
		return b.String()
	}
	spaced := func() string {
		var b strings.Builder
		for _, row := range rows {
			b.WriteString(strings.Join(strings.Split(strings.ReplaceAll(row, ".", "0"), ""), " ") + "\n")
		}
		return b.String()
	}
	k := sudoku.Kind{}
	for _, tc := range []struct {
		what, text string
		want       string // the givens read; "" for line
		err        string // the error, "" when it is read
	}{
		{"9 plain rows", strings.Join(rows, "\n"), "", ""},
		{"the .ss form", boxed("\n"), "", ""},
		{"the .ss form with CRLF, as a browser sends a text area", boxed("\r\n"), "", ""},
		{"cells spaced, 0 for empty", spaced(), "", ""},
		{"a SadMan header and blank lines around", "\ufeff[Puzzle]\n\n" + strings.Join(rows, "\n") + "\n\n", "", ""},
		{"nine dashes are a row of empty cells", strings.Join(append(rows[:8:8], "---------"), "\n"), line[:72] + ".........", ""},
		{"8 rows", strings.Join(rows[:8], "\n"), "", "grid: 8 rows, want 9"},
		{"10 rows", strings.Join(append(rows[:9:9], rows[0]), "\n"), "", `grid: more than 9 rows ("4...3...." after the ninth)`},
		{"a short row", strings.Join(append([]string{rows[0][:8]}, rows[1:]...), "\n"), "", "grid: row 1 has 8 cells, want 9"},
		{"a letter", strings.Join(append(rows[:4:4], "....x....", rows[5], rows[6], rows[7], rows[8]), "\n"), "", `grid: row 5 position 5: 'x' is not a digit or an empty mark`},
		{"words", "hello\nworld", "", `grid: row 1 position 1: 'h' is not a digit or an empty mark`},
	} {
		want := tc.want
		if want == "" {
			want = line
		}
		// a grid with a wrong row is claimed (Parse says what is wrong)
		claimed := tc.err == "" || strings.Contains(tc.err, "rows") || strings.Contains(tc.err, "cells")
		if got := k.Sniff(tc.text); got != claimed {
			t.Errorf("%s: Sniff = %v", tc.what, got)
		}
		p, err := k.Parse(tc.text)
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s: Parse error %v, want %q", tc.what, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s: Parse: %v", tc.what, err)
		case tc.err == "" && p.Givens() != want:
			t.Errorf("%s: read as %s, want %s", tc.what, p.Givens(), want)
		}
	}
	// an Akari grid (black cells) is not a Sudoku
	ak := "..1#.\n.....\n#..2.\n.....\n.0..."
	if k.Sniff(ak) || !(akari.Kind{}).Sniff(ak) {
		t.Errorf("the Akari grid %q: claimed by Sudoku, or not by Akari", ak)
	}
}
