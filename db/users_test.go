package db_test

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"pencilbox/db"
)

// allocAtStart is what the process had allocated when this test package
// was initialised, after every package it imports (db among them) had
// run its init.
var allocAtStart = totalAlloc()

func totalAlloc() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

// TestStartHashesNothing: importing db costs no password hash: a process
// that never checks a password (the CLI's solve, every test binary) does
// not allocate argon2id's memory as it starts.
func TestStartHashesNothing(t *testing.T) {
	if allocAtStart >= db.PasswordCheckMemory {
		t.Errorf("%d bytes allocated before the first test, a password check's %d or more: a hash at package start?",
			allocAtStart, db.PasswordCheckMemory)
	}
}

// TestLoginCostsTheSame: a login for a name that does not exist runs a
// password check of the same cost (argon2id's memory) as a wrong password
// for a real user, so the answer's time does not tell which names exist;
// both answer ErrBadLogin, the right password the user's id. Several
// unknown-name logins at once all pay it.
func TestLoginCostsTheSame(t *testing.T) {
	ctx := context.Background()
	d := mustOpenAt(t, filepath.Join(t.TempDir(), "users.db"))
	users := db.UserStore{DB: d.W}
	const pw = "0123456789"
	if err := users.Add(ctx, "ann", pw); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		what, name, password string
		bad                  bool
	}{
		{"unknown name", "zed", pw, true},
		{"wrong password", "ann", "9876543210", true},
		{"right password", "ann", pw, false},
	}
	for _, tc := range cases {
		before := totalAlloc()
		id, err := users.Check(ctx, tc.name, tc.password)
		cost := totalAlloc() - before
		if tc.bad && (!errors.Is(err, db.ErrBadLogin) || id != 0) {
			t.Errorf("%s: id %d, %v; want ErrBadLogin", tc.what, id, err)
		}
		if !tc.bad && (err != nil || id == 0) {
			t.Errorf("%s: id %d, %v; want the user's id", tc.what, id, err)
		}
		if cost < db.PasswordCheckMemory {
			t.Errorf("%s: the check allocated %d bytes, want argon2id's %d (a password check)", tc.what, cost, db.PasswordCheckMemory)
		}
	}

	const logins = 4
	before := totalAlloc()
	var wg sync.WaitGroup
	errs := make([]error, logins)
	for i := range logins {
		wg.Go(func() { _, errs[i] = users.Check(ctx, "nobody", pw) })
	}
	wg.Wait()
	for i, err := range errs {
		if !errors.Is(err, db.ErrBadLogin) {
			t.Errorf("concurrent unknown-name login %d: %v, want ErrBadLogin", i, err)
		}
	}
	if cost := totalAlloc() - before; cost < logins*db.PasswordCheckMemory {
		t.Errorf("%d concurrent unknown-name logins allocated %d bytes, want %d password checks' (%d)",
			logins, cost, logins, logins*db.PasswordCheckMemory)
	}
}

// TestReservedUserNames: the audit log's own actors (system, cli, visitor,
// in any case), "." and "..", a name beginning with '.' or '-', and a name
// differing from a user's only in case are refused, nothing stored; the
// store refuses them however it is called. Other names are taken.
func TestReservedUserNames(t *testing.T) {
	ctx := context.Background()
	d := mustOpenAt(t, filepath.Join(t.TempDir(), "u.db"))
	users := db.UserStore{DB: d.W}
	if err := users.Add(ctx, "admin", "a long enough password"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"system", "System", "SYSTEM", "cli", "visitor", ".", "..", "...", ".admin", "-rf", "--help", "Admin", "ADMIN"} {
		if err := db.ValidUserName(name); err == nil && name != "Admin" && name != "ADMIN" {
			t.Errorf("ValidUserName(%q) passed", name)
		}
		if _, err := users.AddWithRole(ctx, name, "a long enough password", db.RoleEditor); err == nil {
			t.Errorf("user %q was added", name)
		}
	}
	// the length limit, db.MaxUserName, at and just past it
	if err := db.ValidUserName(strings.Repeat("u", db.MaxUserName+1)); err == nil || !strings.Contains(err.Error(), "1-64 characters: this one has 65") {
		t.Errorf("a name of 65 characters: %v", err)
	}
	if _, err := users.AddWithRole(ctx, strings.Repeat("u", db.MaxUserName+1), "a long enough password", db.RoleEditor); err == nil {
		t.Error("a user of 65 characters was added")
	}
	for _, name := range []string{"a.b", "_x", "7", "systems", "cli-bot", "x..", strings.Repeat("u", db.MaxUserName)} {
		if _, err := users.AddWithRole(ctx, name, "a long enough password", db.RoleEditor); err != nil {
			t.Errorf("user %q refused: %v", name, err)
		}
	}
	if n, _ := users.Count(ctx); n != 8 {
		t.Errorf("%d users, want 8", n)
	}
	err := db.ValidUserName("system")
	if err == nil || !strings.Contains(err.Error(), "reserved") {
		t.Errorf("the refusal does not say why: %v", err)
	}
}
