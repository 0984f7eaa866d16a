package nonogram_test

import (
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

func mustParse(tb testing.TB, text string) *nonogram.Puzzle {
	tb.Helper()
	p, err := nonogram.Parse(text)
	if err != nil {
		tb.Fatalf("Parse(%.80q): %v", text, err)
	}
	return p
}

func TestParseTathamRoundTrip(t *testing.T) {
	for _, id := range []string{
		"1x1:1/1",
		"1x1:/",
		"3x2:1/1/1/3/",
		"5x3:1/3/1.1/3/1/1.1/5/1.1.1",
	} {
		p := mustParse(t, id)
		if got := p.TathamID(); got != id {
			t.Errorf("%q -> %q", id, got)
		}
		if p.Givens() != id {
			t.Errorf("Givens %q", p.Givens())
		}
	}
	// "0" is read as an empty clue and written as one.
	if got := mustParse(t, " 2x1:0/1/1 \n").TathamID(); got != "2x1:/1/1" {
		t.Errorf("0 clue: %q", got)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "empty"},
		{"3x3", "no ':'"},
		{"3y3:1/1/1/1/1/1", "not WxH"},
		{"0x3:", "at least 1"},
		{"129x2:" + strings.Repeat("/", 130), "exceeds"},
		{"2x2:1/1/1", "3 clues for a 2x2 puzzle, want 4"},
		{"2x2:1/1/1/a", "row 2: bad run \"a\""},
		{"3x1:1/1/1/2.2", "row 1: clue 2 2 needs 5 cells, the line has 3"},
		{"3x1:/4/1/1", "column 2: run of 4 in a line of 1 cells"},
		{"2x2:1/1/2/2", "the row clues fill 4 cells, the column clues 2"},
		{"2x2:1..1/1/1/1", "bad run"},
	} {
		_, err := nonogram.Parse(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", tc.text, err, tc.want)
		}
	}
}

func TestSniff(t *testing.T) {
	k := nonogram.Kind{}
	for text, want := range map[string]bool{
		"10x10:2.1.1/3.1/3/2.4/5/1.5/5/4.3/3.4/3/1.3/1.1.3/3/1/1/2.3/1.6/9/7/7.1": true,
		"1x1:/":       true,
		"10x10:a3bB4": false, // Akari's Tatham ID
		"5x5":         false,
		"hello":       false,
	} {
		if got := k.Sniff(text); got != want {
			t.Errorf("Sniff(%q) = %v", text, got)
		}
	}
}

func TestStatusHandMade(t *testing.T) {
	for _, tc := range []struct {
		name, id string
		want     engine.Status
		sol      string
	}{
		{"one filled cell", "1x1:1/1", engine.Unique, "1"},
		{"one empty cell", "1x1:/", engine.Unique, "0"},
		{"a plus", "3x3:1/3/1/1/3/1", engine.Unique, "010/111/010"},
		{"empty 3x2", "3x2:////", engine.Unique, "000/000"},
		{"two diagonals", "2x2:1/1/1/1", engine.Multiple, ""},
		{"a clue too many for the columns", "2x2:2/2/1/1", engine.None, ""},
		{"runs that cannot be split", "3x1:1/1//1.1", engine.None, ""},
		// A 4x4 with a 2x2 swap: two pictures.
		{"4x4 swap", "4x4:1.1/1.1/1.1/1.1/1.1/1.1/1.1/1.1", engine.Multiple, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := nonogram.Parse(tc.id)
			if err != nil {
				if tc.want == engine.None {
					return // refused at parse time: the totals differ
				}
				t.Fatal(err)
			}
			r := p.Solve()
			if r.Status != tc.want {
				t.Fatalf("status %v, want %v", r.Status, tc.want)
			}
			if r.Solution != tc.sol {
				t.Errorf("solution %q, want %q", r.Solution, tc.sol)
			}
			if r.Status == engine.Unique {
				cells, err := p.ParseSolution(r.Solution)
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Check(cells); err != nil {
					t.Errorf("solution fails its clues: %v", err)
				}
			}
		})
	}
}

// TestTathamCollection: every Tatham Pattern puzzle parses, writes back
// its ID, is unique with the listed solution, and is line solvable (his
// generator only emits those).
func TestTathamCollection(t *testing.T) {
	lines := sharedLines(t, "data/nonogram/nonogram_sgt_dev.tsv")
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) < 2 {
			t.Fatalf("line with %d fields: %.60q", len(f), l)
		}
		p := mustParse(t, f[0])
		if p.TathamID() != f[0] {
			t.Errorf("%s: writes back %s", f[0], p.TathamID())
		}
		r := p.Solve()
		if r.Status != engine.Unique || r.Solution != f[1] {
			t.Errorf("%.30s: %v, solution differs: %v", f[0], r.Status, r.Solution != f[1])
		}
		cells, ok := p.LineSolve()
		if !ok {
			t.Errorf("%.30s: line solving finds a contradiction", f[0])
		}
		for i, c := range cells {
			if c == nonogram.CellUnknown {
				t.Errorf("%.30s: line solving leaves %s unknown", f[0], engine.CellName(i, p.W))
				break
			}
		}
	}
}
