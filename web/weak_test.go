package web

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestExportRefusesWhatItCannotWrite: a format that cannot hold the
// filter's kind, or a filter the list refuses, is a 400 page of the site
// saying why, before any download begins (it was an empty reply and a 500).
func TestExportRefusesWhatItCannotWrite(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	for _, tc := range []struct{ path, says string }{
		{"/export?kind=akari&format=csv", "the csv format holds sudoku puzzles only, not akari: for akari, choose pdf, json, url, tatham"},
		{"/export?kind=akari&format=line", "the line format holds sudoku puzzles only"},
		{"/export?kind=akari&format=grid", "the grid format holds sudoku puzzles only"},
		{"/export?kind=sudoku&format=tatham", "the tatham format holds akari puzzles only, not sudoku"},
		{"/export?status=bogus&format=csv", "status &#34;bogus&#34;: want unique, multiple, none, unknown or invalid"},
		{"/export?status=bogus&format=pdf", "status &#34;bogus&#34;"},
	} {
		r := c.get(tc.path)
		if r.code != http.StatusBadRequest || !strings.Contains(r.body, tc.says) {
			t.Errorf("GET %s: %d %.400s; want 400 saying %q", tc.path, r.code, r.body, tc.says)
		}
		if !strings.HasPrefix(r.hdr.Get("Content-Type"), "text/html") || !strings.Contains(r.body, `href="/puzzles"`) {
			t.Errorf("GET %s: not a page of the site: %q", tc.path, r.hdr.Get("Content-Type"))
		}
		if d := r.hdr.Get("Content-Disposition"); d != "" {
			t.Errorf("GET %s: a download (%s)", tc.path, d)
		}
	}
	// the list and the export agree on a bad status
	if r := c.get("/puzzles?status=bogus"); r.code != http.StatusBadRequest {
		t.Errorf("list with a bad status: %d", r.code)
	}
	// what the kind allows still exports
	if r := c.get("/export?kind=akari&format=tatham"); r.code != 200 || r.body == "" {
		t.Errorf("akari as tatham: %d", r.code)
	}
}

// TestExportButtonsFollowTheKind: the list offers only the formats that
// hold the filter's kind; without a kind, every format.
func TestExportButtonsFollowTheKind(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	offered := func(query string) string {
		r := c.get("/puzzles?" + query)
		var got []string
		for _, f := range []string{"pdf", "line", "grid", "csv", "json", "url", "tatham"} {
			if strings.Contains(r.body, "format="+f+`"`) || strings.Contains(r.body, "format="+f+"&amp;") || strings.Contains(r.body, "format="+f+"&") {
				got = append(got, f)
			}
		}
		return strings.Join(got, " ")
	}
	for q, want := range map[string]string{
		"kind=akari":  "pdf json url tatham",
		"kind=sudoku": "pdf line grid csv json url",
		"":            "pdf line grid csv json url tatham",
	} {
		if got := offered(q); got != want {
			t.Errorf("/puzzles?%s offers %q, want %q", q, got, want)
		}
	}
}

// TestLocalPath: only a clean path on this site is a redirect target after
// login; control characters, backslashes and hosts in any form are not.
func TestLocalPath(t *testing.T) {
	for next, want := range map[string]bool{
		"/":                     true,
		"/puzzles?kind=akari":   true,
		"/sets/1":               true,
		"/a%2Fb":                true,
		"":                      false,
		"puzzles":               false,
		"//evil.example/x":      false,
		"/\\evil.example":       false,
		"/\t/evil.example/x":    false, // browsers drop the tab: //evil.example/x
		"/\n/evil.example/x":    false,
		"/\r\nSet-Cookie: a=b":  false,
		"/x\x00y":               false,
		"/x\x7fy":               false,
		"/%2F/evil.example":     false,
		"/%5Cevil.example":      false,
		"/%09/evil.example":     false,
		"https://evil.example/": false,
		"/x\\y":                 false,
	} {
		if got := localPath(next); got != want {
			t.Errorf("localPath(%q) = %v, want %v", next, got, want)
		}
	}
}

