package web

import (
	"fmt"
	"strings"
	"testing"
)

// TestDashboardSecondProgress: while the background fill has Sudoku
// puzzles to rate, the dashboard says "ER: N of M rated"; once done, it
// says nothing.
func TestDashboardSecondProgress(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	if r := c.get("/"); strings.Contains(r.body, "er-progress") {
		t.Errorf("a filled library shows the ER progress")
	}
	if _, err := e.db.W.Exec(`UPDATE puzzles SET er_rated = 0, er = NULL WHERE kind = 'sudoku' AND id % 3 = 0`); err != nil {
		t.Fatal(err)
	}
	total := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku'`)
	pending := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND er_rated = 0`)
	if pending == 0 {
		t.Fatal("nothing left to rate")
	}
	r := c.get("/")
	want := fmt.Sprintf(`id="er-progress-sudoku">ER: %d of %d rated<`, total-pending, total)
	if !strings.Contains(r.body, want) {
		t.Errorf("dashboard lacks %q", want)
	}
	if strings.Contains(r.body, "er-progress-akari") {
		t.Error("the dashboard shows ER progress for Akari, which has no second rating")
	}
}
