package nonogram_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

// TestNonFiles reads the committed .non files of nonogram-db: each
// parses, solves uniquely to its goal, and writes back (NonText) to a
// text that reads as the same puzzle and goal.
func TestNonFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/non/*.non")
	if len(files) < 4 {
		t.Fatalf("%d .non files", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := nonogram.ParseNon(string(b))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if rec.Title == "" || rec.By == "" || rec.Goal == "" || !strings.Contains(rec.Note(), rec.By) {
			t.Errorf("%s: title %q, by %q, goal %d: strings lost", f, rec.Title, rec.By, len(rec.Goal))
		}
		r := rec.Puzzle.Solve()
		if r.Status != engine.Unique || r.Solution != rec.Goal {
			t.Errorf("%s: %v, solution equals goal: %v", f, r.Status, r.Solution == rec.Goal)
		}
		back, err := nonogram.ParseNon(rec.Puzzle.NonText(rec.Title, rec.Goal))
		if err != nil {
			t.Fatalf("%s: written back: %v", f, err)
		}
		if back.Puzzle.TathamID() != rec.Puzzle.TathamID() || back.Goal != rec.Goal || back.Title != rec.Title {
			t.Errorf("%s: written back differs", f)
		}
		// Kind.Parse's path: the whole file is one record.
		if p, err := nonogram.Parse(string(b)); err != nil || p.TathamID() != rec.Puzzle.TathamID() {
			t.Errorf("%s: Parse: %v", f, err)
		}
	}
}

func TestNonErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"rows\n1\n", "line 1: row before width and height"},
		{"width 2\nheight 2\nrows\n1\n", "line 3: row needs 2 lines"},
		{"width 2\nheight 1\nrows\n1,x\ncolumns\n1\n0\n", "line 4: row 1: bad run"},
		{"width 2\nheight 1\nrows\n1a,1b\ncolumns\n1\n1\n", "only one-colour"},
		{"width 2\nheight 1\nrows\n2\n", "no columns section"},
		{"width 0\n", "line 1: width"},
		{"width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", "row 1: run of 3 in a line of 2"},
		{"width 2\nheight 1\nrows\n2\ncolumns\n1\n1\ngoal \"1\"\n", "goal has 1 cells, want 2"},
	} {
		_, err := nonogram.ParseNon(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseNon(%q) = %v, want %q", tc.text, err, tc.want)
		}
	}
	// Unknown keys are ignored, one colour letter is read.
	rec, err := nonogram.ParseNon("# comment\nwidth 2\nheight 1\nmystery 7\nrows\n1a,\ncolumns\n1a\n0\n")
	if err == nil {
		t.Errorf("a trailing comma leaves an empty run: want an error, got %v", rec.Puzzle.TathamID())
	}
	rec, err = nonogram.ParseNon("width 2\nheight 1\nmystery 7\nrows\n1a\ncolumns\n1a\n\n")
	if err != nil || rec.Puzzle.TathamID() != "2x1:1//1" {
		t.Errorf("one colour, unknown key, blank line as empty: %v", err)
	}
}

func TestXML(t *testing.T) {
	b, err := os.ReadFile("testdata/non/webpbn-1.xml")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := nonogram.ParseXML(string(b))
	if err != nil || len(recs) != 1 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	x := recs[0]
	nb, _ := os.ReadFile("testdata/non/webpbn-1.non")
	n, err := nonogram.ParseNon(string(nb))
	if err != nil {
		t.Fatal(err)
	}
	if x.Puzzle.TathamID() != n.Puzzle.TathamID() || x.Goal != n.Goal || x.Title != "Dancer" || !strings.Contains(x.Copyright, "©") {
		t.Fatalf("xml and .non of webpbn #1 differ: %s %s %q", x.Puzzle.TathamID(), n.Puzzle.TathamID(), x.Title)
	}
	back, err := nonogram.ParseXML(x.Puzzle.XMLText("Dancer & co", x.Goal))
	if err != nil || back[0].Puzzle.TathamID() != x.Puzzle.TathamID() || back[0].Goal != x.Goal || back[0].Title != "Dancer & co" {
		t.Fatalf("written back: %v", err)
	}
	if !(nonogram.Kind{}).Sniff(string(b)) {
		t.Error("Sniff refuses the XML")
	}
	for _, tc := range []struct{ text, want string }{
		{"<puzzleset>", "xml:"},
		{`<puzzle type="grid"><clues type="rows"><line><count>1</count></line></clues></puzzle>`, "want both"},
		{`<puzzle><clues type="rows"><line><count color="red">1</count></line></clues><clues type="columns"><line><count>1</count></line></clues></puzzle>`, "only one-colour"},
		{`<puzzle><clues type="rows"><line><count>x</count></line></clues><clues type="columns"><line><count>1</count></line></clues></puzzle>`, "bad count"},
	} {
		if _, err := nonogram.ParseXML(tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseXML(%.40q) = %v, want %q", tc.text, err, tc.want)
		}
	}
}
