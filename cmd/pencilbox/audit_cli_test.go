package main

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func count(t *testing.T, d *sql.DB, q string) int {
	t.Helper()
	var n int
	if err := d.QueryRow(q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAuditCLI: the command line's changes are in the audit log under
// "cli:" and the OS user: a user added, an import, a generator run (and
// the set it fills), each start with its end; the set command's changes
// (create, add, build, remove, publish, reopen, delete), one row each.
func TestAuditCLI(t *testing.T) {
	t.Setenv("USER", "ann")
	dir := t.TempDir()
	path := filepath.Join(dir, "lib.db")
	file := filepath.Join(dir, "two.txt")
	if err := os.WriteFile(file, []byte(hard+"\n"+blank(hardSol, 0, 1, 2)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"user", "--db", path, "add", "--role", "editor", "bob"},
		{"import", "--db", path, file},
		{"generate", "--kind", "sudoku", "--count", "2", "--seed", "3", "--jobs", "1", "--db", path, "--set", "gen"},
		{"set", "create", "--db", path, "week"},
		{"set", "add", "--db", path, "week", "1"},
		{"set", "build", "--db", path, "week", "--recipe", "rank=1-:1", "--seed", "1"},
		{"set", "remove", "--db", path, "week", "1"},
		{"set", "publish", "--db", path, "week", "--outlet", "Star", "--date", "2026-12-01"},
		{"set", "reopen", "--db", path, "week"},
		{"set", "delete", "--db", path, "week"},
	} {
		if code, _, errs := runCLI(t, "0123456789\n", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
	}
	d, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	// check --fix mends a rank changed behind its back; an export
	if _, err := d.Exec(`UPDATE puzzles SET rank = rank + 1 WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runCLI(t, "", "check", "--db", path, "--fix"); code != 1 || !strings.Contains(out, "1 fixed") {
		t.Fatalf("check --fix: exit %d: %s%s", code, out, errs)
	}
	if code, _, errs := runCLI(t, "", "export", "--db", path, "--format", "line", "-o", filepath.Join(dir, "out.txt")); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	var fixed string
	if err := d.QueryRow(`SELECT detail FROM audit WHERE action = 'check.fix'`).Scan(&fixed); err != nil || !regexp.MustCompile(`^check --fix stored the engine's analysis of 1 puzzles: puzzle 1: rank (\d+) -> (\d+)$`).MatchString(fixed) {
		t.Errorf("check --fix's row: %q %v", fixed, err)
	}
	if n := count(t, d, `SELECT count(*) FROM audit_puzzles p JOIN audit a ON a.id = p.audit_id WHERE a.action = 'check.fix' AND p.puzzle_id = 1`); n != 1 {
		t.Errorf("check --fix's row is linked to %d puzzles, want puzzle 1", n)
	}
	rows, err := d.Query(`SELECT actor, action FROM audit ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var who, what string
		rows.Scan(&who, &what)
		got = append(got, who+" "+what)
	}
	want := []string{"cli:ann user.add", "cli:ann import", "cli:ann job.end", "cli:ann generate", "cli:ann job.end", "cli:ann set.create", "cli:ann set.add",
		"cli:ann set.create", "cli:ann set.add", "cli:ann set.add", "cli:ann set.remove", "cli:ann set.publish", "cli:ann set.reopen", "cli:ann set.delete",
		"cli:ann check.fix", "cli:ann fill.second", "cli:ann export"} // fill: the ER the import queued
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("audit rows:\n got %v\nwant %v", got, want)
	}
}

// TestCheckFindsReservedUserNames: users a library from before the name
// rule may hold (system, "..", Admin beside admin) are listed by `check`,
// exit 1; `user passwd` still reaches them, and `user add` refuses such a
// name.
func TestCheckFindsReservedUserNames(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lib.db")
	if code, _, errs := runCLI(t, "0123456789\n", "user", "--db", path, "add", "admin"); code != 0 {
		t.Fatalf("user add: %s", errs)
	}
	if code, _, errs := runCLI(t, "0123456789\n", "user", "--db", path, "add", "system"); code != 2 || !strings.Contains(errs, "reserved") {
		t.Errorf("user add system: exit %d %q", code, errs)
	}
	d, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(`INSERT INTO users(name, hash, created) VALUES('system', 'x', 1), ('..', 'x', 1), ('Admin', 'x', 1)`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	code, out, errs := runCLI(t, "", "check", "--db", path)
	if code != 1 || !strings.Contains(out, `users: user name "system" is reserved`) || !strings.Contains(out, `users: user name ".."`) ||
		!strings.Contains(out, `users "Admin" and "admin" differ only in case`) {
		t.Errorf("check: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runCLI(t, "0123456789\n", "user", "--db", path, "passwd", "system"); code != 0 {
		t.Errorf("user passwd system: exit %d %s", code, errs)
	}
}
