package formats_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/internal/shared"
	"pencilbox/kinds/akari"
	akariimp "pencilbox/kinds/akari/formats"
	"pencilbox/kinds/slitherlink"
	slitherimp "pencilbox/kinds/slitherlink/formats"
	"pencilbox/kinds/sudoku"
	sudokuimp "pencilbox/kinds/sudoku/formats"
)

const pzpr = "5x5t0:2b1b2b1b2b3b3b0b3" // pzprjs's slither test puzzle

// registry is every format of the kinds this test knows, Sudoku and Akari
// first as cmd/pencilbox registers them, so detection is tried against
// theirs.
func registry() importers.Registry {
	kinds := engine.Registry{sudoku.Kind{}, akari.Kind{}, slitherlink.Kind{}}
	return importers.NewRegistry(kinds, sudokuimp.Formats(), akariimp.Formats(), slitherimp.Formats())
}

func testdata(t *testing.T, name string) string { return testdataFile(t, name) }

func testdataFile(tb testing.TB, name string) string {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// read detects the format of in, checks it is want, and reads every record.
func read(t *testing.T, in, want string) []importers.Record {
	t.Helper()
	f, r, err := importers.Open(strings.NewReader(in), registry(), "")
	if err != nil || f.Name != want {
		t.Fatalf("detected %q (%v), want %s", f.Name, err, want)
	}
	var recs []importers.Record
	if err := f.Read(r, func(rec importers.Record) error {
		recs = append(recs, rec)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return recs
}

type want struct {
	line   int
	givens string // or
	err    string
}

func check(t *testing.T, recs []importers.Record, wants []want) {
	t.Helper()
	if len(recs) != len(wants) {
		for _, r := range recs {
			t.Logf("line %d err %v text %.40q", r.Line, r.Err, r.Text)
		}
		t.Fatalf("%d records, want %d", len(recs), len(wants))
	}
	for i, w := range wants {
		r := recs[i]
		if r.Line != w.line {
			t.Errorf("record %d: line %d, want %d", i, r.Line, w.line)
		}
		if w.err != "" {
			if r.Err == nil || r.Err.Error() != w.err {
				t.Errorf("record %d (line %d): %v, want %q", i, r.Line, r.Err, w.err)
			}
			continue
		}
		if r.Err != nil {
			t.Errorf("record %d (line %d): %v", i, r.Line, r.Err)
			continue
		}
		if w.givens != "" && r.Puzzle.Givens() != w.givens {
			t.Errorf("record %d: %s, want %s", i, r.Puzzle.Givens(), w.givens)
		}
	}
}

func TestJanko(t *testing.T) {
	recs := read(t, testdata(t, "janko.txt"), "slitherlink-janko")
	check(t, recs, []want{
		{line: 2}, {line: 20},
		{line: 38, err: "slitherlink-janko: the solution (line 49) is not one: the 2 at r1c2 has 3 of its sides on the loop"},
		{line: 56, err: `slitherlink-janko: line 69: solution cell "y" is not x (inside) or - (outside)`},
		{line: 74, err: "slitherlink-janko: the problem has 4 rows, want 5"},
		{line: 91, err: `slitherlink-janko: line 92: puzzle "hashi" is not slitherlink`},
		{line: 109},
		{line: 127, err: `slitherlink-janko: the block has no "end" line`},
	})
	for _, i := range []int{0, 1, 6} {
		r := recs[i]
		p := r.Puzzle.(*slitherlink.Puzzle)
		res := p.Solve()
		if res.Status != engine.Unique || res.Solution != r.Solution {
			t.Errorf("line %d: %v %s, the file's solution %s", r.Line, res.Status, res.Solution, r.Solution)
		}
		if r.Meta["id"] == "" {
			t.Errorf("line %d: no id in %v", r.Line, r.Meta)
		}
	}
	if got := recs[2].Error("janko.txt"); !strings.HasPrefix(got, "janko.txt:38: slitherlink-janko: the solution (line 49)") {
		t.Errorf("the record's error reads %q", got)
	}
}

func TestOtherFormats(t *testing.T) {
	check(t, read(t, testdata(t, "ids.txt"), "loopy"), []want{
		{line: 2, givens: pzpr}, {line: 3, givens: pzpr},
		{line: 5, err: "loopy id: description ends after 24 of 25 cells"},
		{line: 6, err: "loopy id: grid type t1 is not the square grid (t0)"},
	})
	check(t, read(t, testdata(t, "sample.pzprv3"), "slitherlink-pzprv3"), []want{
		{line: 1, givens: pzpr}, {line: 13, givens: pzpr},
		{line: 14, err: "pzprv3: flag f: the variant whose loop passes every dot is not plain Slitherlink"},
		{line: 21, err: `pzprv3: row 1 column 2: "4" is not . or 0-3`},
	})
	check(t, read(t, testdata(t, "hand.txt"), "slitherlink-grid"), []want{
		{line: 2, givens: pzpr}, {line: 8, givens: pzpr},
		{line: 14, err: "grid: row 2 has 1 cells, want 2"},
	})
	url := "https://puzz.link/p?slither/5/5/cbcbcddad\n"
	check(t, read(t, url, "url"), []want{{line: 1, givens: pzpr}})
}

// TestTSV reads the Loopy tsv sample, solutions checked, then a file with
// a bad solution and a row before the header.
func TestTSV(t *testing.T) {
	in := testdata(t, "../../testdata/sample/slitherlink_sgt_dev.tsv")
	recs := read(t, in, "slitherlink-tsv")
	if len(recs) != 40 {
		t.Fatalf("%d records, want 40", len(recs))
	}
	for _, r := range recs {
		if r.Err != nil || r.Solution == "" || r.Meta["level_asked"] == "" {
			t.Fatalf("line %d: %v, solution %q, meta %v", r.Line, r.Err, r.Solution, r.Meta)
		}
	}
	bad := "#game_id\tsolution\n3x1t0:3b\t100\n"
	check(t, read(t, bad, "slitherlink-tsv"), []want{
		{line: 2, err: "slitherlink-tsv: the solution column is not a solution: the 3 at r1c1 has 4 of its sides on the loop"},
	})
	f, _ := lookup(t, "slitherlink-tsv")
	var recs2 []importers.Record
	_ = f.Read(strings.NewReader("3x1t0:3b\t100\n"), func(r importers.Record) error { recs2 = append(recs2, r); return nil })
	check(t, recs2, []want{{line: 1, err: `slitherlink-tsv: a row before the header: the file starts with a "#game_id<TAB>solution..." line`}})
}

func lookup(t *testing.T, name string) (importers.Format, bool) {
	t.Helper()
	f, err := registry().Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return f, true
}

// TestDetect: each head goes to its format, not to Akari's or Sudoku's.
func TestDetect(t *testing.T) {
	for head, name := range map[string]string{
		"5x5t0:2b1b2b1b2b3b3b0b3\n":                 "loopy",
		"pzprv3/slither/2/2/. . /. . /\n":           "slitherlink-pzprv3",
		"pzprv3\nslither\n2\n2\n. . \n. . \n":       "slitherlink-pzprv3",
		"begin\npuzzle slitherlink\nid x\n":         "slitherlink-janko",
		"2 - - 1 -\n- 2 - - 1\n":                    "slitherlink-grid",
		"pzprv3/lightup/2/2/. . /. . /\n":           "pzprv3",
		"10x10:b2o2hBbBc3jBcB2c2j3cBbBh2oBb\n":      "tatham",
		"# c\n#game_id\tsolution\n7x7t0:y\t000\n":   "slitherlink-tsv",
		"https://puzz.link/p?slither/1/1/g\n":       "url",
		"begin\npuzzle hashi\nid x\nrows 1\n":       "",
		"#game_id\tsolution\n9x9:zzzc\t1234\n":      "",
		"pzprv3\nlightup\n2\n2\n. . \n. . \n":       "pzprv3",
		"begin\n puzzle  slitherlink \nrows 1\n":    "slitherlink-janko",
		"# a grid\n2 - - 1 -\n- 2 - - 1\n- 2 2 2\n": "slitherlink-grid",
	} {
		f, err := registry().Detect([]byte(head))
		if name == "" {
			if err == nil && strings.HasPrefix(f.Name, "slitherlink") {
				t.Errorf("%q: detected %s", head, f.Name)
			}
			continue
		}
		if err != nil || f.Name != name {
			t.Errorf("%q: detected %q (%v), want %s", head, f.Name, err, name)
		}
	}
}

// TestSharedData reads both collections of ../shared: every record good,
// with its solution (the Janko one checked by the reader).
func TestSharedData(t *testing.T) {
	for _, tc := range []struct {
		file, format string
		n            int
	}{{"slitherlink_janko_dev_691.txt", "slitherlink-janko", 691}, {"slitherlink_sgt_dev.tsv", "slitherlink-tsv", 520}} {
		t.Run(tc.file, func(t *testing.T) {
			b, err := os.ReadFile(shared.Path(t, "data/slitherlink/"+tc.file))
			if err != nil {
				t.Fatal(err)
			}
			recs := read(t, string(b), tc.format)
			good := 0
			for _, r := range recs {
				if r.Err != nil {
					t.Errorf("%s", r.Error(tc.file))
					continue
				}
				if r.Solution == "" {
					t.Errorf("line %d: no solution", r.Line)
				}
				good++
			}
			if good != tc.n {
				t.Errorf("%d good records, want %d", good, tc.n)
			}
		})
	}
}

func TestHostileInput(t *testing.T) {
	long := strings.Repeat("-", 2*importers.MaxLine)
	garbage := make([]byte, 1<<20)
	x := uint32(7)
	for i := range garbage {
		x = x*1664525 + 1013904223
		garbage[i] = byte(x >> 24)
	}
	for _, f := range slitherimp.Formats() {
		for _, in := range [][]byte{garbage, []byte(long + "\n" + long), []byte("pzprv3\nslither\n200\n200\n" + long),
			[]byte("begin\npuzzle slitherlink\nrows 200\ncols 200\nproblem\n" + long + "\nend\n"), []byte("#game_id\tsolution\n" + long)} {
			err := f.Read(bytes.NewReader(in), func(r importers.Record) error {
				if r.Err == nil && r.Puzzle == nil {
					t.Errorf("%s: record without puzzle or error", f.Name)
				}
				if len(r.Text) > 1<<16 {
					t.Errorf("%s: record text of %d bytes", f.Name, len(r.Text))
				}
				return nil
			})
			if err != nil {
				t.Errorf("%s: %v", f.Name, err)
			}
		}
	}
}
