package formats_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
	sudokuimp "pencilbox/kinds/sudoku/formats"
)

const (
	top1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	top2 = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
	top3 = "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1...."
	k1   = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
	k2   = ".4.1...5.1.7..396.52...8..........17...9.68..8.3.5.62..9..6.5436...8.7..25..971.."
)

// want is one expected record: givens for a good one, err for a bad one.
type want struct {
	line   int
	givens string
	err    string
	note   string
}

func format(t *testing.T, name string) importers.Format {
	t.Helper()
	for _, f := range sudokuimp.Formats() {
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
	err := f.Read(strings.NewReader(in), func(r importers.Record) error {
		recs = append(recs, r)
		return nil
	})
	if err != nil {
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
			if r.Puzzle != nil {
				t.Errorf("record %d: bad record has a puzzle", i)
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
		if r.Note != w.note {
			t.Errorf("record %d: note %q, want %q", i, r.Note, w.note)
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
	rows := func(rs ...string) string { return strings.Join(rs, "\n") + "\n" }
	grid1 := rows("4..|.3.|...", "...|6..|8..", "...|...|..1", "---+---+---", "...|.5.|.9.", ".8.|...|6..", ".7.|2..|...", "---+---+---", "...|1.2|7..", "5.3|...|.4.", "9..|...|...")
	tests := []struct {
		name, format, in string
		want             []want
	}{
		{"line file: BOM, CRLF, comment, note, blank line, trailing blanks", "line", testdata(t, "top3.txt"),
			[]want{{line: 2, givens: top1, note: "ER=11.3"}, {line: 4, givens: top2}, {line: 5, givens: top3}}},
		{"line: empty marks and hodoku-style note", "line",
			strings.NewReplacer(".", "0").Replace(top1) + "\n" + strings.NewReplacer(".", "*").Replace(top2) + " # lc1(3) s\n" +
				strings.NewReplacer(".", "-").Replace(top3) + "\n" + strings.NewReplacer(".", "_").Replace(top1) + "\n",
			[]want{{line: 1, givens: top1}, {line: 2, givens: top2, note: "# lc1(3) s"}, {line: 3, givens: top3}, {line: 4, givens: top1}}},
		{"line: bad records, good ones after", "line",
			"puzzle\n" + top1[:36] + "%" + top1[37:] + "\n" + top1[:80] + "\n" + top1 + "1\n" + top1 + "x rest\n" + top2 + "\n" +
				top1[:10] + "é" + top1[11:] + "\n" + "puzzle\n",
			[]want{
				// line 1 is a header: skipped, not an error
				{line: 2, err: "position 37: '%' is not a digit or an empty mark"},
				{line: 3, err: "80 cells, want 81"},
				{line: 4, err: "82 cells, want 81"},
				{line: 5, err: "position 82: 'x' is not a digit or an empty mark"},
				{line: 6, givens: top2},
				{line: 7, err: "position 11: non-ASCII character is not a digit or an empty mark"},
				{line: 8, err: "position 1: 'p' is not a digit or an empty mark"}, // only the first line may be a header
			}},
		{"line: a header, then puzzles", "line", "\ufeffPuzzle Rating\r\n" + top1 + " 11.3\r\n",
			[]want{{line: 2, givens: top1, note: "11.3"}}},
		{"line: a first line with digits is a bad puzzle, not a header", "line", "puzzle 1\n" + top1 + "\n",
			[]want{{line: 1, err: "position 1: 'p' is not a digit or an empty mark"}, {line: 2, givens: top1}}},
		{"line: a contradiction is not a bad record", "line", "11" + strings.Repeat(".", 79) + "\n",
			[]want{{line: 1, givens: "11" + strings.Repeat(".", 79)}}},
		{"grid: SadMan .sdk with [State] section skipped", "grid", testdata(t, "sadman.sdk"),
			[]want{{line: 4, givens: top1}}},
		{"grid: Simple Sudoku .ss and a spaced grid", "grid", testdata(t, "two.ss"),
			[]want{{line: 2, givens: top1}, {line: 15, givens: top2}}},
		{"grid: grids following each other without blank line, CRLF", "grid",
			strings.ReplaceAll(grid1+grid1, "\n", "  \r\n"),
			[]want{{line: 1, givens: top1}, {line: 12, givens: top1}}},
		{"grid: bad rows, short grid, good grid after", "grid",
			rows("4..|.3.|...", "...|6..|8..", "...|...|..1", "...|.5.|.9", ".8.|...|6..", ".7.|2..|...", "...|1.2|7..", "5.3|...|.4.", "9..|...|...") + "\n" +
				rows("4..|.3.|...", "...|6..|8..", "...|.x.|..1", "...|.5.|.9.", ".8.|...|6..", ".7.|2..|...", "...|1.2|7..", "5.3|...|.4.", "9..|...|...") + "\n" +
				rows("4..|.3.|...", "...|6..|8..") + "\n" + grid1,
			[]want{
				{line: 1, err: "row 4 has 8 cells, want 9"},
				{line: 11, err: "row 3: position 6: 'x' is not a digit or an empty mark"},
				{line: 21, err: "grid has 2 rows, want 9"},
				{line: 24, givens: top1},
			}},
		{"table: textbook style", "table", testdata(t, "textbook.txt"),
			[]want{{line: 2, givens: top1}}},
		{"table: bad cell and short row", "table",
			strings.Replace(strings.Replace(testdata(t, "textbook.txt"), "*6 |", "x6 |", 1), "*5 | ** | ** | 9 | ** |", "*5 | ** | ** | 9 |", 1) +
				"\n" + testdata(t, "textbook.txt"),
			[]want{{line: 2, err: "row 2: column 4: \"x6\" is not N, *N, * or **"}, {line: 13, givens: top1}}},
		{"csv: kaggle style with solutions and a quoted field", "csv", testdata(t, "kaggle.csv"),
			[]want{{line: 2, givens: k1}, {line: 3, givens: k2}}},
		{"csv: no puzzle column", "csv", "id,rating\n1,2\n",
			[]want{{line: 1, err: "csv: no puzzle column (looked for quizzes, quiz, puzzle, puzzles, sudoku, givens, grid, question, problem)"}}},
		{"csv: no header", "csv", "a\nb\nc\nd\ne\nf\n",
			[]want{{line: 1, err: "csv: no header line naming the columns (such as quizzes,solutions) in the first 5 lines"}}},
		{"csv: bad rows, good after, semicolons, comment, title", "csv",
			"My collection\r\n# comment\r\nid;puzzle;rating\r\n1;" + top1[:80] + ";3\r\n2\r\n3;a\"b;4\r\n\r\n4;" + top2 + ";5\r\n",
			[]want{
				{line: 4, err: "80 cells, want 81"},
				{line: 5, err: `csv: row has 1 fields, the puzzle column "puzzle" is field 2`},
				{line: 6, err: `csv: bare " in non-quoted-field`},
				{line: 8, givens: top2},
			}},
		{"xml: OpenSudoku", "xml", testdata(t, "opensudoku.xml"),
			[]want{{line: 5, givens: top1}, {line: 6, givens: top2}, {line: 8, err: "xml: <game> has no data attribute"}}},
		{"xml: OpenSudoku version 2 with folders", "xml", "<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\r\n<opensudoku version=\"2\">\r\n  <folder name=\"Easy\" created=\"1\">\r\n" +
			"    <game data=\"" + strings.ReplaceAll(top1, ".", "0") + "\" state=\"0\" time=\"0\" />\r\n  </folder>\r\n</opensudoku>\r\n",
			[]want{{line: 4, givens: top1}}},
		{"xml: broken", "xml", "<opensudoku>\n<game data=\"" + strings.Repeat("0", 81) + "\"/>\n<game data='1\n</opensudoku>\n",
			[]want{{line: 2, givens: strings.Repeat(".", 81)}, {line: 4, err: "xml: unescaped < inside quoted string (rest of the input skipped)"}}},
		{"xml: nested at the depth limit", "xml", "<opensudoku>\n" + strings.Repeat("<a>", sudokuimp.MaxXMLDepth-2) +
			"<game data=\"" + strings.ReplaceAll(top1, ".", "0") + "\"/>" + strings.Repeat("</a>", sudokuimp.MaxXMLDepth-2) + "\n</opensudoku>\n",
			[]want{{line: 2, givens: top1}}},
		{"xml: nested past the depth limit, games before it kept", "xml", "<opensudoku>\n<game data=\"" + strings.ReplaceAll(top1, ".", "0") + "\"/>\n" +
			strings.Repeat("<a>\n", sudokuimp.MaxXMLDepth) + "<game data=\"" + strings.ReplaceAll(top2, ".", "0") + "\"/>\n",
			[]want{{line: 2, givens: top1}, {line: 2 + sudokuimp.MaxXMLDepth, err: "xml: elements nested deeper than 32 (rest of the input skipped)"}}},
		{"xml: a text longer than the token limit", "xml", "<opensudoku>\n<game data=\"" + strings.ReplaceAll(top1, ".", "0") + "\"/>\n<description>" +
			strings.Repeat("x", sudokuimp.MaxXMLToken+8192) + "</description>\n<game data=\"" + strings.ReplaceAll(top2, ".", "0") + "\"/>\n</opensudoku>\n",
			[]want{{line: 2, givens: top1}, {line: 3, err: "xml: a tag or text longer than 64 KiB (rest of the input skipped)"}}},
		{"xml: a tag longer than the token limit", "xml", "<opensudoku>\n<game data=\"" + strings.ReplaceAll(top1, ".", "0") + "\" note=\"" +
			strings.Repeat("x", sudokuimp.MaxXMLToken+8192) + "\"/>\n</opensudoku>\n",
			[]want{{line: 2, err: "xml: a tag or text longer than 64 KiB (rest of the input skipped)"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			check(t, readAll(t, format(t, tc.format), tc.in), tc.want)
		})
	}
}

func TestCSVKeepsSolutionAndMeta(t *testing.T) {
	recs := readAll(t, format(t, "csv"), testdata(t, "kaggle.csv"))
	if recs[0].Solution != "864371259325849761971265843436192587198657432257483916689734125713528694542916378" || recs[1].Solution != "345162258" {
		t.Errorf("solutions %q %q", recs[0].Solution, recs[1].Solution)
	}
	recs = readAll(t, format(t, "csv"), "Title line\n#!sudoku -c1,PuzzleR,Label,ER\n"+top1+",first,11.3\n")
	if len(recs) != 1 || recs[0].Err != nil {
		t.Fatalf("%+v", recs)
	}
	m := recs[0].Meta
	if m["Label"] != "first" || m["ER"] != "11.3" || m["title"] != "Title line" || len(m) != 3 {
		t.Errorf("meta %v", m)
	}
	recs = readAll(t, format(t, "xml"), testdata(t, "opensudoku.xml"))
	if m := recs[0].Meta; m["name"] != "Sample" || m["author"] != "someone" || m["difficulty"] != "3" {
		t.Errorf("xml meta %v", m)
	}
	recs = readAll(t, format(t, "xml"), "<opensudoku version=\"2\"><folder name=\"Easy\"><game data=\""+top1+"\"/></folder></opensudoku>")
	if m := recs[0].Meta; m["folder"] != "Easy" {
		t.Errorf("xml v2 meta %v", m)
	}
}

func registry() importers.Registry {
	return importers.NewRegistry(engine.Registry{sudoku.Kind{}}, sudokuimp.Formats())
}

func TestDetect(t *testing.T) {
	tests := map[string]string{
		"top3.txt":       "line",
		"sadman.sdk":     "grid",
		"two.ss":         "grid",
		"textbook.txt":   "table",
		"kaggle.csv":     "csv",
		"opensudoku.xml": "xml",
	}
	reg := registry()
	for file, want := range tests {
		f, _, err := importers.Open(strings.NewReader(testdata(t, file)), reg, "")
		if err != nil || f.Name != want {
			t.Errorf("%s: detected %q (%v), want %s", file, f.Name, err, want)
		}
	}
	if _, _, err := importers.Open(strings.NewReader("hello world\n"), reg, ""); err == nil {
		t.Error("prose detected as a format")
	}
}

// A line longer than MaxLine is one bad record and costs no more than
// MaxLine of memory; binary garbage gives bad records, never a crash.
func TestHostileInput(t *testing.T) {
	long := strings.Repeat("1", 3*importers.MaxLine)
	recs := readAll(t, format(t, "line"), top1+"\n"+long+"\n"+top2+"\n")
	check(t, recs, []want{{line: 1, givens: top1}, {line: 2, err: importers.ErrLineTooLong.Error()}, {line: 3, givens: top2}})
	if len(recs[1].Text) > 100 {
		t.Errorf("too-long record keeps %d bytes of text", len(recs[1].Text))
	}
	recs = readAll(t, format(t, "csv"), "puzzle,x\n"+long+",1\n"+top2+",2\n")
	check(t, recs, []want{{line: 2, err: "csv: record longer than 1048576 bytes (skipped to the next line)"}, {line: 3, givens: top2}})
	recs = readAll(t, format(t, "csv"), "puzzle,x\n\""+strings.Repeat("1\n", importers.MaxLine)+top2+",2\n")
	if len(recs) == 0 || recs[0].Err == nil || recs[0].Line != 2 {
		t.Errorf("unterminated quote: %+v", recs[:min(1, len(recs))])
	}

	garbage := make([]byte, 1<<20)
	x := uint32(1)
	for i := range garbage {
		x = x*1664525 + 1013904223
		garbage[i] = byte(x >> 24)
	}
	for _, f := range sudokuimp.Formats() {
		n := 0
		err := f.Read(bytes.NewReader(garbage), func(r importers.Record) error {
			if r.Err == nil && r.Puzzle == nil {
				t.Errorf("%s: record without puzzle or error", f.Name)
			}
			n++
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
	// emit's error stops the read.
	stop := errors.New("stop")
	err := format(t, "line").Read(strings.NewReader(top1+"\n"+top2+"\n"), func(importers.Record) error { return stop })
	if err != stop {
		t.Errorf("emit error: got %v", err)
	}
}

func TestSharedData(t *testing.T) {
	dir := shared.Path(t, "data/sudoku")
	tests := []struct {
		file, format string
		good, bad    int
	}{
		{"17_clue.txt", "line", 49158, 0},
		{"magictour_top1465.txt", "line", 1465, 0},
		{"forum_hardest_1905_11plus.txt", "line", 48765, 0},
		{"forum_hardest_1106.txt", "line", 375, 0},
		{"serg_benchmark_multi.txt", "line", 10000, 0},
		{"minlex_vectors_400.txt", "line", 400, 0},
		{"hardest_database_110626_se_rated.csv", "csv", 375, 0},
		{"hodoku/exemplars-1.0.txt", "line", 669, 1}, // one HoDoKu reglib line (":0604:...") in the file
		{"hodoku/qqwing_simple.sdm", "line", 1000, 0},
		{"hodoku/qqwing_easy.sdm", "line", 1000, 0},
		{"hodoku/qqwing_intermediate.sdm", "line", 1000, 0},
		{"hodoku/qqwing_expert.sdm", "line", 1000, 0},
		{"hodoku/sudocue_top10000.sdm", "line", 10000, 0},
		{"hodoku/sudocue_learningcurve.sdm", "line", 2500, 0},
		{"hodoku/sudocue_almostdn.sdm", "line", 400, 0},
		{"hodoku/sudocue_noponies.sdm", "line", 250, 0},
		{"hodoku/sudocue_superiors.sdm", "line", 160, 0},
	}
	reg := registry()
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join(dir, tc.file)
			fh, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			f, in, err := importers.Open(fh, reg, "")
			if err != nil || f.Name != tc.format {
				t.Fatalf("detected %q (%v), want %s", f.Name, err, tc.format)
			}
			good, bad := 0, 0
			var firstBad []importers.Record
			err = f.Read(in, func(r importers.Record) error {
				if r.Err != nil {
					bad++
					firstBad = append(firstBad, r)
				} else {
					good++
				}
				return nil
			})
			fh.Close()
			if err != nil {
				t.Fatal(err)
			}
			if good != tc.good || bad != tc.bad {
				for _, r := range firstBad[:min(3, len(firstBad))] {
					t.Log(r.Error(tc.file))
				}
				t.Errorf("%d good, %d bad; want %d, %d", good, bad, tc.good, tc.bad)
			}
		})
	}
	// The rated csv keeps its columns: ER is the Sudoku Explainer rating.
	path := filepath.Join(dir, "hardest_database_110626_se_rated.csv")
	fh, _ := os.Open(path)
	defer fh.Close()
	var first importers.Record
	format(t, "csv").Read(fh, func(r importers.Record) error {
		if first.Line == 0 {
			first = r
		}
		return io.EOF
	})
	if first.Line != 3 || first.Meta["q1"] != "95532" || first.Meta["Label"] != "HardestSudokusThread-00001;tarx0134" || first.Meta["title"] != "HardestDatabase110626" {
		t.Errorf("first record of the rated csv: line %d meta %v", first.Line, first.Meta)
	}
}

func BenchmarkLine17Clue(b *testing.B) {
	path := shared.Path(b, "data/sudoku/17_clue.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	f := sudokuimp.Line()
	b.SetBytes(int64(len(data)))
	n := 0
	for b.Loop() {
		n = 0
		f.Read(bytes.NewReader(data), func(r importers.Record) error { n++; return nil })
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "records/s")
}
