package db_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"pencilbox/db"
)

// TestRoles: the first user is an admin whatever was asked, later users
// get their role, and the last admin cannot be demoted.
func TestRoles(t *testing.T) {
	ctx := context.Background()
	d := mustOpenAt(t, filepath.Join(t.TempDir(), "roles.db"))
	users := db.UserStore{DB: d.W}
	const pw = "0123456789"
	steps := []struct {
		name string
		ask  db.Role
		want db.Role
	}{
		{"ann", db.RoleViewer, db.RoleAdmin}, // the first user
		{"bob", db.RoleViewer, db.RoleViewer},
		{"cid", db.RoleEditor, db.RoleEditor},
	}
	for _, s := range steps {
		got, err := users.AddWithRole(ctx, s.name, pw, s.ask)
		if err != nil || got != s.want {
			t.Errorf("add %s as %s: %s, %v; want %s", s.name, s.ask, got, err, s.want)
		}
	}
	if _, err := users.AddWithRole(ctx, "dan", pw, db.Role("owner")); err == nil {
		t.Error("a user was added with the role owner")
	}
	if err := users.SetRole(ctx, "ann", db.RoleEditor); !errors.Is(err, db.ErrLastAdmin) {
		t.Errorf("demoting the only admin: %v", err)
	}
	if err := users.SetRole(ctx, "zed", db.RoleEditor); !errors.Is(err, db.ErrNoUser) {
		t.Errorf("role of an unknown user: %v", err)
	}
	if err := users.SetRole(ctx, "bob", db.RoleAdmin); err != nil {
		t.Fatal(err)
	}
	if err := users.SetRole(ctx, "ann", db.RoleViewer); err != nil {
		t.Errorf("demoting one of two admins: %v", err)
	}
	list, err := users.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]db.Role{}
	for _, u := range list {
		got[u.Name] = u.Role
	}
	if got["ann"] != db.RoleViewer || got["bob"] != db.RoleAdmin || got["cid"] != db.RoleEditor {
		t.Errorf("roles: %v", got)
	}
	for _, tc := range []struct {
		r, min db.Role
		ok     bool
	}{{db.RoleAdmin, db.RoleEditor, true}, {db.RoleEditor, db.RoleEditor, true}, {db.RoleViewer, db.RoleEditor, false},
		{db.RoleEditor, db.RoleAdmin, false}, {db.Role(""), db.RoleViewer, false}} {
		if tc.r.AtLeast(tc.min) != tc.ok {
			t.Errorf("%q.AtLeast(%s) = %v", tc.r, tc.min, !tc.ok)
		}
	}
}

