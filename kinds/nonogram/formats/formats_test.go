package formats_test

import (
	"os"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/nonogram"
	"pencilbox/kinds/nonogram/formats"
)

func registry() importers.Registry {
	return importers.NewRegistry(engine.Registry{nonogram.Kind{}}, formats.Formats())
}

// readAll detects the format of text, checks it is want, and reads every
// record.
func readAll(t *testing.T, text, want string) []importers.Record {
	t.Helper()
	f, r, err := importers.Open(strings.NewReader(text), registry(), "")
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != want {
		t.Fatalf("detected %s, want %s", f.Name, want)
	}
	var out []importers.Record
	if err := f.Read(r, func(rec importers.Record) error { out = append(out, rec); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

func file(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const jankoSample = "../testdata/sample/nonogram_janko_dev_1402.txt"

// TestBlock reads the committed Janko sample: every block a puzzle with
// its solution, which solving confirms.
func TestBlock(t *testing.T) {
	recs := readAll(t, file(t, jankoSample), "nonogram-block")
	if len(recs) != 38 {
		t.Fatalf("%d records, want 38", len(recs))
	}
	for _, rec := range recs {
		if rec.Err != nil {
			t.Fatalf("line %d: %v", rec.Line, rec.Err)
		}
		if !strings.HasPrefix(rec.Note, "id ") || rec.Solution == "" {
			t.Errorf("line %d: note %q, solution %d", rec.Line, rec.Note, len(rec.Solution))
		}
	}
	p := recs[0].Puzzle.(*nonogram.Puzzle)
	if r := p.Solve(); r.Solution != recs[0].Solution {
		t.Error("the first block's solution is not its puzzle's")
	}
}

// TestBlockBadSolution: a solution that breaks the clues is a bad record
// naming the block's line and the line of the puzzle, and the next block
// is read.
func TestBlockBadSolution(t *testing.T) {
	text := file(t, jankoSample)
	// The sample's first solution row (of its first block, 524_10x10,
	// which begins on line 5), with its first cell flipped.
	i := strings.Index(text, "solution\n") + len("solution\n")
	flip := map[byte]byte{'x': '-', '-': 'x'}
	bad := text[:i] + string(flip[text[i]]) + text[i+1:]
	recs := readAll(t, bad, "nonogram-block")
	first := recs[0]
	if first.Err == nil || first.Puzzle != nil {
		t.Fatal("a block with a wrong solution is read")
	}
	msg := first.Error("janko.txt")
	for _, want := range []string{"janko.txt:", "block 524_10x10", ":5: ", "breaks the clues", "row 1 has runs"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q lacks %q", msg, want)
		}
	}
	if len(recs) != 38 || recs[1].Err != nil {
		t.Errorf("%d records after a bad one", len(recs))
	}
}

func TestBlockErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"begin\npuzzle nonogram\nid a\nrows 1\ncols 1\nproblem\n1\n1\nsolution\nx\n", "no end line"},
		{"begin\npuzzle nonogram\nid a\nrows 1\ncols 1\nproblem\n1\nend\n", "1 clue lines, want 2"},
		{"begin\npuzzle nonogram\nid a\nrows 1\ncols 2\nproblem\n1\n1\n3\nend\n", "row 1: run of 3"},
		{"begin\npuzzle nonogram\nid a\nrows 1\ncols 1\nproblem\n1\n1\nsolution\n?\nend\n", "line 10: solution row 1"},
		{"begin\npuzzle nonogram\nid a\nrows x\nend\n", "line 4: rows"},
		{"begin\npuzzle nonogram\nid a\nrows 2\ncols 1\nproblem\n1\n1\n0\nsolution\nx\nend\n", "1 solution rows, want 2"},
	} {
		recs := readAll(t, tc.text, "nonogram-block")
		if len(recs) != 1 || recs[0].Err == nil || !strings.Contains(recs[0].Err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, recs, tc.want)
		}
	}
}

