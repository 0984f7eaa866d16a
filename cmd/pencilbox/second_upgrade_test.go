package main

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/data/sample"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

// previousSchema is the last migration before the second rating's.
const previousSchema = 4

// oldSecondLibrary writes, with plain SQL as the binary before the second rating
// did, a library of the sample's easy Sudoku files at the previous schema.
func oldSecondLibrary(t *testing.T) (path string, n int) {
	t.Helper()
	ctx := context.Background()
	path = filepath.Join(t.TempDir(), "old.db")
	w, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := db.MigrateTo(ctx, w, previousSchema); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sudoku_qqwing_simple.txt", "sudoku_17_clue.txt"} {
		b, err := sample.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(b)) {
			line = strings.TrimSpace(line)
			if line == "" || line[0] == '#' {
				continue
			}
			p, err := sudoku.Kind{}.Parse(line)
			if err != nil {
				t.Fatal(err)
			}
			r := p.Rate(false)
			n++
			if _, err := w.ExecContext(ctx, `INSERT INTO puzzles(kind, givens, canonical, status, solution, rank, score,
				hypothesis, clues, width, height, profile, created) VALUES('sudoku',?,?,?,?,?,?,?,?,9,9,?,1600000000)`,
				p.Givens(), p.Canonical(), int(r.Status), r.Solution, r.Rank, r.Score, int(r.Verdict), p.Clues(),
				engine.ProfileString(r.Profile)); err != nil {
				t.Fatal(err)
			}
			for _, c := range r.Profile {
				if _, err := w.ExecContext(ctx, `INSERT INTO profile VALUES(last_insert_rowid(), ?, ?)`, c.ID, c.N); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return path, n
}

// TestUpgradeFillsSecondRating: a library made by the previous schema
// opens; check counts every Sudoku's ER as pending (not a mismatch); check --fix
// rates them (and passes); check passes after, and the stored ER is the
// one `rate --er` prints.
func TestUpgradeFillsSecondRating(t *testing.T) {
	path, n := oldSecondLibrary(t)
	code, out, errs := runCLI(t, "", "check", "--db", path)
	if code != 0 || !strings.Contains(out, fmt.Sprintf("; %d pending for the rating queue", n)) {
		t.Fatalf("check of the old library: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "", "check", "--db", path, "--fix")
	if code != 0 || !strings.Contains(out, " 0 mismatches") || !strings.Contains(out, "rated ") {
		t.Fatalf("check --fix: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "", "check", "--db", path)
	if code != 0 || !strings.Contains(out, " 0 mismatches") {
		t.Fatalf("check after the fill: exit %d\n%s%s", code, out, errs)
	}
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rows, err := d.R.Query(`SELECT givens, coalesce(scale1, 0), coalesce(scale_note, '') FROM puzzles ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	seen := 0
	for rows.Next() {
		var givens, tech string
		var er float64
		if err := rows.Scan(&givens, &er, &tech); err != nil {
			t.Fatal(err)
		}
		seen++
		code, rate, _ := runCLI(t, givens+"\n", "rate", "--er")
		cols := strings.Split(strings.TrimSpace(rate), "\t")
		if code != 0 || len(cols) < 4 {
			t.Fatalf("rate --er %s: %q", givens, rate)
		}
		wantER, wantTech := cols[len(cols)-4], cols[len(cols)-1]
		gotER := "-"
		if er > 0 {
			gotER = engine.FormatTenths(er)
		} else {
			tech = "-"
		}
		if gotER != wantER || tech != wantTech {
			t.Errorf("%s: stored ER %s %q, rate --er says %s %q", givens, gotER, tech, wantER, wantTech)
		}
	}
	if seen != n {
		t.Errorf("%d puzzles after the upgrade, want %d", seen, n)
	}
	// the fill is one row of the audit log, under the command line's name
	var who, detail string
	if err := d.R.QueryRow(`SELECT actor, detail FROM audit WHERE action = ?`, db.ActionFillSecond).Scan(&who, &detail); err != nil ||
		!strings.HasPrefix(who, "cli") || !strings.Contains(detail, fmt.Sprintf("for %d puzzles", n)) {
		t.Errorf("the fill's audit row: %q %q %v", who, detail, err)
	}
}

// TestServeFillsInBackground: the server's background fill rates an
// upgraded library (what serve starts beside the site), says so in its
// log, and a stopped fill says the next start goes on.
func TestServeFillsInBackground(t *testing.T) {
	path, n := oldSecondLibrary(t)
	store, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	e := newEnv()
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	var logb strings.Builder
	q := newRateQueue(store, e, log.New(&logb, "", 0), 2)
	q.Once(stopped)
	if left, _ := store.SecondPending(context.Background(), e.second.Kinds()); left != n {
		t.Fatalf("a queue pass stopped before it began rated %d of %d", n-left, n)
	}
	q.Once(context.Background())
	if left, _ := store.SecondPending(context.Background(), e.second.Kinds()); left != 0 {
		t.Errorf("%d puzzles left unrated after the queue's pass", left)
	}
	if !strings.Contains(logb.String(), fmt.Sprintf("second rating: %d puzzles rated", n)) {
		t.Errorf("the log says %q", logb.String())
	}
	var who, detail string
	if err := store.R.QueryRow(`SELECT actor, detail FROM audit WHERE action = ?`, db.ActionFillSecond).Scan(&who, &detail); err != nil ||
		who != db.ActorSystem || !strings.Contains(detail, fmt.Sprintf("for %d puzzles", n)) {
		t.Errorf("the background fill's audit row: %q %q %v", who, detail, err)
	}
}
