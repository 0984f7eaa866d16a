package web

import (
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestSetFormsKeepInput (issue 33, item 4): a new set named as an
// existing one, and a set renamed to one, come back (400) saying so with
// the name and the notes as typed.
func TestSetFormsKeepInput(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	newSet(t, c, tok, "Week 49", nil)
	id := newSet(t, c, tok, "Week 50", nil)
	for _, tc := range []struct{ what, path string }{{"create", "/sets"}, {"rename", "/sets/" + id + "/edit"}} {
		r := c.post(tc.path, url.Values{"csrf": {tok}, "name": {"Week 49"}, "notes": {"Sunday's, page 12"}})
		body := html.UnescapeString(r.body)
		if r.code != http.StatusBadRequest || !strings.Contains(body, `A set named "Week 49" already exists.`) ||
			!strings.Contains(body, `value="Week 49"`) || !strings.Contains(body, "Sunday's, page 12") {
			t.Errorf("%s with a taken name: %d; want 400 saying so, the name and notes kept:\n%.2000s", tc.what, r.code, body)
		}
	}
}