func TestPattern(t *testing.T) {
	text := "# ids\n3x3:1/3/1/1/3/1\n\n2x2:1/1/1/1\n"
	recs := readAll(t, text, "pattern")
	if len(recs) != 2 || recs[0].Err != nil || recs[1].Line != 4 {
		t.Fatalf("%+v", recs)
	}
	tsv := file(t, "../testdata/sample/nonogram_sgt_dev.tsv")
	recs = readAll(t, tsv, "pattern")
	if len(recs) != 20 {
		t.Fatalf("%d tsv records", len(recs))
	}
	for _, rec := range recs {
		if rec.Err != nil || rec.Solution == "" {
			t.Fatalf("line %d: %v", rec.Line, rec.Err)
		}
	}
	recs = readAll(t, "3x3:1/3/1/1/3/1\t111/000/000\n", "pattern")
	if recs[0].Err == nil || !strings.Contains(recs[0].Err.Error(), "breaks the clues") {
		t.Errorf("a wrong tsv solution: %v", recs[0].Err)
	}
	recs = readAll(t, "3x3:1/3/1/1/3/1\n3x3:1/3\n", "pattern")
	if recs[1].Err == nil || recs[1].Line != 2 {
		t.Errorf("a bad id: %+v", recs[1])
	}
}

func TestNonAndPack(t *testing.T) {
	one := file(t, "../testdata/non/webpbn-1.non")
	recs := readAll(t, one, "non")
	if len(recs) != 1 || recs[0].Err != nil || !strings.Contains(recs[0].Note, "Jan Wolter") || recs[0].Solution == "" {
		t.Fatalf("%+v", recs)
	}
	pack := one + "====\n" + file(t, "../testdata/non/webpbn-6.non") + "====\nwidth 2\n"
	recs = readAll(t, pack, "non")
	if len(recs) != 3 || recs[1].Err != nil || recs[2].Err == nil {
		t.Fatalf("pack: %d records", len(recs))
	}
	if recs[1].Line != strings.Count(one, "\n")+2 {
		t.Errorf("second puzzle at line %d", recs[1].Line)
	}
	// A goal that breaks the clues.
	bad := strings.Replace(one, `goal "0110`, `goal "1110`, 1)
	recs = readAll(t, bad, "non")
	if recs[0].Err == nil || !strings.Contains(recs[0].Err.Error(), "goal") {
		t.Errorf("a wrong goal: %v", recs[0].Err)
	}
}

func TestPBN(t *testing.T) {
	recs := readAll(t, file(t, "../testdata/non/webpbn-1.xml"), "pbn")
	if len(recs) != 1 || recs[0].Err != nil || !strings.Contains(recs[0].Note, "Dancer") || recs[0].Solution == "" {
		t.Fatalf("%+v", recs)
	}
	recs = readAll(t, "<puzzleset><puzzle><clues type=\"rows\">", "pbn")
	if len(recs) != 1 || recs[0].Err == nil {
		t.Errorf("broken xml: %+v", recs)
	}
}

