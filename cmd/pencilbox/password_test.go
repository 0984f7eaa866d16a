package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/db"
)

// TestOnePasswordRule: the first admin's environment variable, the user
// command and the store itself all refuse a password under 10 characters
// (the variable made a one-character admin password).
func TestOnePasswordRule(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "lib.db")
	store, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	users := db.UserStore{DB: store.W}

	for _, pw := range []string{"a", "123456789"} {
		e := newEnv()
		var out bytes.Buffer
		e.stdout = &out
		e.getenv = func(k string) string {
			if k == adminEnv {
				return pw
			}
			return ""
		}
		err := firstAdmin(ctx, e, users)
		if err == nil || !strings.Contains(err.Error(), "PENCILBOX_ADMIN_PASSWORD: the password must have at least 10 characters") {
			t.Errorf("%s=%q: %v", adminEnv, pw, err)
		}
		if n, _ := users.Count(ctx); n != 0 {
			t.Fatalf("%s=%q created %d users", adminEnv, pw, n)
		}
	}
	if err := users.Add(ctx, "bob", "short"); err == nil {
		t.Error("the store took a 5-character password")
	}
	code, _, stderr := runCLI(t, "short\n", "user", "--db", path, "add", "carol")
	if code != 2 || !strings.Contains(stderr, "at least 10 characters") {
		t.Errorf("user add with a short password: %d %q", code, stderr)
	}
	// ten characters are enough everywhere
	e := newEnv()
	e.stdout = &bytes.Buffer{}
	e.getenv = func(k string) string {
		if k == adminEnv {
			return "0123456789"
		}
		return ""
	}
	if err := firstAdmin(ctx, e, users); err != nil {
		t.Fatal(err)
	}
	if err := users.SetPassword(ctx, "admin", "x"); err == nil {
		t.Error("SetPassword took a 1-character password")
	}
	if code, _, stderr := runCLI(t, "abcdefghij\n", "user", "--db", path, "passwd", "admin"); code != 0 {
		t.Errorf("passwd with 10 characters: %d %s", code, stderr)
	}
}

// TestUserRoles: `user add --role`, `user role`, `user disable|enable|
// delete|logout` as a user types them; the first user is admin whatever
// was asked, the last admin stays one (and enabled).
func TestUserRoles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lib.db")
	steps := []struct {
		args []string
		code int
		out  string // in stdout, or stderr when code != 0
	}{
		{[]string{"user", "--db", path, "add", "--role", "viewer", "ann"}, 0, "user ann added as admin\n(the first user is always an admin)"},
		{[]string{"user", "--db", path, "add", "--role", "viewer", "bob"}, 0, "user bob added as viewer"},
		{[]string{"user", "add", "--db", path, "cid"}, 0, "user cid added as editor"},
		{[]string{"user", "--db", path, "add", "--role", "owner", "dan"}, 2, `role "owner": want admin, editor or viewer`},
		{[]string{"user", "--db", path, "role", "ann", "viewer"}, 1, "only admin"},
		{[]string{"user", "--db", path, "role", "bob", "admin"}, 0, "bob is now admin"},
		{[]string{"user", "--db", path, "role", "ann", "viewer"}, 0, "ann is now viewer"},
		{[]string{"user", "--db", path, "role", "zed", "viewer"}, 1, "no such user: zed"},
		{[]string{"user", "--db", path, "role", "ann"}, 2, "usage"},
		// disable, enable, delete, logout: never the last enabled admin
		{[]string{"user", "--db", path, "disable", "bob"}, 1, "only admin"},
		{[]string{"user", "--db", path, "delete", "bob"}, 1, "only admin"},
		{[]string{"user", "--db", path, "disable", "cid"}, 0, "cid is disabled"},
		{[]string{"user", "--db", path, "enable", "cid"}, 0, "cid is enabled"},
		{[]string{"user", "--db", path, "logout", "cid"}, 0, "0 sessions of cid ended"},
		{[]string{"user", "--db", path, "delete", "cid"}, 0, "user cid deleted"},
		{[]string{"user", "--db", path, "delete", "cid"}, 1, "no such user: cid"},
		{[]string{"user", "--db", path, "disable"}, 2, "usage"},
	}
	for _, s := range steps {
		code, out, stderr := runCLI(t, "0123456789\n", s.args...)
		got := out
		if s.code != 0 {
			got = stderr
		}
		if code != s.code || !strings.Contains(strings.ToLower(got), strings.ToLower(s.out)) {
			t.Errorf("%s: %d %q %q, want %d and %q", strings.Join(s.args[3:], " "), code, out, stderr, s.code, s.out)
		}
	}
	store, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	list, err := db.UserStore{DB: store.W}.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, u := range list {
		got += u.Name + "=" + string(u.Role) + " "
	}
	if got != "ann=viewer bob=admin " { // cid deleted
		t.Errorf("users: %s", got)
	}
}
