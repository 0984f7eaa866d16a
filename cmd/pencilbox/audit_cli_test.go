package main

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestAuditCLI: the command line's changes are in the audit log under
// "cli:" and the OS user: a user added, an import, a generator run (and
// the set it fills), each start with its end; the set command's changes
// (create, add, build, remove, publish, delete), one row each.
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
		"cli:ann set.create", "cli:ann set.add", "cli:ann set.add", "cli:ann set.remove", "cli:ann set.publish", "cli:ann set.delete"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("audit rows:\n got %v\nwant %v", got, want)
	}
}
