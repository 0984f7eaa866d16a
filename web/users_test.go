package web

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
)

// TestUserManagement: an admin disables, enables, deletes and resets
// the password of other users on /users (not their own account: disable
// and delete refused); every user changes their own password (the
// current one required) and logs out everywhere on /account. A refused
// form comes back with what was typed and every reason; each change ends
// the sessions it should and writes its audit row with its actor; no
// form works without the CSRF token. Before, none of these existed.
func TestUserManagement(t *testing.T) {
	e := roleEnv(t)
	adm := e.client()
	tok := adm.loginAs(testUser, testPass)
	ed := e.client()
	ed.loginAs("editor1", testPass)
	loggedIn := func(c *client) bool { return c.get("/").code == http.StatusOK }
	rowsBefore := len(e.audit(pencilbox.AuditFilter{}))

	// without the token: refused, nothing changed
	for _, p := range []string{"/users/editor1/disable", "/users/editor1/delete", "/users/editor1/password", "/account/password", "/account/logout-all"} {
		if r := adm.post(p, url.Values{"confirm": {"yes"}, "password": {"new password 1"}}); r.code != http.StatusForbidden {
			t.Errorf("%s without the CSRF token: %d, want 403", p, r.code)
		}
	}
	if !loggedIn(adm) || !loggedIn(ed) || len(e.audit(pencilbox.AuditFilter{})) != rowsBefore {
		t.Fatal("a refused post changed something")
	}

	// disable: no login (the same answer as a wrong password), sessions end
	if r := adm.post("/users/editor1/disable", url.Values{"csrf": {tok}}); r.code != http.StatusSeeOther {
		t.Fatalf("disable: %d %.300s", r.code, r.body)
	}
	if loggedIn(ed) {
		t.Error("a disabled user's session goes on")
	}
	if r := adm.get("/users"); !strings.Contains(r.body, "editor1 is disabled") || !strings.Contains(r.body, `action="/users/editor1/enable"`) {
		t.Errorf("/users after disabling editor1: no flash or no Enable")
	}
	c := e.client()
	ctok := c.token("/login")
	right := c.post("/login", url.Values{"csrf": {ctok}, "username": {"editor1"}, "password": {testPass}})
	wrong := c.post("/login", url.Values{"csrf": {ctok}, "username": {"editor1"}, "password": {"not the password"}})
	if right.code != http.StatusUnauthorized || wrong.code != http.StatusUnauthorized || !strings.Contains(right.body, "Wrong user name or password") {
		t.Errorf("a disabled user's login: right password %d, wrong %d; want both 401 alike", right.code, wrong.code)
	}
	if r := adm.post("/users/editor1/enable", url.Values{"csrf": {tok}}); r.code != http.StatusSeeOther {
		t.Fatalf("enable: %d", r.code)
	}
	ed.loginAs("editor1", testPass)

	// not oneself
	for _, p := range []string{"/users/" + testUser + "/disable", "/users/" + testUser + "/delete"} {
		r := adm.post(p, url.Values{"csrf": {tok}, "confirm": {"yes"}})
		if r.code != http.StatusBadRequest || !strings.Contains(r.body, "You cannot") {
			t.Errorf("%s by %s: %d, want 400 saying you cannot", p, testUser, r.code)
		}
	}
	if !loggedIn(adm) {
		t.Fatal("the admin lost the session")
	}

	// reset a password: a short one is refused with the form kept
	vw := e.client()
	vw.loginAs("viewer1", testPass)
	r := adm.post("/users/viewer1/password", url.Values{"csrf": {tok}, "password": {"short"}})
	if r.code != http.StatusBadRequest || !strings.Contains(r.body, "at least 10 characters") || !strings.Contains(r.body, `value="short"`) || !strings.Contains(r.body, `id="user-errors-viewer1"`) {
		t.Errorf("a short reset password: %d, want 400 with the reason in viewer1's row and the value kept", r.code)
	}
	if !loggedIn(vw) {
		t.Error("a refused reset ended the user's session")
	}
	if r := adm.post("/users/viewer1/password", url.Values{"csrf": {tok}, "password": {"a new password"}}); r.code != http.StatusSeeOther {
		t.Fatalf("reset: %d %.300s", r.code, r.body)
	}
	if loggedIn(vw) {
		t.Error("a reset password leaves the user's session")
	}
	vtok := vw.loginAs("viewer1", "a new password")

	// delete: asks to be sure; then the user and its sessions are gone
	if r := adm.post("/users/editor1/delete", url.Values{"csrf": {tok}}); r.code != http.StatusBadRequest || !strings.Contains(r.body, "Tick") {
		t.Errorf("delete without confirming: %d", r.code)
	}
	if r := adm.post("/users/editor1/delete", url.Values{"csrf": {tok}, "confirm": {"yes"}}); r.code != http.StatusSeeOther {
		t.Fatalf("delete: %d %.300s", r.code, r.body)
	}
	if loggedIn(ed) || e.hasUser("editor1") {
		t.Error("a deleted user is still there or logged in")
	}
	if r := adm.post("/users/editor1/delete", url.Values{"csrf": {tok}, "confirm": {"yes"}}); r.code != http.StatusNotFound {
		t.Errorf("deleting a deleted user: %d, want 404", r.code)
	}

	// one's own password: every reason at once, the new ones kept
	vw2 := e.client()
	vw2.loginAs("viewer1", "a new password")
	if r := vw.get("/account"); r.code != http.StatusOK || !strings.Contains(r.body, `action="/account/password"`) || !strings.Contains(r.body, `action="/account/logout-all"`) {
		t.Fatalf("/account for a viewer: %d", r.code)
	}
	r = vw.post("/account/password", url.Values{"csrf": {vtok}, "old": {"not my password"}, "new": {"short"}, "confirm": {"shorter"}})
	for _, want := range []string{"The current password is wrong", "at least 10 characters", "differ", `value="short"`, `value="shorter"`} {
		if r.code != http.StatusBadRequest || !strings.Contains(r.body, want) {
			t.Errorf("a refused password change: %d, want 400 with %q", r.code, want)
		}
	}
	if strings.Contains(r.body, `value="not my password"`) {
		t.Error("the wrong current password is written back into the form")
	}
	r = vw.post("/account/password", url.Values{"csrf": {vtok}, "old": {"a new password"}, "new": {"my own password"}, "confirm": {"my own password"}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("password change: %d %.300s", r.code, r.body)
	}
	if !loggedIn(vw) || loggedIn(vw2) {
		t.Errorf("after a password change: this browser logged in %v (want true), the other %v (want false)", loggedIn(vw), loggedIn(vw2))
	}
	vw2.loginAs("viewer1", "my own password")

	// log out everywhere: both browsers
	vtok = vw.token("/account")
	if r := vw.post("/account/logout-all", url.Values{"csrf": {vtok}}); r.code != http.StatusSeeOther || r.hdr.Get("Location") != "/login" {
		t.Fatalf("log out everywhere: %d %q", r.code, r.hdr.Get("Location"))
	}
	if r := vw.get("/login"); !strings.Contains(r.body, "Logged out everywhere: 2 sessions ended") {
		t.Errorf("the login page after logging out everywhere: %.300s", r.body)
	}
	if loggedIn(vw) || loggedIn(vw2) {
		t.Error("a session survives logging out everywhere")
	}

	// the audit log: one row per change, with its actor
	rows, err := db.AuditStore{R: e.db.R}.List(context.Background(), db.AuditFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows[:len(e.audit(pencilbox.AuditFilter{}))-rowsBefore] {
		got = append([]string{r.Actor + " " + r.Action}, got...)
	}
	want := []string{
		testUser + " " + db.ActionUserDisable, testUser + " " + db.ActionUserEnable, testUser + " " + db.ActionUserPasswd,
		testUser + " " + db.ActionUserDelete, "viewer1 " + db.ActionUserPasswd, "viewer1 " + db.ActionUserLogout,
	}
	// logins may be recorded too: keep the user changes
	got = slices.DeleteFunc(got, func(s string) bool { return !strings.Contains(s, " user.") })
	if !slices.Equal(got, want) {
		t.Errorf("audit rows %q, want %q", got, want)
	}
}
