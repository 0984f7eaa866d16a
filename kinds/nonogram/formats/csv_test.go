package formats_test

import (
	"strconv"
	"strings"
	"testing"
)

const exportSample = "../testdata/sample/nonogram_export.csv"

// TestCSVReadsTheExport: the csv export of Nonograms reads back (Sudoku's
// csv read each Pattern ID as a bad Sudoku line): every row's puzzle, its
// solution (checked against the clues, and the one the solver finds), its
// rank again and its tags.
func TestCSVReadsTheExport(t *testing.T) {
	recs := readAll(t, file(t, exportSample), "csv")
	if len(recs) != 10 {
		t.Fatalf("%d records, want 10", len(recs))
	}
	tags := map[string]int{}
	for _, rec := range recs {
		if rec.Err != nil {
			t.Fatalf("line %d: %v", rec.Line, rec.Err)
		}
		r := rec.Puzzle.Rate(false)
		if rec.Puzzle.Givens() != rec.Text || rec.Solution == "" || rec.Solution != r.Solution || strconv.Itoa(r.Rank) != rec.Meta["rank"] {
			t.Errorf("line %d: %s solution %q rank %s, solved %q rank %d", rec.Line, rec.Text, rec.Solution, rec.Meta["rank"], r.Solution, r.Rank)
		}
		if len(rec.Tags) != 1 || rec.Meta["source"] == "" {
			t.Errorf("line %d: tags %v meta %v", rec.Line, rec.Tags, rec.Meta)
		}
		tags[strings.Join(rec.Tags, " ")]++
	}
	if tags["janko"] != 8 || tags["tatham"] != 2 {
		t.Errorf("tags %v, want 8 janko and 2 tatham", tags)
	}
}

// TestCSVChecksSolutions: a row whose solution breaks the clues, or is
// not a picture of the puzzle's size, is a bad record at its line with
// the reason; the rows around it are read.
func TestCSVChecksSolutions(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(file(t, exportSample), "\n"), "\n")
	// lines[2] is the header (after two comment lines), lines[3] the first row
	f := strings.Split(lines[3], ",")
	flipped := []byte(f[1])
	flipped[0] ^= 1 // '0' <-> '1'
	broken := strings.Join(append([]string{f[0], string(flipped)}, f[2:]...), ",")
	short := strings.Join(append([]string{f[0], f[1][:len(f[1])-11]}, f[2:]...), ",")
	text := strings.Join(append(lines[:4], append([]string{broken, short}, lines[4:]...)...), "\n") + "\n"
	recs := readAll(t, text, "csv")
	if len(recs) != 12 {
		t.Fatalf("%d records, want 12", len(recs))
	}
	for i, want := range []string{"the solution given breaks the clues: ", "the solution given: solution has 9 rows, want 10"} {
		rec := recs[1+i]
		if rec.Line != 5+i || rec.Err == nil || rec.Puzzle != nil || !strings.HasPrefix(rec.Err.Error(), want) {
			t.Errorf("record %d: line %d %v, want line %d %q", 1+i, rec.Line, rec.Err, 5+i, want)
		}
	}
	for _, i := range []int{0, 3, 11} {
		if recs[i].Err != nil {
			t.Errorf("line %d: %v", recs[i].Line, recs[i].Err)
		}
	}
}
