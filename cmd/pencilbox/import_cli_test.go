package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	_ "modernc.org/sqlite"
)

// writeFiles writes name -> content files in dir and returns their paths
// in the order of names.
func writeFiles(t *testing.T, dir string, files map[string]string, names ...string) []string {
	t.Helper()
	var paths []string
	for _, n := range names {
		p := filepath.Join(dir, n)
		if content, ok := files[n]; ok {
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		paths = append(paths, p)
	}
	return paths
}

// countPuzzles opens the database file directly, as another program would.
func countPuzzles(t *testing.T, path string) int {
	t.Helper()
	d, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var n int
	if err := d.QueryRow(`SELECT count(*) FROM puzzles`).Scan(&n); err != nil {
		t.Fatalf("count puzzles in %s: %v", path, err)
	}
	return n
}

// blank empties the cells at the given indices of a solution grid: a
// puzzle whose only solution is that grid.
func blank(sol string, cells ...int) string {
	b := []byte(sol)
	for _, c := range cells {
		b[c] = '.'
	}
	return string(b)
}

// TestImportExitStatus: the summary line, the FILE:LINE reports and the
// exit status of `pencilbox import` for good files, rejected records, a
// file that cannot be opened among good ones, and a CSV whose solution
// column disagrees with the puzzle.
func TestImportExitStatus(t *testing.T) {
	wrongSol := hardSol[1:2] + hardSol[0:1] + hardSol[2:] // two digits swapped
	files := map[string]string{
		"good.sdm":  hard + "\n",
		"other.sdm": blank(hardSol, 0, 40) + "\n" + empty + "\n",
		"bad.sdm":   hard + "\n12345 not a puzzle\n",
		"multi.sdm": empty + "\n1" + empty[1:] + "\n", // no unique solution: stored, invalid
		"sol.csv": "puzzle,solution\n" +
			hard + "," + hardSol + "\n" +
			blank(hardSol, 3) + "," + wrongSol + "\n" +
			blank(hardSol, 3, 77) + "," + hardSol + "\n",
	}
	// then the line saying what the rating queue has left, when some
	const secs = ` in [0-9]+\.[0-9] s\n(ER: [0-9]+ puzzles? pending \(sudoku\); 'pencilbox rate-queue' rates them, serve does in the background\n)?$`
	cases := []struct {
		name    string
		files   []string
		code    int
		summary string   // regexp of stdout
		stderr  []string // regexps of the stderr lines, in order
		stored  int
	}{
		{"good files", []string{"good.sdm", "other.sdm"}, 0,
			`^imported 2, duplicates 0, invalid 1 \(stored, no unique solution\), rejected 0` + secs, nil, 3},
		{"puzzles with no unique solution are stored and said so", []string{"multi.sdm"}, 0,
			`^imported 0, duplicates 0, invalid 2 \(stored, no unique solution\), rejected 0` + secs, nil, 2},
		{"a rejected record", []string{"bad.sdm"}, 1,
			`^imported 1, duplicates 0, invalid 0, rejected 1 \(see errors above\)` + secs,
			[]string{`^.*bad\.sdm:2: .+$`}, 1},
		{"a missing file among good ones", []string{"good.sdm", "missing.sdm", "other.sdm"}, 2,
			`^imported 2, duplicates 0, invalid 1 \(stored, no unique solution\), rejected 0, 1 file could not be read \(see errors above\)` + secs,
			[]string{`^.*missing\.sdm: no such file or directory$`}, 3},
		{"a solution column that disagrees", []string{"sol.csv"}, 1,
			`^imported 2, duplicates 0, invalid 0, rejected 1 \(see errors above\)` + secs,
			[]string{`^.*sol\.csv:3: the solution given does not match the puzzle's solution ` + hardSol + `$`}, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			dbPath := filepath.Join(dir, "lib.db")
			paths := writeFiles(t, dir, files, tc.files...)
			code, out, errs := runCLI(t, "", append([]string{"import", "--db", dbPath, "--jobs", "2"}, paths...)...)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tc.code, errs)
			}
			if !regexp.MustCompile(tc.summary).MatchString(out) {
				t.Errorf("stdout %q, want %q", out, tc.summary)
			}
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			if errs == "" {
				lines = nil
			}
			if len(lines) != len(tc.stderr) {
				t.Fatalf("stderr:\n%s\nwant %d lines %q", errs, len(tc.stderr), tc.stderr)
			}
			for i, re := range tc.stderr {
				if !regexp.MustCompile(re).MatchString(lines[i]) {
					t.Errorf("stderr line %d %q, want %q", i+1, lines[i], re)
				}
			}
			if n := countPuzzles(t, dbPath); n != tc.stored {
				t.Errorf("%d puzzles stored, want %d", n, tc.stored)
			}
		})
	}
}

// TestImportHelpTellsExitStatus: -h documents the exit status scripts rely on.
func TestImportHelpTellsExitStatus(t *testing.T) {
	code, _, errs := runCLI(t, "", "import", "-h")
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	for _, want := range []string{"Exit status: 0", "1 when some record was", "2 when some file could not be read"} {
		if !strings.Contains(strings.Join(strings.Fields(errs), " "), want) {
			t.Errorf("import -h lacks %q:\n%s", want, errs)
		}
	}
}
