package web

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/http/httputil"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"
)

// fromAddr is a client whose connections leave from the loopback address
// local (127.0.0.2, ...), so that the proxy and the server can tell
// clients apart on one machine.
func fromAddr(t *testing.T, base string, tr *http.Transport, local string) *client {
	t.Helper()
	tr = tr.Clone()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		return d.DialContext(ctx, network, addr)
	}
	jar, _ := cookiejar.New(nil)
	return &client{t: t, base: base, hc: &http.Client{Transport: tr, Jar: jar, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

func (c *client) badLogin(tok string, spoof string) resp {
	c.t.Helper()
	req, _ := http.NewRequest("POST", c.base+"/login", strings.NewReader(url.Values{"csrf": {tok}, "username": {testUser}, "password": {"wrong password"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if spoof != "" {
		req.Header.Set("X-Forwarded-For", spoof)
		req.Header.Set("X-Forwarded-Proto", "https")
	}
	return c.do(req)
}

// setCookie returns the Set-Cookie line of the named cookie.
func setCookie(r resp, name string) string {
	for _, v := range r.hdr.Values("Set-Cookie") {
		if strings.HasPrefix(v, name+"=") {
			return v
		}
	}
	return ""
}

// TestBehindProxy runs the site behind an https reverse proxy on loopback
// (httputil.ReverseProxy, appending to X-Forwarded-For as nginx's
// $proxy_add_x_forwarded_for does, and setting X-Forwarded-Proto) that the
// server trusts (127.0.0.1), with clients at 127.0.0.2-4: the login limit
// counts each client's own address, whatever X-Forwarded-For it sends;
// cookies are Secure and HSTS is sent through the proxy; a client that
// reaches the server directly cannot forward anything.
func TestBehindProxy(t *testing.T) {
	e := newTestEnv(t, func(c *Config) {
		c.LoginRate = 2
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
		c.HSTS = true
	})
	target, _ := url.Parse(e.srv.URL)
	proxy := httptest.NewTLSServer(&httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(target)
		pr.Out.Host = pr.In.Host
		pr.Out.Header["X-Forwarded-For"] = pr.In.Header["X-Forwarded-For"]
		pr.SetXForwarded()
	}})
	t.Cleanup(proxy.Close)
	tlsTr := proxy.Client().Transport.(*http.Transport)

	// Through the proxy: https, so Secure cookies and HSTS.
	a := fromAddr(t, proxy.URL, tlsTr, "127.0.0.2")
	r := a.get("/login")
	if ck := setCookie(r, cookieCSRF); !strings.Contains(ck, "; Secure") {
		t.Errorf("via the https proxy, Set-Cookie %q is not Secure", ck)
	}
	if r.hdr.Get("Strict-Transport-Security") == "" {
		t.Error("via the https proxy with HSTS on: no Strict-Transport-Security")
	}
	tok := csrfRe.FindStringSubmatch(r.body)[1]
	// The client's own address is limited, whatever it claims to forward.
	var codes []int
	for i := range 4 {
		codes = append(codes, a.badLogin(tok, fmt.Sprintf("10.9.8.%d", i)).code)
	}
	if want := "[401 401 429 429]"; fmt.Sprint(codes) != want {
		t.Errorf("127.0.0.2 through the proxy, a new spoofed X-Forwarded-For each time: codes %v, want %v", codes, want)
	}

	// Another client of the same proxy has its own count (the server does
	// not count the proxy's address), and logs in with a Secure session.
	b := fromAddr(t, proxy.URL, tlsTr, "127.0.0.3")
	btok := b.token("/login")
	if code := b.badLogin(btok, "").code; code != http.StatusUnauthorized {
		t.Errorf("127.0.0.3 through the proxy, first login: %d, want 401 (counted apart from 127.0.0.2)", code)
	}
	r = b.post("/login", url.Values{"csrf": {btok}, "username": {testUser}, "password": {testPass}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("login through the proxy: %d %s", r.code, r.body)
	}
	if ck := setCookie(r, cookieSession); !strings.Contains(ck, "; Secure") {
		t.Errorf("session cookie through the https proxy: %q, want Secure", ck)
	}
	if r := b.get("/puzzles"); r.code != http.StatusOK {
		t.Errorf("a page through the proxy: %d", r.code)
	}

	// Straight to the server from an untrusted address: forwarded headers
	// are ignored (no Secure, no HSTS, the limit on 127.0.0.4 itself).
	d := fromAddr(t, e.srv.URL, http.DefaultTransport.(*http.Transport), "127.0.0.4")
	req, _ := http.NewRequest("GET", d.base+"/login", nil)
	req.Header.Set("X-Forwarded-Proto", "https")
	req.Header.Set("X-Forwarded-For", "127.0.0.1")
	r = d.do(req)
	if ck := setCookie(r, cookieCSRF); ck == "" || strings.Contains(ck, "Secure") {
		t.Errorf("direct plain http with a forged X-Forwarded-Proto: Set-Cookie %q, want one without Secure", ck)
	}
	if r.hdr.Get("Strict-Transport-Security") != "" {
		t.Error("direct plain http with a forged X-Forwarded-Proto: Strict-Transport-Security sent")
	}
	dtok := csrfRe.FindStringSubmatch(r.body)[1]
	codes = nil
	for i := range 3 {
		codes = append(codes, d.badLogin(dtok, fmt.Sprintf("127.0.0.1, 10.1.1.%d", i)).code)
	}
	if want := "[401 401 429]"; fmt.Sprint(codes) != want {
		t.Errorf("127.0.0.4 direct with spoofed X-Forwarded-For: codes %v, want %v", codes, want)
	}
}

// TestForwardedFor reads X-Forwarded-For chains from the right.
func TestForwardedFor(t *testing.T) {
	proxies, err := ParseProxies([]string{"10.0.0.0/8, 192.168.1.1", "::1"})
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{cfg: Config{TrustedProxies: proxies}}
	peer := netip.MustParseAddr("10.0.0.5")
	for _, tc := range []struct {
		xff  []string
		want string
	}{
		{nil, "10.0.0.5"},                                   // no header: the proxy itself
		{[]string{"203.0.113.7"}, "203.0.113.7"},            // one hop
		{[]string{"1.1.1.1, 203.0.113.7"}, "203.0.113.7"},   // the client wrote 1.1.1.1
		{[]string{"1.1.1.1", "203.0.113.7"}, "203.0.113.7"}, // two header lines
		{[]string{"203.0.113.7, 10.2.2.2, 192.168.1.1"}, "203.0.113.7"},
		{[]string{"10.1.1.1, 10.2.2.2"}, "10.1.1.1"},    // all trusted: the leftmost
		{[]string{"junk, 10.2.2.2"}, "10.2.2.2"},        // garbage ends the walk
		{[]string{"203.0.113.7:4711"}, "203.0.113.7"},   // with a port
		{[]string{"::ffff:203.0.113.9"}, "203.0.113.9"}, // mapped
		{[]string{"2001:db8::1, ::1"}, "2001:db8::1"},   // v6 hops
		{[]string{"198.51.100.1, 203.0.113.7, 10.0.0.1"}, "203.0.113.7"},
	} {
		if got := s.forwardedFor(tc.xff, peer).String(); got != tc.want {
			t.Errorf("X-Forwarded-For %q: client %s, want %s", tc.xff, got, tc.want)
		}
	}
	if _, err := ParseProxies([]string{"10.0.0.0/33"}); err == nil {
		t.Error("ParseProxies accepted 10.0.0.0/33")
	}
}