// TestJSONRoundTrip: the shared json format reads a nonogram by its
// givens, as it reads every kind.
func TestJSONRoundTrip(t *testing.T) {
	text := `{"kind":"nonogram","puzzle":"3x3:1/3/1/1/3/1","solution":"010/111/010"}` + "\n"
	f, r, err := importers.Open(strings.NewReader(text), registry(), "")
	if err != nil {
		t.Fatal(err)
	}
	var recs []importers.Record
	if err := f.Read(r, func(rec importers.Record) error { recs = append(recs, rec); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Err != nil || recs[0].Puzzle.Givens() != "3x3:1/3/1/1/3/1" {
		t.Fatalf("%s: %+v", f.Name, recs)
	}
}

// TestPBNTooLong: an XML document over importers.MaxRecord is one bad
// record, not read into memory whole.
func TestPBNTooLong(t *testing.T) {
	big := "<puzzleset>" + strings.Repeat("<!-- padding -->", importers.MaxRecord/16+1) + "</puzzleset>"
	recs := readAll(t, big, "pbn")
	if len(recs) != 1 || recs[0].Err == nil || !strings.Contains(recs[0].Err.Error(), "longer than") {
		t.Fatalf("%d records: %v", len(recs), recs)
	}
}

// TestBlockBounded feeds blocks that never stop: a million clue lines, a
// clue of 100,000 runs, a thousand solution rows. Each is one bad record
// naming the limit it broke, and none is held whole: before the limits a
// 30 MB block of clue lines took 1.35 GB (pencilbox import, /usr/bin/time).
func TestBlockBounded(t *testing.T) {
	head := "begin\npuzzle nonogram\nid a\nrows 2\ncols 2\nproblem\n"
	cases := []struct{ name, text, want string }{
		{"clue lines", head + strings.Repeat("1\n", 1_000_000) + "end\n", "line 263: more than 256 clue lines"},
		{"runs", head + strings.Repeat("1 ", 100_000) + "\n1\n1\n1\nend\n", "100000 runs, a line of at most 128 cells holds 64"},
		{"solution rows", head + "1\n1\n1\n1\nsolution\n" + strings.Repeat("x -\n", 1000) + "end\n", "solution row 129: more than 128 rows or cells"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			recs := readAll(t, c.text, "nonogram-block")
			if len(recs) != 1 || recs[0].Err == nil || !strings.Contains(recs[0].Err.Error(), c.want) {
				for _, r := range recs {
					t.Logf("record line %d: %v", r.Line, r.Err)
				}
				t.Fatalf("%d records, want one error with %q", len(recs), c.want)
			}
		})
	}
}

// TestPBNTooDeep nests elements past nonogram.MaxXMLDepth around a valid
// one-cell puzzle: one bad record naming the depth, where before the
// puzzle was read after Unmarshal had held a frame per element.
func TestPBNTooDeep(t *testing.T) {
	const n = 10_000
	doc := `<?xml version="1.0"?><puzzleset><puzzle type="grid">` + strings.Repeat("<a>", n) + strings.Repeat("</a>", n) +
		`<clues type="columns"><line><count>1</count></line></clues><clues type="rows"><line><count>1</count></line></clues></puzzle></puzzleset>`
	recs := readAll(t, doc, "pbn")
	if len(recs) != 1 || recs[0].Err == nil || !strings.Contains(recs[0].Err.Error(), "nested deeper than 64") {
		t.Fatalf("%d records: %+v", len(recs), recs)
	}
	shallow := strings.Replace(doc, strings.Repeat("<a>", n)+strings.Repeat("</a>", n), "<a><b/></a>", 1)
	if recs := readAll(t, shallow, "pbn"); len(recs) != 1 || recs[0].Err != nil {
		t.Fatalf("a shallow document: %+v", recs)
	}
}

// TestNonTags reads the "# tags:" comments the non export writes before
// each puzzle of a .nonpack: each puzzle gets its own tags back, and a
// puzzle without the comment none (an export imported into an empty
// library lost every tag before).
func TestNonTags(t *testing.T) {
	pack := "# tags: easy one x\nwidth 1\nheight 1\n\nrows\n1\n\ncolumns\n1\n====\n" +
		"width 1\nheight 1\n\nrows\n0\n\ncolumns\n0\n====\n" +
		"# tags: b\nwidth 2\nheight 1\n\nrows\n2\n\ncolumns\n1\n1\n====\n"
	recs := readAll(t, pack, "non")
	want := []string{"easy one x", "", "b"}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d", len(recs), len(want))
	}
	for i, rec := range recs {
		if rec.Err != nil {
			t.Fatalf("record %d: %v", i+1, rec.Err)
		}
		if got := strings.Join(rec.Tags, " "); got != want[i] {
			t.Errorf("record %d: tags %q, want %q", i+1, got, want[i])
		}
	}
}
