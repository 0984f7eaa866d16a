package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestAuditLog: each change an editor or an admin makes through the site
// (tags, every set change, an import, a role) is one row of the log, with
// who and what; a refused change is none. /audit filters by user and by
// puzzle, and a puzzle's page shows its own history, its import included.
func TestAuditLog(t *testing.T) {
	e := roleEnv(t)
	start := e.count(`SELECT coalesce(max(id), 0) FROM audit`)
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
	rows, err := e.db.R.Query(`SELECT actor, action, client FROM audit WHERE id > ? ORDER BY id`, start)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var who, what, from string
		rows.Scan(&who, &what, &from)
		got = append(got, who+" "+what)
		// every row of a web change names the client's address, the
		// background import's too
		if from != "127.0.0.1" {
			t.Errorf("%s %s: from %q, want the client's 127.0.0.1", who, what, from)
		}
	}
	rows.Close()
	want := []string{"editor1 tags", "editor1 set.create", "editor1 set.add", "editor1 set.move", "editor1 set.remove",
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
	ids := e.ids(`SELECT s.puzzle_id FROM sources s JOIN jobs j ON j.id = s.job_id WHERE j.source = 'audit test'`)
	if len(ids) != 1 {
		t.Fatalf("imported puzzles: %v", ids)
	}
	if r := ed.get(fmt.Sprintf("/puzzles/%d", ids[0])); cells(r.body) != "import job.end" {
		t.Errorf("history of the imported puzzle %d: %q", ids[0], cells(r.body))
	}
}
