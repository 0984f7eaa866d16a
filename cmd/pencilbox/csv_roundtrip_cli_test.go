package main

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/internal/shared"
)

// puzzlesOf is every puzzle of a library by kind and canonical form: its
// givens, status, solution, rank and tags, what a csv round trip keeps.
func puzzlesOf(t *testing.T, path string) map[string]string {
	t.Helper()
	d, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rows, err := d.Query(`SELECT p.kind || ' ' || p.canonical, p.givens || ' ' || p.status || ' ' || p.solution || ' rank ' || p.rank || ' tags ' ||
		coalesce((SELECT group_concat(tag, ' ') FROM (SELECT tag FROM tags WHERE puzzle_id = p.id ORDER BY tag)), '') FROM puzzles p`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		out[k] = v
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// csvRoundTrip imports each file (file, tag) into one library, exports
// it as csv (the filter's kind, or every kind for ""), imports the csv
// into an empty library and checks that it holds the same puzzles of that
// kind, with the same givens, status, solution, rank and tags. It returns
// the csv's path and the number of puzzles.
func csvRoundTrip(t *testing.T, kind string, files ...[2]string) (string, int) {
	t.Helper()
	dir := t.TempDir()
	a, b, out := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db"), filepath.Join(dir, "out.csv")
	for _, f := range files {
		file, tag := f[0], f[1]
		if code, _, errs := runCLI(t, "", "import", "--db", a, "--tag", tag, file); code != 0 {
			t.Fatalf("import %s: exit %d: %s", file, code, errs)
		}
	}
	export := []string{"export", "--db", a, "--format", "csv", "-o", out}
	if kind != "" {
		export = append(export, "--kind", kind)
	}
	for _, args := range [][]string{export, {"import", "--db", b, out}} {
		if code, _, errs := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
	}
	was, now := puzzlesOf(t, a), puzzlesOf(t, b)
	n := 0
	for k, v := range was {
		if kind != "" && !strings.HasPrefix(k, kind+" ") {
			continue
		}
		n++
		if now[k] != v {
			t.Errorf("%s:\nwas %s\nnow %s", k, v, now[k])
		}
	}
	if len(now) != n {
		t.Errorf("%d puzzles after the round trip, want %d", len(now), n)
	}
	return out, n
}

// TestCSVRoundTripNonogram: a Nonogram csv export imports back into an
// empty library as the same puzzles, solutions, ranks and tags (the csv
// import read Sudoku only: every Pattern ID came back a bad record).
func TestCSVRoundTripNonogram(t *testing.T) {
	_, n := csvRoundTrip(t, "nonogram",
		[2]string{"../../kinds/nonogram/testdata/sample/nonogram_janko_dev_1402.txt", "janko"},
		[2]string{"../../kinds/nonogram/testdata/sample/nonogram_sgt_dev.tsv", "tatham"})
	if n != 38+20 {
		t.Errorf("%d nonograms, want 58", n)
	}
}

// TestCSVRoundTripMixed: the csv of a filter without a kind holds Sudoku
// and Nonogram rows in one table; it imports back whole, each row read by
// its kind. A row no kind reads is reported with its file, line and
// reason, and the other rows are stored.
func TestCSVRoundTripMixed(t *testing.T) {
	out, n := csvRoundTrip(t, "",
		[2]string{"../../kinds/nonogram/testdata/sample/nonogram_janko_dev_1402.txt", "janko"},
		[2]string{"../../data/sample/sudoku_qqwing_simple.txt", "easy"})
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	if n != 38+40 || !strings.Contains(text, "\n10x10:") || !strings.Contains(text, ",easy,") {
		t.Fatalf("the csv of %d puzzles lacks a kind:\n%.300s", n, text)
	}
	bad := filepath.Join(t.TempDir(), "bad.csv")
	// after rows of both kinds, a mistyped Pattern ID (read by Nonogram,
	// not Sudoku: "position 3: 'x' is not a digit" was its reason) and a
	// row of no kind's
	withBad := text + "3x3:1/x/1/1/1/1,,1\nhello,,1\n"
	last := strings.Count(text, "\n")
	if err := os.WriteFile(bad, []byte(withBad), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "c.db")
	code, stdout, errs := runCLI(t, "", "import", "--db", db, bad)
	for _, want := range []string{
		fmt.Sprintf("%s:%d: tatham: column 2: bad run \"x\" in clue \"x\"", bad, last+1),
		fmt.Sprintf("%s:%d: csv: \"hello\" is no puzzle", bad, last+2) + ` of sudoku or nonogram (sudoku: position 1: 'h' is not a digit`,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if code != 1 || !strings.Contains(stdout, "rejected 2") || countPuzzles(t, db) != n {
		t.Errorf("exit %d, %s: %d puzzles stored, want %d", code, stdout, countPuzzles(t, db), n)
	}
}

// TestCSVRoundTripTeamNonograms is the slow cross-check over the team's
// every Nonogram (../shared: the Janko and Tatham sets, 1,641 puzzles
// once their duplicates merge): the csv export brings them all back.
func TestCSVRoundTripTeamNonograms(t *testing.T) {
	if testing.Short() {
		t.Skip("slow cross-check over ../shared's nonograms")
	}
	janko := shared.Path(t, "data/nonogram/nonogram_janko_dev_1402.txt")
	sgt := shared.Path(t, "data/nonogram/nonogram_sgt_dev.tsv")
	if _, n := csvRoundTrip(t, "nonogram", [2]string{janko, "janko"}, [2]string{sgt, "tatham"}); n != 1641 {
		t.Errorf("%d nonograms, want 1,641", n)
	}
}
