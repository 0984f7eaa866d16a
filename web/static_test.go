package web

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestStaticCaching: pages link the stylesheet and script with their
// content's version, which a browser may keep for a year; asked again with
// its ETag the file is not sent twice; an old or missing version gets a
// short cache life; an unknown file is a 404.
func TestStaticCaching(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	page := c.get("/login").body
	for _, name := range []string{"app.css", "app.js"} {
		m := regexp.MustCompile(`"(/static/` + regexp.QuoteMeta(name) + `\?v=[0-9a-f]+)"`).FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("the login page links no versioned %s", name)
		}
		r := c.get(m[1])
		if r.code != http.StatusOK || !strings.Contains(r.hdr.Get("Cache-Control"), "immutable") || r.hdr.Get("ETag") == "" || len(r.body) == 0 {
			t.Errorf("%s: %d, Cache-Control %q, ETag %q, %d bytes", m[1], r.code, r.hdr.Get("Cache-Control"), r.hdr.Get("ETag"), len(r.body))
		}
		req, _ := http.NewRequest("GET", c.base+m[1], nil)
		req.Header.Set("If-None-Match", r.hdr.Get("ETag"))
		if again := c.do(req); again.code != http.StatusNotModified || again.body != "" {
			t.Errorf("%s with its ETag: %d, %d bytes; want 304 and nothing", m[1], again.code, len(again.body))
		}
		for _, old := range []string{"/static/" + name, "/static/" + name + "?v=0ld"} {
			if r := c.get(old); r.code != http.StatusOK || strings.Contains(r.hdr.Get("Cache-Control"), "immutable") {
				t.Errorf("%s: %d, Cache-Control %q; want 200 without immutable", old, r.code, r.hdr.Get("Cache-Control"))
			}
		}
	}
	for _, bad := range []string{"/static/nope.css", "/static/../static.go", "/static/"} {
		if r := c.get(bad); r.code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", bad, r.code)
		}
	}
}
