package main

import (
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestExportER: export --er keeps the puzzles of that ER range, --sort er
// orders them; the csv has er, ep, ed columns and json er, ep, ed keys
// equal to the stored ratings; a booklet takes --caption stars|er|both
// and refuses anything else.
func TestExportER(t *testing.T) {
	lib := sampleLibrary(t)
	dir := t.TempDir()
	d, err := sql.Open("sqlite", "file:"+lib+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var want int
	d.QueryRow(`SELECT count(*) FROM puzzles WHERE scale1 BETWEEN 3.0 AND 4.5`).Scan(&want)
	if want == 0 {
		t.Fatal("the sample has no puzzle of ER 3.0-4.5")
	}
	out := filepath.Join(dir, "er.csv")
	if code, _, errs := runCLI(t, "", "export", "--db", lib, "--kind", "sudoku", "--er", "3.0-4.5", "--sort", "er", "--format", "csv", "-o", out); code != 0 {
		t.Fatalf("csv export: %d %s", code, errs)
	}
	f, _ := os.Open(out)
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != want+1 || strings.Join(rows[0][8:], ",") != "er,ep,ed" {
		t.Fatalf("csv: %d rows (want %d and a header), header %v, %v", len(rows), want+1, rows[0], err)
	}
	prev := 0.0
	for _, r := range rows[1:] {
		er, _ := strconv.ParseFloat(r[8], 64)
		var ser, sep, sed float64
		if err := d.QueryRow(`SELECT scale1, scale2, scale3 FROM puzzles WHERE givens = ?`, r[0]).Scan(&ser, &sep, &sed); err != nil {
			t.Fatal(err)
		}
		if er < 3 || er > 4.5 || er < prev || r[8] != strconv.FormatFloat(ser, 'f', 1, 64) ||
			r[9] != strconv.FormatFloat(sep, 'f', 1, 64) || r[10] != strconv.FormatFloat(sed, 'f', 1, 64) {
			t.Errorf("row %v: stored %v %v %v (previous ER %v)", r, ser, sep, sed, prev)
		}
		prev = er
	}
	out = filepath.Join(dir, "er.json")
	if code, _, errs := runCLI(t, "", "export", "--db", lib, "--er", "7-", "--format", "json", "-o", out); code != 0 {
		t.Fatalf("json export: %d %s", code, errs)
	}
	b, _ := os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	var hard int
	d.QueryRow(`SELECT count(*) FROM puzzles WHERE scale1 >= 7`).Scan(&hard)
	if len(lines) != hard {
		t.Errorf("json --er 7-: %d lines, %d stored", len(lines), hard)
	}
	for _, l := range lines {
		var rec map[string]any
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		if er, _ := rec["er"].(float64); er < 7 || rec["ep"] == nil || rec["ed"] == nil {
			t.Errorf("json record %.200s", l)
		}
	}
	for _, tc := range []struct {
		caption string
		code    int
	}{{"stars", 0}, {"er", 0}, {"both", 0}, {"none", 0}, {"ER!", 2}} {
		out := filepath.Join(dir, "b-"+tc.caption+".pdf")
		code, _, errs := runCLI(t, "", "export", "--db", lib, "--er", "3.0-4.5", "--sort", "er", "--format", "pdf", "--caption", tc.caption, "-o", out)
		if code != tc.code {
			t.Errorf("--caption %s: exit %d, want %d: %s", tc.caption, code, tc.code, errs)
		}
		if tc.code != 0 && !strings.Contains(errs, "want stars, er, both or none") {
			t.Errorf("--caption %s: %q", tc.caption, errs)
		}
	}
	if code, _, errs := runCLI(t, "", "export", "--db", lib, "--er", "4.5-3", "--format", "csv", "-o", filepath.Join(dir, "x.csv")); code != 2 || !strings.Contains(errs, "--er") {
		t.Errorf("an empty --er range: exit %d %q", code, errs)
	}
}
