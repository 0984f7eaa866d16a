package main

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A json line's id and date, which are each library's own.
var (
	idRe      = regexp.MustCompile(`^\{"id":\d+,`)
	createdRe = regexp.MustCompile(`,"created":"[^"]*"`)
)

// provenance is every puzzle's sources (label, file, line, text) and
// tags, by kind and canonical form: what a round trip must keep.
func provenance(t *testing.T, path string) map[string]string {
	t.Helper()
	d, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	out := map[string]string{}
	for _, q := range []string{
		`SELECT p.kind || ' ' || p.canonical, 'source ' || s.label || '|' || s.file || '|' || s.line || '|' || s.text FROM sources s JOIN puzzles p ON p.id = s.puzzle_id`,
		`SELECT p.kind || ' ' || p.canonical, 'tag ' || t.tag FROM tags t JOIN puzzles p ON p.id = t.puzzle_id`,
	} {
		rows, err := d.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][]string{}
		for rows.Next() {
			var k, v string
			if err := rows.Scan(&k, &v); err != nil {
				t.Fatal(err)
			}
			got[k] = append(got[k], v)
		}
		rows.Close()
		for k, vs := range got {
			slices.Sort(vs)
			out[k] += strings.Join(vs, "\n") + "\n"
		}
	}
	return out
}

// TestJSONRoundTripKeepsProvenance (issue 33, item 8): a library's json
// export, imported into a fresh library, gives every puzzle the sources
// it had (label, file, line and the record's own text; two for a puzzle
// imported twice) and its tags, not the export file's name and its json
// line; and exporting the new library gives the same file again, but
// for the ids and dates.
func TestJSONRoundTripKeepsProvenance(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	for _, args := range [][]string{
		{"import", "--db", a, "--source", "qqwing", "--tag", "easy", "../../data/sample/sudoku_qqwing_simple.txt"},
		{"import", "--db", a, "--tag", "janko", "../../data/sample/akari_janko.txt"},
		{"import", "--db", a, "--source", "again", "--tag", "twice", "../../data/sample/sudoku_qqwing_simple.txt"},
		{"export", "--db", a, "--format", "json", "-o", filepath.Join(dir, "a.jsonl")},
		{"import", "--db", b, filepath.Join(dir, "a.jsonl")},
		{"export", "--db", b, "--format", "json", "-o", filepath.Join(dir, "b.jsonl")},
	} {
		if code, _, errs := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
	}
	was, now := provenance(t, a), provenance(t, b)
	if len(was) < 50 {
		t.Fatalf("the first library holds %d puzzles with provenance", len(was))
	}
	twice := 0
	for k, v := range was {
		if now[k] != v {
			t.Errorf("%s:\nwas\n%snow\n%s", k, v, now[k])
		}
		if strings.Count(v, "source ") == 2 {
			twice++
		}
	}
	if len(now) != len(was) || twice == 0 {
		t.Errorf("%d puzzles after the round trip, were %d (%d with two sources)", len(now), len(was), twice)
	}
	strip := func(file string) string {
		var lines []string
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			// ids and dates are the new library's own
			l = idRe.ReplaceAllString(l, "{")
			lines = append(lines, createdRe.ReplaceAllString(l, ""))
		}
		return strings.Join(lines, "\n")
	}
	if x, y := strip(filepath.Join(dir, "a.jsonl")), strip(filepath.Join(dir, "b.jsonl")); x != y {
		t.Errorf("the second export differs from the first:\n%s", firstDiff(x, y))
	}
}

// firstDiff shows the first line where x and y differ.
func firstDiff(x, y string) string {
	xs, ys := strings.Split(x, "\n"), strings.Split(y, "\n")
	for i := range min(len(xs), len(ys)) {
		if xs[i] != ys[i] {
			return fmt.Sprintf("line %d:\n%s\n%s", i+1, xs[i], ys[i])
		}
	}
	return fmt.Sprintf("%d lines, %d lines", len(xs), len(ys))
}
