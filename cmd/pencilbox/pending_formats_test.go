package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// exportWith runs `pencilbox export` with SOURCE_DATE_EPOCH set, so a
// booklet is the same bytes for the same puzzles.
func exportWith(t *testing.T, args ...string) (int, string) {
	t.Helper()
	e := newEnv()
	var out, errb bytes.Buffer
	e.stdin, e.stdout, e.stderr = strings.NewReader(""), &out, &errb
	e.isTerminal = func(io.Writer) bool { return false }
	e.getenv = func(k string) string {
		if k == "SOURCE_DATE_EPOCH" {
			return "1700000000"
		}
		return ""
	}
	return run(e, append([]string{"export"}, args...)), errb.String()
}

// TestPendingNeverANumber (issue 34: "a puzzle whose ER is pending is
// never shown or exported with a wrong number"): a library holding
// Sudoku puzzles rated, pending (left to the queue by the import) and
// with nothing to rate (no unique solution), and puzzles of kinds
// without the scale. Every export format, run twice, once as stored and
// once with made-up figures written into the pending rows' slots (a
// pending row's slots are NULL; whatever they hold must not reach a
// file), gives the same bytes: no format prints a pending puzzle's
// slots. And the formats that carry the scale say pending explicitly,
// apart from "nothing to rate": the json lists the pending keys under
// "pending" and gives no figure key, the csv writes pending in each
// column; a puzzle with nothing to rate has neither.
func TestPendingNeverANumber(t *testing.T) {
	lib := sampleLibrary(t)
	dir := t.TempDir()
	none := filepath.Join(dir, "none.sdm")
	// two puzzles with no unique solution: nothing to rate
	os.WriteFile(none, []byte(empty+"\n"+"12"+empty[2:]+"\n"), 0o644)
	if code, _, errs := runCLI(t, "", "import", "--db", lib, none); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	raw := openRaw(t, lib)
	pending := count(t, raw, `SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	rated := count(t, raw, `SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale1 > 0`)
	nothing := count(t, raw, `SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 1 AND scale1 IS NULL`)
	others := count(t, raw, `SELECT count(*) FROM puzzles WHERE kind <> 'sudoku'`)
	if pending == 0 || rated == 0 || nothing < 2 || others == 0 {
		t.Fatalf("the library wants every case: %d pending, %d rated, %d with nothing to rate, %d of other kinds", pending, rated, nothing, others)
	}

	exportAll := func(tag string) map[string][]byte {
		out := map[string][]byte{}
		for _, f := range newEnv().exports.Formats() {
			args := []string{"--db", lib, "--format", f.Name}
			if f.Name == "pdf" {
				// a booklet of every case, captioned by the scale
				args = append(args, "--kind", "sudoku", "--caption", "both")
			} else if len(f.Kinds) > 0 && !slices.Contains(f.Kinds, "sudoku") {
				args = append(args, "--kind", f.Kinds[0])
			} else if len(f.Kinds) > 0 {
				args = append(args, "--kind", "sudoku")
			}
			p := filepath.Join(dir, tag+"."+f.Name)
			if code, errs := exportWith(t, append(args, "-o", p)...); code != 0 {
				t.Fatalf("export --format %s: %d %s", f.Name, code, errs)
			}
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out[f.Name] = b
		}
		return out
	}
	before := exportAll("stored")
	if _, err := raw.Exec(`UPDATE puzzles SET scale1 = 9.9, scale2 = 9.8, scale3 = 9.7, scale_note = 'Made up'
		WHERE kind = 'sudoku' AND scale_rated = 0`); err != nil {
		t.Fatal(err)
	}
	after := exportAll("slots")
	for name, b := range before {
		if name == "pdf" {
			// fpdf writes its font dictionary in map order: the text
			// is what is compared
			if _, err := exec.LookPath("pdftotext"); err != nil && os.Getenv("CI") == "" {
				t.Log("pdftotext not found: the booklet is not compared (make test installs poppler-utils)")
				continue
			}
			b, after[name] = []byte(pdfPages(t, b)), []byte(pdfPages(t, after[name]))
			if strings.Contains(string(after[name]), "9.9") {
				t.Errorf("the booklet prints a pending puzzle's slot")
			}
		}
		if !bytes.Equal(b, after[name]) {
			t.Errorf("export --format %s prints a pending puzzle's slots", name)
		}
	}

	// json: pending said by key, never a figure; nothing to rate says neither
	var saidPending, saidNothing int
	for l := range strings.Lines(string(before["json"])) {
		var rec map[string]any
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		if rec["kind"] != "sudoku" {
			if _, has := rec["pending"]; has {
				t.Errorf("a puzzle of a kind without the scale is pending: %.200s", l)
			}
			continue
		}
		_, hasER := rec["er"]
		switch p := fmt.Sprint(rec["pending"]); {
		case p == "[er ep ed]" && !hasER && rec["ep"] == nil && rec["er_technique"] == nil:
			saidPending++
		case rec["pending"] != nil:
			t.Errorf("json pending %v with er %v: %.200s", rec["pending"], rec["er"], l)
		case !hasER && rec["status"] != "unique":
			saidNothing++
		case !hasER:
			// unique, rated, no figure: the rater gave up
		default:
			if _, ok := rec["er"].(float64); !ok {
				t.Errorf("json er %v", rec["er"])
			}
		}
	}
	if saidPending != pending || saidNothing != nothing {
		t.Errorf("json: %d said pending (%d are), %d with nothing to rate (%d are)", saidPending, pending, saidNothing, nothing)
	}

	// csv (of Sudoku alone: the format is the kind's): pending in each of
	// the scale's columns; nothing to rate (no solution) empty
	rows, err := csv.NewReader(bytes.NewReader(before["csv"])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	saidPending, saidNothing = 0, 0
	for _, r := range rows[1:] {
		er, ep, ed := r[col["er"]], r[col["ep"]], r[col["ed"]]
		switch {
		case er == "pending" && ep == "pending" && ed == "pending":
			saidPending++
		case er == "" && r[col["solution"]] == "":
			saidNothing++
		case er != "":
			if _, err := strconv.ParseFloat(er, 64); err != nil {
				t.Errorf("csv row %v", r)
			}
		}
	}
	if saidPending != pending || saidNothing != nothing {
		t.Errorf("csv: %d said pending (%d are), %d with nothing to rate (%d are)", saidPending, pending, saidNothing, nothing)
	}
}

// TestExportSortPendingGroup: export --sort er (and --desc) writes the
// rated by their figure, then the pending, then those with nothing to
// rate: the csv's er column reads numbers, then "pending", then empty.
func TestExportSortPendingGroup(t *testing.T) {
	lib := sampleLibrary(t)
	dir := t.TempDir()
	none := filepath.Join(dir, "none.sdm")
	os.WriteFile(none, []byte(empty+"\n"), 0o644)
	if code, _, errs := runCLI(t, "", "import", "--db", lib, none); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	pending := count(t, openRaw(t, lib), `SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	for _, desc := range []string{"--desc=false", "--desc"} {
		out := filepath.Join(dir, "sorted.csv")
		if code, _, errs := runCLI(t, "", "export", "--db", lib, "--kind", "sudoku", "--sort", "er", desc, "--format", "csv", "-o", out); code != 0 {
			t.Fatalf("export --sort er %s: %d %s", desc, code, errs)
		}
		b, _ := os.ReadFile(out)
		rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		er := slices.Index(rows[0], "er")
		var groups []int
		said := 0
		for _, r := range rows[1:] {
			switch r[er] {
			case "pending":
				groups = append(groups, 1)
				said++
			case "":
				groups = append(groups, 2)
			default:
				groups = append(groups, 0)
			}
		}
		if !slices.IsSorted(groups) || said != pending || groups[len(groups)-1] != 2 {
			t.Errorf("export --sort er %s: groups %v (%d pending, %d are)", desc, groups, said, pending)
		}
	}
}
