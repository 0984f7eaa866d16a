package web

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestPublishedSetLockedWeb (issue 33, item 3): on a published set every
// change the site offers (add from the list, a recipe into it, move,
// remove, sort, undo, rename) is refused with the publication named and
// changes nothing; its page says it is locked and offers editors Reopen
// (a viewer gets 403, a post without the CSRF token is refused); once
// reopened, with an audit row, the changes go through, and the
// publication is still listed, marked reopened.
func TestPublishedSetLockedWeb(t *testing.T) {
	e := roleEnv(t)
	c := e.client()
	tok := c.loginAs("editor1", testPass)
	id := newSet(t, c, tok, "Week 49 Sudoku", []int64{4, 9, 12})
	if r := c.post("/sets/"+id+"/publish", url.Values{"csrf": {tok}, "outlet": {"Daily Times"}, "date": {"2026-12-07"}}); r.code != http.StatusSeeOther {
		t.Fatalf("publish: %d", r.code)
	}
	items := func() []int64 {
		return setOrder(t, c, id)
	}
	before := items()
	says := `Set "Week 49 Sudoku" is published (in Daily Times on 2026-12-07) and locked: nothing was changed`
	for _, s := range []struct {
		what, path string
		form       url.Values
	}{
		{"add from the list", "/sets/add", url.Values{"set": {id}, "what": {"ticked"}, "id": {"20"}, "reuse": {"yes"}, "back": {"/puzzles?kind=sudoku"}}},
		{"a recipe", "/sets/build", url.Values{"set": {id}, "recipe": {"rank=1:1"}, "filter": {"kind=sudoku"}, "back": {"/puzzles?kind=sudoku"}}},
		{"move", "/sets/" + id + "/move", url.Values{"puzzle": {"12"}, "pos": {"1"}}},
		{"remove", "/sets/" + id + "/remove", url.Values{"puzzle": {"4"}}},
		{"sort", "/sets/" + id + "/sort", nil},
		{"undo", "/sets/" + id + "/undo", nil},
		{"rename", "/sets/" + id + "/edit", url.Values{"name": {"Week 50 Sudoku"}, "notes": {"typo"}}},
	} {
		form := url.Values{"csrf": {tok}}
		for k, v := range s.form {
			form[k] = v
		}
		r := c.post(s.path, form)
		page := r.body
		if r.code == http.StatusSeeOther {
			page = c.get(r.hdr.Get("Location")).body
		}
		if page = html.UnescapeString(page); !strings.Contains(page, says) {
			t.Errorf("%s on a published set: %d, the page does not say %q", s.what, r.code, says)
		}
	}
	if got := items(); len(got) != len(before) || got[0] != before[0] || got[2] != before[2] {
		t.Fatalf("refused changes changed the set: %v, was %v", got, before)
	}
	if n := e.setsNamed("Week 49 Sudoku"); n != 1 {
		t.Fatalf("the rename went through")
	}
	page := c.get("/sets/" + id).body
	for _, w := range []string{`id="locked"`, "Reopen for changes", "no: locks the set"} {
		if !strings.Contains(page, w) {
			t.Errorf("the published set's page lacks %q", w)
		}
	}
	// a viewer neither sees nor may use Reopen; no token, no reopen
	v := e.client()
	vtok := v.loginAs("viewer1", testPass)
	if strings.Contains(v.get("/sets/"+id).body, "Reopen for changes") {
		t.Errorf("a viewer is offered Reopen")
	}
	if r := v.post("/sets/"+id+"/reopen", url.Values{"csrf": {vtok}}); r.code != http.StatusForbidden {
		t.Errorf("a viewer's reopen: %d, want 403", r.code)
	}
	if r := c.post("/sets/"+id+"/reopen", nil); r.code != http.StatusForbidden && r.code != http.StatusBadRequest {
		t.Errorf("reopen without the CSRF token: %d, want refused", r.code)
	}
	if n := len(e.audited("set.reopen", "")); n != 0 {
		t.Fatalf("refused reopens logged %d rows", n)
	}
	r := c.post("/sets/"+id+"/reopen", url.Values{"csrf": {tok}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("reopen: %d %s", r.code, r.body)
	}
	page = html.UnescapeString(c.get(r.hdr.Get("Location")).body)
	if !strings.Contains(page, "Reopened for changes. Its publications (Daily Times on 2026-12-07) keep their records") ||
		strings.Contains(page, `id="locked"`) || !strings.Contains(page, " by editor1") {
		t.Errorf("the reopened set's page does not say so")
	}
	if rows := e.audited("set.reopen", "editor1"); len(rows) != 1 || !regexp.MustCompile(`Week 49 Sudoku.*Daily Times on 2026-12-07`).MatchString(rows[0].Detail) {
		t.Errorf("audit rows for the reopen: %+v, want one by editor1 naming the set and its publication", rows)
	}
	if r := c.post("/sets/"+id+"/move", url.Values{"csrf": {tok}, "puzzle": {"12"}, "pos": {"1"}}); r.code != http.StatusSeeOther {
		t.Fatalf("move after reopen: %d", r.code)
	}
	if got := items(); got[0] != 12 {
		t.Errorf("move after reopen: %v", got)
	}
	if pubs := e.setPublications(mustID(t, id)); len(pubs) != 1 || pubs[0].Count != 3 {
		t.Errorf("the set's publications: %+v, want one of 3 puzzles", pubs)
	}
}
