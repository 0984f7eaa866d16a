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
	"pencilbox/kinds/sudoku"
	sudokuimp "pencilbox/kinds/sudoku/formats"
)

const (
	id6  = "6x6:h4g2b0g1h"
	id10 = "10x10:b2o2hBbBc3jBcB2c2j3cBbBh2oBb"
)

type want struct {
	line    int
	givens  string
	err     string
	warning string
}

func format(t *testing.T, name string) importers.Format {
	t.Helper()
	for _, f := range akariimp.Formats() {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no format %q", name)
	return importers.Format{}
}

func readAll(t *testing.T, f importers.Format, in string) []importers.Record {
	t.Helper()
	var recs []importers.Record
	if err := f.Read(strings.NewReader(in), func(r importers.Record) error {
		recs = append(recs, r)
		return nil
	}); err != nil {
		t.Fatalf("%s: Read: %v", f.Name, err)
	}
	return recs
}

func check(t *testing.T, recs []importers.Record, wants []want) {
	t.Helper()
	if len(recs) != len(wants) {
		for _, r := range recs {
			t.Logf("got line %d err %v text %.40q", r.Line, r.Err, r.Text)
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
				t.Errorf("record %d (line %d): err %v, want %q", i, r.Line, r.Err, w.err)
			}
			continue
		}
		if r.Err != nil {
			t.Errorf("record %d (line %d): unexpected error %v", i, r.Line, r.Err)
			continue
		}
		if got := r.Puzzle.Givens(); got != w.givens {
			t.Errorf("record %d: givens %s, want %s", i, got, w.givens)
		}
		if r.Warning != w.warning {
			t.Errorf("record %d: warning %q, want %q", i, r.Warning, w.warning)
		}
	}
}

func testdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestFormats(t *testing.T) {
	lights := "pzprv3: ignored 8 lights (#) and 0 no-light marks (+) in the question"
	tests := []struct {
		name, format, in string
		want             []want
	}{
		{"tatham: BOM, CRLF, comment, long form", "tatham", testdata(t, "ids.txt"),
			[]want{{line: 2, givens: id6}, {line: 4, givens: id10}}},
		{"tatham: bad ids, good after", "tatham", "6x6:h4g2b0g1\n6x6:h4g2b0g1z\n6x6:h4g2b0g1hZ\n" + id6 + "\n",
			[]want{
				{line: 1, err: "tatham id: description ends after 28 of 36 cells"},
				{line: 2, err: "tatham id: description character 9 'z' runs 18 cells past the end of the 6x6 grid"},
				{line: 3, err: "tatham id: description has 1 extra character after the last cell (from position 10)"},
				{line: 4, givens: id6},
			}},
		{"pzprv3: file with lights", "pzprv3", testdata(t, "sample.pzprv3"),
			[]want{{line: 1, givens: id6, warning: lights}}},
		{"pzprv3: one per line", "pzprv3", testdata(t, "oneline.pzprv3"),
			[]want{{line: 1, givens: id6}, {line: 2, givens: id10}}},
		{"pzprv3: two files concatenated, a bad one between, CRLF", "pzprv3",
			strings.ReplaceAll(testdata(t, "sample.pzprv3")+"pzprv3\nlightup\n2\n2\n. x\n. .\n"+testdata(t, "sample.pzprv3"), "\n", "\r\n"),
			[]want{{line: 1, givens: id6, warning: lights},
				{line: 11, err: `pzprv3: row 1 column 2: "x" is not . - # + or 0-4`},
				{line: 17, givens: id6, warning: lights}}},
		{"akari-grid: hand-typed, comments, X and blanks", "akari-grid", testdata(t, "hand.txt"),
			[]want{{line: 2, givens: id6}, {line: 10, givens: id10}}},
		{"akari-grid: ragged rows, good after", "akari-grid", "...\n..\n\n#.1\n...\n",
			[]want{{line: 1, err: "grid: row 2 has 2 cells, want 3"}, {line: 4, givens: "3x2:Ba1c"}}},
		{"tsv: samples with a credit line", "tsv", testdata(t, "samples.tsv"),
			[]want{{line: 3, givens: id6}, {line: 4, givens: id10}}},
		{"tsv: no puzzle column", "tsv", "#id\tauthor\nx\ty\n# note\nz\tw\n",
			[]want{{line: 1, err: "tsv: no puzzle column (looked for sgt_gameid, puzzlink_url, url, pzprv3_question)"},
				{line: 2, err: "tsv: the header (line 1) has no puzzle column"},
				{line: 4, err: "tsv: the header (line 1) has no puzzle column"}}},
		// every row of a file without a header is rejected, saying why
		// (forced, it imported nothing and said "rejected 0")
		{"tsv: no header", "tsv", "# credits\n" + id6 + "\tx\n\n" + id10 + "\ty\n",
			[]want{{line: 2, err: "tsv: a row before the header: a tsv file starts with a '#' line naming its tab-separated columns, one of sgt_gameid, puzzlink_url, url, pzprv3_question"},
				{line: 4, err: "tsv: a row before the header: a tsv file starts with a '#' line naming its tab-separated columns, one of sgt_gameid, puzzlink_url, url, pzprv3_question"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			check(t, readAll(t, format(t, tc.format), tc.in), tc.want)
		})
	}
}

func TestTSVCrossChecksNotations(t *testing.T) {
	in := "#id\tsgt_gameid\tpuzzlink_url\n" +
		"a\t6x6:h4g2b0g1h\thttps://puzz.link/p?akari/6/6/nekcakbl\n" +
		"b\t6x6:h4g2b0g1h\thttps://puzz.link/p?akari/6/6/ndkcakbl\n" +
		"c\t6x6:h4g2b0g1h\thttps://puzz.link/p?akari/6/6/nekcak!\n"
	recs := readAll(t, format(t, "tsv"), in)
	want := []string{"",
		"tsv: column puzzlink_url gives 6x6:h3g2b0g1h, column sgt_gameid gives 6x6:h4g2b0g1h",
		`tsv: column puzzlink_url does not parse: url: body character 7 '!' is not an akari code`}
	for i, w := range want {
		if recs[i].Err != nil || recs[i].Warning != w {
			t.Errorf("line %d: warning %q (err %v), want %q", recs[i].Line, recs[i].Warning, recs[i].Err, w)
		}
	}
}

func TestTSVKeepsSolutionAndMeta(t *testing.T) {
	recs := readAll(t, format(t, "tsv"), testdata(t, "samples.tsv"))
	if recs[0].Solution != "..L....L#L....L.#L.#..L.L..#.....L.." || recs[0].Meta["name"] != "pzprjs_test" || !strings.HasPrefix(recs[0].Meta["source"], "robx/pzprjs") {
		t.Errorf("solution %q meta %v", recs[0].Solution, recs[0].Meta)
	}
}

func registry() importers.Registry {
	return importers.NewRegistry(engine.Registry{sudoku.Kind{}, akari.Kind{}}, sudokuimp.Formats(), akariimp.Formats())
}

func TestDetect(t *testing.T) {
	tests := map[string]string{
		"ids.txt":        "tatham",
		"sample.pzprv3":  "pzprv3",
		"oneline.pzprv3": "pzprv3",
		"hand.txt":       "akari-grid",
		"samples.tsv":    "tsv",
	}
	reg := registry()
	for file, want := range tests {
		f, _, err := importers.Open(strings.NewReader(testdata(t, file)), reg, "")
		if err != nil || f.Name != want {
			t.Errorf("%s: detected %q (%v), want %s", file, f.Name, err, want)
		}
	}
	// A grid that starts with a black cell is not a comment.
	f, _, err := importers.Open(strings.NewReader("#..\n.1.\n"), reg, "")
	if err != nil || f.Name != "akari-grid" {
		t.Errorf("grid starting with '#': %q %v", f.Name, err)
	}
}

// TestDetectLeavesPatternIDs: a file of Tatham's Pattern (Nonogram) IDs
// has Light Up's "WxH:" head but is not Akari's to claim, whatever order
// the kinds are registered in.
func TestDetectLeavesPatternIDs(t *testing.T) {
	pattern := "10x10:2.1.1/3.1/3/2.4/5/1.5/5/4.3/3.4/3/1.3/1.1.3/3/1/1/2.3/1.6/9/7/7.1\n"
	if f, _, err := importers.Open(strings.NewReader(pattern), akariimp.Formats(), ""); err == nil {
		t.Errorf("a Pattern ID detected as akari %q", f.Name)
	}
	f, _, err := importers.Open(strings.NewReader(id10+"\n"), akariimp.Formats(), "")
	if err != nil || f.Name != "tatham" {
		t.Errorf("a Light Up ID: detected %q (%v), want tatham", f.Name, err)
	}
}

func TestHostileInput(t *testing.T) {
	long := strings.Repeat(".", 2*importers.MaxLine)
	for _, f := range akariimp.Formats() {
		garbage := make([]byte, 1<<20)
		x := uint32(7)
		for i := range garbage {
			x = x*1664525 + 1013904223
			garbage[i] = byte(x >> 24)
		}
		for _, in := range [][]byte{garbage, []byte(long + "\n" + long), []byte("pzprv3\nlightup\n200\n200\n" + long)} {
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

func TestSharedData(t *testing.T) {
	reg := registry()
	for _, tc := range []struct {
		file string
		n    int
	}{{"janko_749.tsv", 749}, {"puzzlink_bank_2332.tsv", 2332}, {"samples.tsv", 2}} {
		t.Run(tc.file, func(t *testing.T) {
			fh, err := os.Open(shared.Path(t, "data/akari/"+tc.file))
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			f, in, err := importers.Open(fh, reg, "")
			if err != nil || f.Name != "tsv" {
				t.Fatalf("detected %q (%v), want tsv", f.Name, err)
			}
			good, bad := 0, 0
			err = f.Read(in, func(r importers.Record) error {
				if r.Err != nil {
					bad++
					if bad <= 3 {
						t.Log(r.Error(tc.file))
					}
					return nil
				}
				good++
				if r.Warning != "" {
					t.Errorf("line %d: %s", r.Line, r.Warning)
				}
				p := r.Puzzle.(*akari.Puzzle)
				if len(r.Solution) != p.W*p.H {
					t.Errorf("line %d: solution of %d cells for %dx%d", r.Line, len(r.Solution), p.W, p.H)
				}
				if r.Meta["id"] == "" && r.Meta["name"] == "" {
					t.Errorf("line %d: no id in meta %v", r.Line, r.Meta)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if good != tc.n || bad != 0 {
				t.Errorf("%d good, %d bad; want %d, 0", good, bad, tc.n)
			}
		})
	}
}

// A 9x9 Akari grid is not taken for a Sudoku grid.
func TestDetectNineByNine(t *testing.T) {
	g := "#........\n.........\n..1......\n.........\n....#....\n.........\n......2..\n.........\n........X\n"
	f, _, err := importers.Open(strings.NewReader(g), registry(), "")
	if err != nil || f.Name != "akari-grid" {
		t.Errorf("detected %q %v", f.Name, err)
	}
}
