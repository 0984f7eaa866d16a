package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
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
// flash cookie (it made a 100 KB Set-Cookie, which browsers drop). The
// publish form now answers its refusal with the page itself; every
// message that still goes by the cookie is cut to maxFlash bytes at a
// character's start, so the cookie stays under a browser's 4 KiB.
func TestFlashCapped(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	big := strings.Repeat("é", 50000) // 100,000 bytes
	set, err := e.db.Sets().Create(context.Background(), "Week 1", "")
	if err != nil {
		t.Fatal(err)
	}
	page := fmt.Sprintf("/sets/%d", set)
	req, _ := http.NewRequest("POST", c.base+page+"/publish", strings.NewReader(url.Values{"csrf": {tok}, "outlet": {"Daily Star"}, "date": {big}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r := c.do(req)
	if r.code != http.StatusBadRequest {
		t.Fatalf("POST %s/publish with a 100 KB date: %d %.300s", page, r.code, r.body)
	}
	for _, sc := range r.hdr.Values("Set-Cookie") {
		if len(sc) > 4096 {
			t.Errorf("Set-Cookie of %d bytes (%.60s...), want at most 4096", len(sc), sc)
		}
	}
	if !strings.Contains(r.body, "Not published") {
		t.Errorf("the refusal page does not say why: %.2000s", r.body)
	}

	// any message sent through the cookie: cut, still UTF-8, ending "…"
	rec := httptest.NewRecorder()
	ec := e.s.e.NewContext(httptest.NewRequest("POST", "/", nil), rec)
	if err := e.s.redirectFlash(ec, "/", "Date \""+big+"\" is not a date."); err != nil {
		t.Fatal(err)
	}
	var msg string
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == cookieFlash {
			msg, _ = url.QueryUnescape(ck.Value)
		}
	}
	if sc := rec.Header().Get("Set-Cookie"); len(sc) > 4096 {
		t.Errorf("Set-Cookie of %d bytes, want at most 4096", len(sc))
	}
	if len(msg) > maxFlash || !utf8.ValidString(msg) || !strings.HasPrefix(msg, "Date \"éé") || !strings.HasSuffix(msg, "é…") {
		t.Errorf("flash of %d bytes %.40q...%q, want at most %d, valid UTF-8, the message's start and …", len(msg), msg, msg[max(0, len(msg)-10):], maxFlash)
	}
}
