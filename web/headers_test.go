package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestNoStoreOnPrivateAnswers: pages, the API, downloads and the login
// page say Cache-Control: no-store, so no browser or proxy keeps what a
// user saw; the hashed static files keep their year-long caching.
func TestNoStoreOnPrivateAnswers(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	if r := c.get("/login"); r.hdr.Get("Cache-Control") != "no-store" {
		t.Errorf("GET /login: Cache-Control %q, want no-store", r.hdr.Get("Cache-Control"))
	}
	c.login()
	for _, p := range []string{"/", "/puzzles", "/puzzles/1", "/sets", "/import", "/api/puzzles", "/api/puzzles/1",
		"/export?format=line", "/export?format=pdf&kind=sudoku", "/puzzles/999999999"} {
		r := c.get(p)
		if r.code >= 500 || r.hdr.Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s: %d, Cache-Control %q, want no-store", p, r.code, r.hdr.Get("Cache-Control"))
		}
	}
	css := "/static/app.css?v=" + e.s.assets.version
	if r := c.get(css); r.code != http.StatusOK || r.hdr.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("GET %s: %d, Cache-Control %q, want the immutable year", css, r.code, r.hdr.Get("Cache-Control"))
	}
}

// TestHeadAnswersLikeGet: HEAD is answered as GET is (status, type,
// length, the same login and role rules), with no body; it was a 404.
func TestHeadAnswersLikeGet(t *testing.T) {
	// The list page says how long it took and counts its matches within
	// a budget: on a loaded machine a GET and a HEAD of it differed by a
	// byte ("9.9 ms", "10.1 ms"), or by a count cut short. A stopped
	// clock and a count budget no machine reaches make both the same
	// bytes, so the lengths compare exactly.
	e := newTestEnv(t, func(cfg *Config) { cfg.CountBudget = time.Hour })
	stopped := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	e.s.now = func() time.Time { return stopped }
	c := e.client()
	head := func(p string) (*http.Response, int) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodHead, c.base+p, nil)
		r, err := c.hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r, len(b)
	}
	if r, n := head("/puzzles"); r.StatusCode != http.StatusSeeOther || !strings.HasPrefix(r.Header.Get("Location"), "/login") || n != 0 {
		t.Errorf("HEAD /puzzles without a login: %d to %q, %d body bytes; want 303 to /login", r.StatusCode, r.Header.Get("Location"), n)
	}
	c.login()
	for _, p := range []string{"/", "/puzzles", "/puzzles/1", "/api/puzzles/1", "/static/app.css?v=" + e.s.assets.version, "/login"} {
		get := c.get(p)
		r, n := head(p)
		if r.StatusCode != get.code || n != 0 || r.Header.Get("Content-Type") != get.hdr.Get("Content-Type") {
			t.Errorf("HEAD %s: %d %q with %d body bytes; GET gave %d %q", p, r.StatusCode, r.Header.Get("Content-Type"), n, get.code, get.hdr.Get("Content-Type"))
		}
		if cl := r.Header.Get("Content-Length"); cl != "" && cl != get.hdr.Get("Content-Length") {
			t.Errorf("HEAD %s: Content-Length %s, GET's %s", p, cl, get.hdr.Get("Content-Length"))
		}
	}
	if r, _ := head("/puzzles/999999999"); r.StatusCode != http.StatusNotFound {
		t.Errorf("HEAD of a missing puzzle: %d, want 404", r.StatusCode)
	}
	if r, _ := head("/users"); r.StatusCode != http.StatusOK {
		t.Errorf("HEAD /users as the admin: %d, want 200", r.StatusCode)
	}
}

// TestFlashCapped: a refused value of 100 KB is not echoed whole into the
// flash cookie (it made a 100 KB Set-Cookie, which browsers drop): the
// cookie stays under a browser's 4 KiB and the next page shows the
// message's start.
func TestFlashCapped(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	big := strings.Repeat("é", 50000) // 100,000 bytes
	// a publication's refused date is said in the flash (the users form,
	// which did so with a role, now answers with its page)
	set, err := e.db.Sets().Create(context.Background(), "Week 1", "")
	if err != nil {
		t.Fatal(err)
	}
	page := fmt.Sprintf("/sets/%d", set)
	req, _ := http.NewRequest("POST", c.base+page+"/publish", strings.NewReader(url.Values{"csrf": {tok}, "outlet": {"Daily Star"}, "date": {big}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r := c.do(req)
	if r.code != http.StatusSeeOther {
		t.Fatalf("POST %s/publish with a 100 KB date: %d %.300s", page, r.code, r.body)
	}
	for _, sc := range r.hdr.Values("Set-Cookie") {
		if len(sc) > 4096 {
			t.Errorf("Set-Cookie of %d bytes (%.60s...), want at most 4096", len(sc), sc)
		}
	}
	next := c.get(page)
	if !strings.Contains(next.body, "Date &#34;ééé") || !strings.Contains(next.body, "é…") {
		t.Errorf("the next page does not show the cut message: %.2000s", next.body)
	}
}
