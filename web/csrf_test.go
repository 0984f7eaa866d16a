package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// sessionCookie is the client's pb_session value.
func (c *client) sessionCookie() string {
	c.t.Helper()
	u, _ := url.Parse(c.base)
	for _, ck := range c.hc.Jar.Cookies(u) {
		if ck.Name == cookieSession {
			return ck.Value
		}
	}
	c.t.Fatal("no session cookie")
	return ""
}

// rawPost posts form with exactly the cookies and headers given (no jar).
func rawPost(t *testing.T, base, path string, form url.Values, cookies, headers map[string]string) resp {
	t.Helper()
	req, _ := http.NewRequest("POST", base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range cookies {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return (&client{t: t, base: base, hc: hc}).do(req)
}

// TestCSRFTokenBoundToSession: a set is created only with the token the
// server derived for that very session. A token the client made up (the
// same value in the pb_csrf cookie and the form, the old double submit),
// another session's token, and the login form's token are all refused, by
// form field and by header, and nothing changes.
func TestCSRFTokenBoundToSession(t *testing.T) {
	e := newTestEnv(t, nil)
	alice, bob := e.client(), e.client()
	aliceTok, bobTok := alice.login(), bob.login()
	aliceSess := alice.sessionCookie()
	anon := e.client()
	anonTok := anon.token("/login")
	chosen := strings.Repeat("A", 43)
	if aliceTok == bobTok {
		t.Fatal("two sessions have the same token")
	}

	for _, tc := range []struct {
		name    string
		token   string
		cookies map[string]string
		header  bool // the token in X-CSRF-Token instead of the form
	}{
		{"client-chosen token, repeated in pb_csrf", chosen, map[string]string{cookieCSRF: chosen}, false},
		{"client-chosen token, repeated in pb_csrf, by header", chosen, map[string]string{cookieCSRF: chosen}, true},
		{"another session's token", bobTok, nil, false},
		{"another session's token, by header", bobTok, nil, true},
		{"the login form's token of another visitor", anonTok, nil, false},
		{"no token", "", nil, false},
		{"the session token itself", aliceSess, nil, false},
	} {
		cookies := map[string]string{cookieSession: aliceSess}
		for k, v := range tc.cookies {
			cookies[k] = v
		}
		form := url.Values{"name": {"forged " + tc.name}}
		headers := map[string]string{}
		if tc.header {
			headers["X-CSRF-Token"] = tc.token
		} else {
			form.Set(csrfField, tc.token)
		}
		r := rawPost(t, e.srv.URL, "/sets", form, cookies, headers)
		if r.code != http.StatusForbidden || !strings.Contains(r.body, "security token") {
			t.Errorf("%s: %d %.200s, want 403 about the token", tc.name, r.code, r.body)
		}
	}
	if n := len(e.sets()); n != 0 {
		t.Fatalf("the refused posts made %d sets", n)
	}

	// the session's own token, by form and by header, from the same origin
	for i, tc := range []struct {
		headers map[string]string
		byHdr   bool
	}{
		{nil, false},
		{map[string]string{"Origin": e.srv.URL, "Sec-Fetch-Site": "same-origin"}, false},
		{map[string]string{"Origin": e.srv.URL}, true},
	} {
		form := url.Values{"name": {"book " + string(rune('a'+i))}}
		headers := map[string]string{}
		for k, v := range tc.headers {
			headers[k] = v
		}
		if tc.byHdr {
			headers["X-CSRF-Token"] = aliceTok
		} else {
			form.Set(csrfField, aliceTok)
		}
		r := rawPost(t, e.srv.URL, "/sets", form, map[string]string{cookieSession: aliceSess, cookieCSRF: chosen}, headers)
		if r.code != http.StatusSeeOther || !strings.HasPrefix(r.hdr.Get("Location"), "/sets/") {
			t.Errorf("valid token %d (%v): %d %.200s, want 303 to the set", i, tc.headers, r.code, r.body)
		}
	}
	if n := len(e.sets()); n != 3 {
		t.Errorf("%d sets, want the 3 of the valid posts", n)
	}

	// the key is in the database: a restarted server takes the same token
	s2 := New(e.s.cfg)
	defer s2.Close()
	restarted := httptest.NewServer(s2.Handler())
	defer restarted.Close()
	r := rawPost(t, restarted.URL, "/sets", url.Values{csrfField: {aliceTok}, "name": {"after restart"}}, map[string]string{cookieSession: aliceSess}, nil)
	if r.code != http.StatusSeeOther {
		t.Errorf("the token after a restart: %d %.200s", r.code, r.body)
	}
	// a logged-out session's token is dead
	if r := alice.post("/logout", url.Values{csrfField: {aliceTok}}); r.code != http.StatusSeeOther {
		t.Fatalf("logout: %d", r.code)
	}
	// (the route's login check answers first, before the body is read:
	// the visitor is sent to log in, nothing made)
	r = rawPost(t, e.srv.URL, "/sets", url.Values{csrfField: {aliceTok}, "name": {"after logout"}}, map[string]string{cookieSession: aliceSess}, nil)
	if r.code != http.StatusSeeOther || !strings.HasPrefix(r.hdr.Get("Location"), "/login") {
		t.Errorf("the token after logout: %d to %q, want 303 to /login", r.code, r.hdr.Get("Location"))
	}
	if _, _, ok := e.setNamed("after logout"); ok {
		t.Errorf("the token after logout made a set")
	}
}

// TestCSRFCrossOrigin: a POST a browser sent from another origin is
// refused even with the right token; another port of the same host is
// another origin. A client that sends neither Origin nor Sec-Fetch-Site
// (curl, a script) gets through with the token.
func TestCSRFCrossOrigin(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	sess := c.sessionCookie()
	u, _ := url.Parse(e.srv.URL)
	otherPort := "http://" + u.Hostname() + ":1"
	for _, tc := range []struct {
		name    string
		headers map[string]string
		ok      bool
	}{
		{"cross-site Origin", map[string]string{"Origin": "https://evil.example"}, false},
		{"another port of this host", map[string]string{"Origin": otherPort}, false},
		{"Origin null (a sandboxed frame, a data: page)", map[string]string{"Origin": "null"}, false},
		{"Sec-Fetch-Site cross-site", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, false},
		{"Sec-Fetch-Site same-site (another port)", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": otherPort}, false},
		{"Sec-Fetch-Site same-site, Origin claiming this site", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": e.srv.URL}, false},
		{"a browser's request without Origin", map[string]string{"Sec-Fetch-Site": "same-origin"}, false},
		{"same origin", map[string]string{"Origin": e.srv.URL, "Sec-Fetch-Site": "same-origin"}, true},
		{"same origin, an older browser", map[string]string{"Origin": e.srv.URL}, true},
		{"no browser headers (curl)", nil, true},
	} {
		for _, path := range []string{"/sets", "/login"} {
			form := url.Values{csrfField: {tok}, "name": {tc.name}, "username": {testUser}, "password": {testPass}}
			r := rawPost(t, e.srv.URL, path, form, map[string]string{cookieSession: sess}, tc.headers)
			switch {
			case tc.ok && r.code != http.StatusSeeOther:
				t.Errorf("%s, POST %s: %d %.200s, want 303", tc.name, path, r.code, r.body)
			case !tc.ok && (r.code != http.StatusForbidden || !strings.Contains(r.body, "another site")):
				t.Errorf("%s, POST %s: %d %.200s, want 403 naming another site", tc.name, path, r.code, r.body)
			}
		}
	}
	if n, want := len(e.sets()), 3; n != want {
		t.Errorf("%d sets, want %d (the accepted posts')", n, want)
	}
}

// TestAnonymousBodyLimit: without a session a POST may carry 64 KiB (the
// login form needs a few hundred bytes), so a flood of anonymous uploads
// cannot make the server read the curators' upload limit each.
func TestAnonymousBodyLimit(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.token("/login")
	r := c.post("/login", url.Values{csrfField: {tok}, "username": {testUser}, "password": {"wrong"}, "pad": {strings.Repeat("x", maxAnonBody)}})
	if r.code != http.StatusRequestEntityTooLarge || !strings.Contains(r.body, "64 KiB") {
		t.Errorf("an anonymous 64 KiB post: %d %.200s, want 413 naming the limit", r.code, r.body)
	}
	r = c.post("/login", url.Values{csrfField: {tok}, "username": {testUser}, "password": {"wrong"}, "pad": {strings.Repeat("x", 1000)}})
	if r.code != http.StatusUnauthorized {
		t.Errorf("an anonymous small post: %d, want 401", r.code)
	}
}