// TestUserLifecycle: a disabled user cannot log in (the same
// ErrBadLogin as a wrong password, also with the right one) and loses
// its sessions; enabled again, it logs in; the last enabled admin can be
// neither disabled, deleted nor demoted (a disabled admin does not
// count); EndSessions ends every session; a deleted user is gone with
// its sessions. Each change writes one audit row with its actor; a
// change to the state a user already has writes none.
func TestUserLifecycle(t *testing.T) {
	ctx := db.WithActor(context.Background(), "ann")
	d := mustOpenAt(t, filepath.Join(t.TempDir(), "users.db"))
	users := db.UserStore{DB: d.W}
	const pw = "0123456789"
	for _, n := range []string{"ann", "bob", "cid"} {
		if _, err := users.AddWithRole(ctx, n, pw, db.RoleEditor); err != nil {
			t.Fatal(err)
		}
	}
	if err := users.SetRole(ctx, "bob", db.RoleAdmin); err != nil {
		t.Fatal(err)
	}
	if err := users.SetRole(ctx, "ann", db.RoleEditor); err != nil { // ann was the first: an admin
		t.Fatal(err)
	}
	sessions := func(name string) int {
		var n int
		if err := d.W.QueryRow(`SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.name = ?`, name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	id, err := users.Check(ctx, "cid", pw)
	if err != nil {
		t.Fatal(err)
	}
	tok, _ := users.NewSession(ctx, id, time.Hour)
	if _, err := users.NewSession(ctx, id, time.Hour); err != nil {
		t.Fatal(err)
	}
	before := auditCount(t, d)
	if err := users.SetDisabled(ctx, "cid", true); err != nil {
		t.Fatal(err)
	}
	if _, err := users.Check(ctx, "cid", pw); !errors.Is(err, db.ErrBadLogin) {
		t.Errorf("a disabled user's right password: %v, want ErrBadLogin", err)
	}
	if _, err := users.Session(ctx, tok); !errors.Is(err, db.ErrNoSession) || sessions("cid") != 0 {
		t.Errorf("a disabled user's session: %v, %d left", err, sessions("cid"))
	}
	if err := users.SetDisabled(ctx, "cid", true); err != nil {
		t.Errorf("disabling twice: %v", err)
	}
	if err := users.SetDisabled(ctx, "cid", false); err != nil {
		t.Fatal(err)
	}
	if _, err := users.Check(ctx, "cid", pw); err != nil {
		t.Errorf("enabled again: %v", err)
	}
	list, _ := users.List(ctx)
	for _, u := range list {
		if u.Disabled {
			t.Errorf("%s listed disabled", u.Name)
		}
	}
	// bob is the only admin: not to be disabled, deleted or demoted
	if err := users.SetDisabled(ctx, "bob", true); !errors.Is(err, db.ErrLastAdmin) {
		t.Errorf("disabling the only admin: %v", err)
	}
	if err := users.Delete(ctx, "bob"); !errors.Is(err, db.ErrLastAdmin) {
		t.Errorf("deleting the only admin: %v", err)
	}
	// a second admin, disabled, does not count
	if err := users.SetRole(ctx, "ann", db.RoleAdmin); err != nil {
		t.Fatal(err)
	}
	if err := users.SetDisabled(ctx, "ann", true); err != nil {
		t.Fatal(err)
	}
	if err := users.SetRole(ctx, "bob", db.RoleViewer); !errors.Is(err, db.ErrLastAdmin) {
		t.Errorf("demoting the only enabled admin: %v", err)
	}
	if err := users.Delete(ctx, "ann"); err != nil {
		t.Errorf("deleting a disabled admin beside an enabled one: %v", err)
	}
	id, _ = users.Check(ctx, "bob", pw)
	for range 3 {
		if _, err := users.NewSession(ctx, id, time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := users.EndSessions(ctx, "bob"); n != 3 || err != nil || sessions("bob") != 0 {
		t.Errorf("EndSessions: %d, %v; %d left", n, err, sessions("bob"))
	}
	id, _ = users.Check(ctx, "cid", pw)
	users.NewSession(ctx, id, time.Hour)
	if err := users.Delete(ctx, "cid"); err != nil || sessions("cid") != 0 {
		t.Fatalf("delete: %v", err)
	}
	if _, err := users.Check(ctx, "cid", pw); !errors.Is(err, db.ErrBadLogin) {
		t.Errorf("a deleted user logs in: %v", err)
	}
	for _, err := range []error{users.Delete(ctx, "cid"), users.SetDisabled(ctx, "cid", true), func() error { _, err := users.EndSessions(ctx, "cid"); return err }()} {
		if !errors.Is(err, db.ErrNoUser) {
			t.Errorf("a change to a deleted user: %v, want ErrNoUser", err)
		}
	}
	// disable, enable, set role, disable, delete, end sessions, delete
	rows, err := db.AuditStore{R: d.R}.List(ctx, db.AuditFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows[:auditCount(t, d)-before] {
		if r.Action == db.ActionLogin || r.Action == db.ActionLoginFailed {
			continue // the logins tried between the changes have rows of their own
		}
		if r.Actor != "ann" {
			t.Errorf("row %q by %q, want ann", r.Detail, r.Actor)
		}
		got = append([]string{r.Action}, got...)
	}
	want := []string{db.ActionUserDisable, db.ActionUserEnable, db.ActionUserRole, db.ActionUserDisable, db.ActionUserDelete, db.ActionUserLogout, db.ActionUserDelete}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("audit rows %v, want %v", got, want)
	}
}

func auditCount(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.W.QueryRow(`SELECT count(*) FROM audit`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
