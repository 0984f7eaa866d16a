package db_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

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