// TestLoginNextControlCharacters: the login's next= with a tab (sent as
// %09, as the hostile review did) redirects home, not off the site.
func TestLoginNextControlCharacters(t *testing.T) {
	e := newTestEnv(t, nil)
	for _, next := range []string{"/\t/evil.example/x", "/%09/evil.example/x", "/\\evil.example", "/sets"} {
		c := e.client()
		page := c.get("/login?next=" + url.QueryEscape(next))
		if strings.Contains(page.body, "evil.example") {
			t.Errorf("login page keeps next=%q", next)
		}
		tok := c.token("/login")
		r := c.post("/login", url.Values{"csrf": {tok}, "username": {testUser}, "password": {testPass}, "next": {next}})
		want := "/"
		if next == "/sets" {
			want = "/sets"
		}
		if r.code != http.StatusSeeOther || r.hdr.Get("Location") != want {
			t.Errorf("login with next=%q: %d to %q, want %q", next, r.code, r.hdr.Get("Location"), want)
		}
	}
}

// TestSetAddChecksIDs: ticked ids that name no puzzle are refused, named,
// and nothing is added; too many ticked ids are refused with the limit.
func TestSetAddChecksIDs(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	if r := c.post("/sets", url.Values{"csrf": {tok}, "name": {"Book"}}); r.code != http.StatusSeeOther {
		t.Fatalf("create: %d", r.code)
	}
	for _, tc := range []struct {
		ids  []string
		says string
	}{
		{[]string{"999999999", "-5", "0", "1"}, "No puzzle has the ids 999999999, -5, 0: nothing was added."},
		{[]string{"2", "999999999"}, "No puzzle has the id 999999999: nothing was added."},
		{[]string{"x"}, "&#34;x&#34; is not a puzzle id"},
	} {
		r := c.post("/sets/add", url.Values{"csrf": {tok}, "set": {"1"}, "what": {"ticked"}, "id": tc.ids})
		if r.code != http.StatusBadRequest || !strings.Contains(r.body, tc.says) {
			t.Errorf("add %v: %d %.300s; want 400 saying %q", tc.ids, r.code, r.body, tc.says)
		}
	}
	if n := e.count(`SELECT count(*) FROM set_items`); n != 0 {
		t.Errorf("%d items stored by refused adds", n)
	}
	// good ids still go in
	if r := c.post("/sets/add", url.Values{"csrf": {tok}, "set": {"1"}, "what": {"ticked"}, "id": {"1", "2"}}); r.code != http.StatusSeeOther {
		t.Errorf("add 1, 2: %d %s", r.code, r.body)
	}
	if n := e.count(`SELECT count(*) FROM set_items`); n != 2 {
		t.Errorf("%d items, want 2", n)
	}
	// 10,001 ids: the form limit, said with its number (it was "Choose a set.")
	many := make([]string, 10001)
	for i := range many {
		many[i] = fmt.Sprint(i + 1)
	}
	r := c.post("/sets/add", url.Values{"csrf": {tok}, "set": {"1"}, "what": {"ticked"}, "id": many})
	if r.code != http.StatusBadRequest || !strings.Contains(r.body, "at most 10000") {
		t.Errorf("10,001 ids: %d %.300s", r.code, r.body)
	}
	// the handler's own bound, below the form's
	old := maxSetAdd
	maxSetAdd = 3
	t.Cleanup(func() { maxSetAdd = old })
	r = c.post("/sets/add", url.Values{"csrf": {tok}, "set": {"1"}, "what": {"ticked"}, "id": {"1", "2", "3", "4"}})
	if r.code != http.StatusBadRequest || !strings.Contains(r.body, "4 puzzles ticked: a set takes at most 3 at a time") {
		t.Errorf("over maxSetAdd: %d %.300s", r.code, r.body)
	}
}

// TestChunkedPasteTooLarge: a pasted text over the limit, sent chunked with
// the CSRF token in its header (so no check reads the body first), is a 413
// naming the limit, not "Choose a file".
func TestChunkedPasteTooLarge(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.MaxUpload = 1 << 20 })
	c := e.client()
	tok := c.login()
	body := io.MultiReader(strings.NewReader("text="), strings.NewReader(strings.Repeat("0", 2<<20)))
	req, _ := http.NewRequest("POST", c.base+"/import", body)
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", tok)
	r := c.do(req)
	if r.code != http.StatusRequestEntityTooLarge || !strings.Contains(r.body, "1 MiB") {
		t.Errorf("chunked paste: %d %.300s; want 413 naming 1 MiB", r.code, r.body)
	}
}
