package importers_test

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/nonogram"
	nonoimp "pencilbox/kinds/nonogram/formats"
	"pencilbox/kinds/sudoku"
	sudokuimp "pencilbox/kinds/sudoku/formats"
)

// mixedRegistry is the registry of two kinds that read csv rows.
func mixedRegistry() importers.Registry {
	return importers.NewRegistry(engine.Registry{sudoku.Kind{}, nonogram.Kind{}}, sudokuimp.Formats(), nonoimp.Formats())
}

func readCSV(t *testing.T, f importers.Format, in string) []importers.Record {
	t.Helper()
	var recs []importers.Record
	if err := f.Read(strings.NewReader(in), func(r importers.Record) error {
		recs = append(recs, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestCSVMixesKinds: the csv export of a filter without a kind holds
// Sudoku and Nonogram rows in one table; the registry's one csv format
// reads each row by the kind whose puzzle it is (Sudoku's csv alone read
// every Pattern ID as a bad Sudoku line, "position 3: 'x' is not a
// digit"), checks a Nonogram solution against the clues, keeps tags and
// names a row no kind reads with every kind's reason.
func TestCSVMixesKinds(t *testing.T) {
	reg := mixedRegistry()
	n := 0
	for _, f := range reg {
		if f.Name == "csv" {
			n++
			if f.Kind != nil {
				t.Errorf("the shared csv format is %s's", f.Kind.Name())
			}
		}
	}
	if n != 1 {
		t.Fatalf("%d csv formats, want one", n)
	}
	for _, k := range []string{"sudoku", "nonogram"} {
		if f, err := reg.Lookup(k + "-csv"); err != nil || f.Kind == nil || f.Kind.Name() != k {
			t.Errorf("%s-csv: %v %v", k, f.Kind, err)
		}
	}

	const id = "4x3:1/3/1/1/1/3/1.1"
	p, err := nonogram.Parse(id)
	if err != nil {
		t.Fatal(err)
	}
	sol := p.Solve().Solution
	wrong := strings.Replace(sol, "1", "0", 1)
	in := "puzzle,solution,rank,tags\n" +
		top1 + ",,3,a b\n" +
		id + "," + sol + ",1,pic\n" +
		id + "," + wrong + ",1,\n" +
		"4x3:1/3/x/1/1/3/1.1,,1,\n" +
		"hello,,1,\n"
	f, r, err := importers.Open(strings.NewReader(in), reg, "")
	if err != nil || f.Name != "csv" {
		t.Fatalf("detected %s, %v", f.Name, err)
	}
	var recs []importers.Record
	if err := f.Read(r, func(rec importers.Record) error {
		recs = append(recs, rec)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 5 {
		t.Fatalf("%d records, want 5", len(recs))
	}
	if g := recs[0]; g.Err != nil || g.Puzzle.Kind().Name() != "sudoku" || g.Line != 2 || strings.Join(g.Tags, " ") != "a b" || g.Meta["rank"] != "3" {
		t.Errorf("sudoku row: %+v", g)
	}
	if g := recs[1]; g.Err != nil || g.Puzzle.Kind().Name() != "nonogram" || g.Puzzle.Givens() != id || g.Solution != sol || g.Line != 3 || strings.Join(g.Tags, " ") != "pic" {
		t.Errorf("nonogram row: %+v", g)
	}
	for i, want := range []string{
		"the solution given breaks the clues",
		"", // the nonogram parser's reason, not Sudoku's
		`csv: "hello" is no puzzle of sudoku or nonogram (sudoku: `,
	} {
		g := recs[2+i]
		if g.Err == nil || g.Puzzle != nil || g.Line != 4+i || !strings.Contains(g.Err.Error(), want) || strings.Contains(g.Err.Error(), "is not a digit") != (i == 2) {
			t.Errorf("line %d: %v, want %q", g.Line, g.Err, want)
		}
	}
	if _, err := p.ParseSolution(wrong); err != nil {
		t.Fatalf("the wrong solution should be well formed: %v", err)
	}
}

// TestCSVSudokuAsBefore: Sudoku's tables read through the shared csv of a
// registry that also reads Nonogram rows give the very records Sudoku's
// csv alone gives: the same puzzles, solutions, tags, metadata, lines and
// reasons (a mistyped first row is "80 cells, want 81", not a list of
// every kind's reasons).
func TestCSVSudokuAsBefore(t *testing.T) {
	kaggle, err := os.ReadFile("../kinds/sudoku/formats/testdata/kaggle.csv")
	if err != nil {
		t.Fatal(err)
	}
	top2 := strings.Repeat(".", 40) + "1" + strings.Repeat(".", 40)
	ins := []string{
		string(kaggle),
		"My collection\r\n# comment\r\nid;puzzle;rating\r\n1;" + top1[:80] + ";3\r\n2\r\n3;a\"b;4\r\n\r\n4;" + top2 + ";5\r\n",
		"Title line\n#!sudoku -c1,PuzzleR,Label,ER\n" + top1 + ",first,11.3\nxx,second,1\n",
		"id,rating\n1,2\n",
		"a\nb\nc\nd\ne\nf\n",
		"quizzes,solutions,tags\n" + top1 + ",,x y\n" + top1[:80] + "x,,\n" + top1 + " note,123,\n",
	}
	alone := sudokuimp.CSV()
	shared, err := mixedRegistry().Lookup("csv")
	if err != nil {
		t.Fatal(err)
	}
	for i, in := range ins {
		a, b := readCSV(t, alone, in), readCSV(t, shared, in)
		if len(a) == 0 || len(a) != len(b) {
			t.Errorf("input %d: %d records alone, %d shared", i, len(a), len(b))
			continue
		}
		for j := range a {
			if x, y := describe(a[j]), describe(b[j]); x != y || !reflect.DeepEqual(a[j].Meta, b[j].Meta) {
				t.Errorf("input %d record %d:\nalone  %s\nshared %s", i, j, x, y)
			}
		}
	}
}

// describe prints a record with its puzzle's kind and givens.
func describe(r importers.Record) string {
	p := r.Puzzle
	r.Puzzle = nil
	if p != nil {
		return fmt.Sprintf("%+v %s %s", r, p.Kind().Name(), p.Givens())
	}
	return fmt.Sprintf("%+v", r)
}
