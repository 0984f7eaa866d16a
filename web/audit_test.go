package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"pencilbox"
)

// TestAuditLog: each change an editor or an admin makes through the site
// (tags, every set change, an import, a role) is one row of the log, with
// who and what; a refused change is none. /audit filters by user and by
// puzzle, and a puzzle's page shows its own history, its import included.
func TestAuditLog(t *testing.T) {
	e := roleEnv(t)
	start := e.auditTop()
	ed := e.client()
	tok := ed.loginAs("editor1", testPass)
	adm := e.client()
	atok := adm.loginAs(testUser, testPass)
	steps := []struct {
		c    *client
		path string
		form url.Values
	}{
		{ed, "/puzzles/3/tags", url.Values{"tags": {"book, hard"}}},
		{ed, "/sets", url.Values{"name": {"monday"}}},
		{ed, "/sets/2/edit", url.Values{"name": {""}}},          // refused: no name
		{ed, "/puzzles/999999/tags", url.Values{"tags": {"x"}}}, // refused: no such puzzle
		{ed, "/sets/add", url.Values{"set": {"2"}, "what": {"ticked"}, "id": {"3", "4"}}},
		{ed, "/sets/2/move", url.Values{"puzzle": {"4"}, "pos": {"1"}}},
		{ed, "/sets/2/remove", url.Values{"puzzle": {"3"}}},
		{ed, "/sets/2/remove", url.Values{"puzzle": {"3"}}}, // no longer there: nothing changes
		{ed, "/sets/2/edit", url.Values{"name": {"tuesday"}}},
		{ed, "/import", url.Values{"text": {"000000010400000000020000000000050407008000300001090000300400200050100000000806000\n"}, "source": {"audit test"}}},
		{adm, "/users/viewer1/role", url.Values{"role": {"editor"}}},
		{ed, "/sets/2/delete", url.Values{"confirm": {"yes"}}},
	}
	for _, s := range steps {
		form := url.Values{"csrf": {tok}}
		if s.c == adm {
			form.Set("csrf", atok)
		}
		for k, v := range s.form {
			form[k] = v
		}
		r := s.c.post(s.path, form)
		if s.path == "/import" {
			if r.code != http.StatusSeeOther {
				t.Fatalf("import: %d %s", r.code, r.body)
			}
			waitJob(t, s.c, r.hdr.Get("Location"))
		}
	}
	var got []string
	for _, row := range e.auditSince(start) {
		who, what, from := row.Actor, row.Action, row.Client
		got = append(got, who+" "+what)
		// every row of a web change names the client's address, the
		// background import's too
		if from != "127.0.0.1" {
			t.Errorf("%s %s: from %q, want the client's 127.0.0.1", who, what, from)
		}
	}
	want := []string{"editor1 login", testUser + " login", "editor1 tags", "editor1 set.create", "editor1 set.add", "editor1 set.move", "editor1 set.remove",
		"editor1 set.edit", "editor1 import", "editor1 job.end", testUser + " user.role", "editor1 set.delete"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("audit rows:\n got %v\nwant %v", got, want)
	}

	// the admin's page and its filters
	cells := func(body string) string {
		var out []string
		for _, w := range []string{"tags", "set.create", "set.add", "set.move", "set.remove", "set.edit", "import", "job.end", "user.role", "set.delete"} {
			if strings.Contains(body, "<td>"+w+"</td>") {
				out = append(out, w)
			}
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct{ query, want string }{
		{"", "tags set.create set.add set.move set.remove set.edit import job.end user.role set.delete"},
		{"?user=" + testUser, "user.role"},
		{"?user=editor1&puzzle=3", "tags set.add set.remove"},
		{"?puzzle=4", "set.add set.move import job.end set.delete"}, // import: the sample's
	} {
		r := adm.get("/audit" + tc.query)
		if r.code != http.StatusOK || cells(r.body) != tc.want {
			t.Errorf("/audit%s: %d, shows %q, want %q", tc.query, r.code, cells(r.body), tc.want)
		}
	}
	if r := adm.get("/audit?puzzle=x"); r.code != http.StatusBadRequest || !strings.Contains(r.body, "positive whole number") {
		t.Errorf("/audit?puzzle=x: %d", r.code)
	}

	// a puzzle's page: its tag edit, and for an imported one its import
	if r := adm.get("/audit"); !strings.Contains(r.body, "<td>127.0.0.1</td>") {
		t.Error("/audit does not show the client's address")
	}
	if r := ed.get("/puzzles/3"); !strings.Contains(r.body, `id="history"`) || cells(r.body) != "tags set.add set.remove import job.end" || !strings.Contains(r.body, "<td>editor1</td>") {
		t.Errorf("history of puzzle 3: %q", cells(r.body))
	}
	ids := e.pick(pencilbox.Filter{Source: "audit test"}, 0)
	if len(ids) != 1 {
		t.Fatalf("imported puzzles: %v", ids)
	}
	if r := ed.get(fmt.Sprintf("/puzzles/%d", ids[0])); cells(r.body) != "import job.end" {
		t.Errorf("history of the imported puzzle %d: %q", ids[0], cells(r.body))
	}
}

// TestAuditLogins: a login is its user's row; a failed one is a visitor's
// row naming the user whose password was wrong, or only "an unknown user
// name" (a password typed into the name's field is not kept), never the
// password tried; every row names the client's address. A login refused
// unchecked (the address's limit) writes none.
func TestAuditLogins(t *testing.T) {
	e := newTestEnv(t, nil)
	start := e.auditTop()
	c := e.client()
	for _, try := range []struct{ name, pass string }{
		{testUser, "hunter2 first try"},
		{"my secret passphrase", "hunter2 second try"},
	} {
		tok := c.token("/login")
		if r := c.post("/login", url.Values{"csrf": {tok}, "username": {try.name}, "password": {try.pass}}); r.code != http.StatusUnauthorized {
			t.Fatalf("a wrong login: %d", r.code)
		}
	}
	c.loginAs(testUser, testPass)
	var got []string
	for _, row := range e.auditSince(start) {
		got = append(got, row.Actor+" "+row.Client+" "+row.Action+" "+row.Detail)
	}
	want := []string{
		"visitor 127.0.0.1 login.failed wrong password for user " + testUser,
		"visitor 127.0.0.1 login.failed an unknown user name",
		testUser + " 127.0.0.1 login logged in",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("audit rows:\n got %q\nwant %q", got, want)
	}
	for _, secret := range []string{"hunter2", "my secret passphrase", testPass} {
		for _, row := range e.audit(pencilbox.AuditFilter{}) {
			if strings.Contains(row.Detail, secret) || strings.Contains(row.Actor, secret) {
				t.Errorf("%q is in the audit log: %+v", secret, row)
			}
		}
	}
}

// TestAuditExports: each download is a row of its user, with the client's
// address, the format and the request (the filter or the set): a filter's
// streamed csv, a set's text export and a booklet. Refused exports (a bad
// format, no puzzle) write none.
func TestAuditExports(t *testing.T) {
	e := roleEnv(t)
	c := e.client()
	c.loginAs("viewer1", testPass)
	start := e.auditTop()
	for _, tc := range []struct {
		path string
		code int
	}{
		{"/export?format=csv&kind=sudoku&rank=1-", http.StatusOK},
		{"/sets/1/export?format=json", http.StatusOK},
		{"/sets/1/booklet?make=1&format=pdf&title=&per=4&order=set&caption=stars&solutions=1", http.StatusOK},
		{"/export?format=bogus", http.StatusBadRequest},
		{"/export?format=csv&kind=sudoku&q=nothingmatchesthisword", http.StatusNotFound},
	} {
		if r := c.get(tc.path); r.code != tc.code {
			t.Fatalf("%s: %d, want %d: %.300s", tc.path, r.code, tc.code, r.body)
		}
	}
	var got []string
	for _, row := range e.auditSince(start) {
		got = append(got, row.Actor+" "+row.Client+" "+row.Action+" "+row.Detail)
	}
	if len(got) != 3 {
		t.Fatalf("audit rows: %q, want 3 exports", got)
	}
	for i, want := range []string{"csv ", "json sunday ", "pdf sunday "} {
		if !strings.HasPrefix(got[i], "viewer1 127.0.0.1 export "+want) {
			t.Errorf("row %d: %q, want viewer1's %s export", i, got[i], want)
		}
	}
	if !strings.Contains(got[0], "rank=1-") || !strings.Contains(got[1], "/sets/1/export") {
		t.Errorf("the rows do not say what was exported: %q", got)
	}
}
