package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pencilbox/data/sample"
	"pencilbox/db"
)

// TestQueueRecipeAcrossRunners is README's recipe without GNU parallel:
// an import queues the ER of the puzzles its quick pass could not rate
// and says how many; export --er pending --format line writes exactly
// those (the same count), a csv export shows them as pending, never a
// number, and a set built on an ER range says how many it left out; the
// file split in two, `rate --er` on each, `import --ratings`
// stores them, refusing and naming a malformed line and a puzzle the
// library does not hold, and refusing whole a file whose figure was
// changed; nothing is pending after, each stored ER is rate --er's, and
// check is clean.
func TestQueueRecipeAcrossRunners(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lib.db")
	b, err := sample.FS.ReadFile("sudoku_top1465.txt")
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "top.sdm")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "", "import", "--db", path, in)
	m := regexp.MustCompile(`(?m)^ER: (\d+) puzzles? pending \(sudoku\); 'pencilbox rate-queue' rates them`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("import: exit %d: %s %s", code, out, errs)
	}
	pending, _ := strconv.Atoi(m[1])
	raw := openRaw(t, path)
	if n := count(t, raw, `SELECT count(*) FROM puzzles WHERE scale_rated = 0`); n != pending || n == 0 {
		t.Fatalf("%d pending in the library, the import said %d", n, pending)
	}

	pend := filepath.Join(dir, "pending.txt")
	if code, _, errs := runCLI(t, "", "export", "--db", path, "--er", "pending", "--format", "line", "-o", pend); code != 0 {
		t.Fatalf("export --er pending: %d %s", code, errs)
	}
	lines := readLines(t, pend)
	if len(lines) != pending {
		t.Fatalf("export --er pending wrote %d lines, %d are pending", len(lines), pending)
	}
	csvOut := filepath.Join(dir, "all.csv")
	if code, _, errs := runCLI(t, "", "export", "--db", path, "--format", "csv", "-o", csvOut); code != 0 {
		t.Fatalf("csv export: %d %s", code, errs)
	}
	f, _ := os.Open(csvOut)
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) < 2 {
		t.Fatal(err)
	}
	er := -1
	for i, h := range rows[0] {
		if h == "er" {
			er = i
		}
	}
	shown := 0
	for _, r := range rows[1:] {
		if r[er] == "pending" {
			shown++
		} else if _, err := strconv.ParseFloat(r[er], 64); r[er] != "" && err != nil {
			t.Errorf("csv er %q", r[er])
		}
	}
	if er < 0 || shown != pending {
		t.Errorf("the csv shows %d puzzles pending, %d are", shown, pending)
	}

	// a set built on an ER range says what it could not consider
	code, out, errs = runCLI(t, "", "set", "build", "--db", path, "--recipe", "er=1-:1", "Week 1")
	if want := fmt.Sprintf("; %d candidates still pending (er=pending) were left out", pending); code != 0 || !strings.Contains(out, want) {
		t.Errorf("set build on ER: exit %d: %q %q, want %q", code, out, errs, want)
	}

	// any runner: split, rate --er on each part
	half := len(lines) / 2
	var parts []string
	for i, chunk := range [][]string{lines[:half], lines[half:]} {
		code, rated, errs := runCLI(t, strings.Join(chunk, "\n")+"\n", "rate", "--er")
		if code != 0 {
			t.Fatalf("rate --er: %d %s", code, errs)
		}
		p := filepath.Join(dir, fmt.Sprintf("rated%d.txt", i))
		os.WriteFile(p, []byte(rated), 0o644)
		parts = append(parts, p)
	}
	first := readLines(t, parts[0])[0]
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("not a puzzle\tunique\n"+strings.Replace(first, strings.Fields(first)[0], blank(hardSol, 0, 40), 1)+"\n"), 0o644)
	cols := strings.Split(first, "\t")
	cols[6] = "1.0" // an ER the rater would not give
	changed := filepath.Join(dir, "changed.txt")
	os.WriteFile(changed, []byte(strings.Join(cols, "\t")+"\n"), 0o644)

	code, out, errs = runCLI(t, "", append([]string{"import", "--db", path, "--ratings"}, append(parts, bad, changed)...)...)
	if code != 1 || !strings.Contains(out, fmt.Sprintf("ratings: stored %s, refused 2 lines and 1 file", thousands(pending))) || strings.Contains(out, "pending") {
		t.Errorf("import --ratings: exit %d: %s", code, out)
	}
	for _, want := range []string{"bad.txt:1: ", "bad.txt:2: a puzzle the library does not hold", "changed.txt: line 1 rated again here gives"} {
		if !strings.Contains(errs, want) {
			t.Errorf("import --ratings' errors lack %q:\n%s", want, errs)
		}
	}
	if n := count(t, raw, `SELECT count(*) FROM puzzles WHERE scale_rated = 0`); n != 0 {
		t.Errorf("%d still pending", n)
	}
	want := rateER(t, path)
	if k := checkFillKilled(t, raw, want, "after import --ratings"); k != len(want) {
		t.Errorf("%d of %d rated", k, len(want))
	}
	checkClean(t, path, "after import --ratings")
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// TestServeQueueJobsChecked: serve refuses --queue-jobs outside 0 to
// maxQueueJobs before it opens anything.
func TestServeQueueJobsChecked(t *testing.T) {
	for _, v := range []string{"-1", strconv.Itoa(maxQueueJobs + 1)} {
		code, _, errs := runCLI(t, "", "serve", "--db", t.TempDir()+"/x.db", "--queue-jobs", v)
		if code != 2 || !strings.Contains(errs, fmt.Sprintf("--queue-jobs wants 0 to %d", maxQueueJobs)) {
			t.Errorf("serve --queue-jobs %s: exit %d, %q", v, code, errs)
		}
	}
}

// TestImportSaysQueuePaused: with serve's queue paused by an editor, an
// import does not promise that serve rates what it queued: it says the
// queue is paused, by whom, and where to resume it.
func TestImportSaysQueuePaused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lib.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	err = d.SetQueuePause(db.WithActor(context.Background(), "ann"), true)
	d.Close()
	if err != nil {
		t.Fatal(err)
	}
	b, err := sample.FS.ReadFile("sudoku_forum_hardest.txt")
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "hard.sdm")
	os.WriteFile(in, b, 0o644)
	code, out, errs := runCLI(t, "", "import", "--db", path, in)
	if want := "'pencilbox rate-queue' rates them, serve's queue is paused (by ann): resume it on /queue"; code != 0 || !strings.Contains(out, want) {
		t.Errorf("import with the queue paused: exit %d, %q %s; want %q", code, out, errs, want)
	}
}
