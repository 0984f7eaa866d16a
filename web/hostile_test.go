package web

import (
	"bytes"
	"crypto/rand"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestHostileParameters sends SQL, path and script tricks in every query
// parameter: each answer is a page or a clear 400/404, never a server
// error, never the input unescaped, and the library is unharmed.
func TestHostileParameters(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	before := e.count(`SELECT count(*) FROM puzzles`)
	tricks := []string{
		`' OR 1=1 --`, `1; DROP TABLE puzzles`, `"); DELETE FROM puzzles; --`,
		`../../../../etc/passwd`, `%00`, "\x00\x01", `<script>alert(1)</script>`,
		`"><img src=x onerror=alert(1)>`, strings.Repeat("9", 400), `-1`, `1e309`, `NaN`,
		`5-`, `-`, `--`, `*`, `OR`, `"unterminated`, `NEAR(`, `^^^`,
	}
	params := []string{"kind", "rank", "status", "source", "tag", "technique", "clues", "hyp", "q", "sort", "order", "after", "limit", "id", "page"}
	for _, p := range params {
		for _, v := range tricks {
			for _, path := range []string{"/puzzles", "/api/puzzles"} {
				r := c.get(path + "?" + url.Values{p: {v}}.Encode())
				if r.code != 200 && r.code != 400 {
					t.Errorf("%s?%s=%q: status %d: %.200s", path, p, v, r.code, r.body)
				}
				if strings.Contains(r.body, "<script>alert") || strings.Contains(r.body, "<img src=x") {
					t.Errorf("%s?%s=%q: the input comes back unescaped", path, p, v)
				}
				if strings.Contains(strings.ToLower(r.body), "sql") && !strings.Contains(v, "sql") {
					t.Errorf("%s?%s=%q: the answer mentions SQL: %.200s", path, p, v, r.body)
				}
			}
		}
	}
	for _, v := range tricks {
		for _, path := range []string{"/puzzles/" + url.PathEscape(v), "/sets/" + url.PathEscape(v), "/import/" + url.PathEscape(v), "/api/puzzles/" + url.PathEscape(v), "/puzzles/1?step=" + url.QueryEscape(v)} {
			r := c.get(path)
			if r.code != 404 && r.code != 400 && r.code != 200 {
				t.Errorf("GET %s: %d", path, r.code)
			}
		}
	}
	if after := e.count(`SELECT count(*) FROM puzzles`); after != before {
		t.Errorf("the library went from %d to %d puzzles", before, after)
	}
	if ok, err := e.db.IntegrityCheck(t.Context()); err != nil || ok != "ok" {
		t.Errorf("integrity check: %q %v", ok, err)
	}
}

// TestHostileUploads: a binary file, a file of nothing but bad lines and an
// oversized upload each end with a clear answer, and the library keeps
// working.
func TestHostileUploads(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.MaxUpload = 1 << 20 })
	c := e.client()
	tok := c.login()
	upload := func(name string, data []byte) resp {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		mw.WriteField("csrf", tok)
		fw, _ := mw.CreateFormFile("file", name)
		fw.Write(data)
		mw.Close()
		req, _ := http.NewRequest("POST", c.base+"/import", &buf)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		return c.do(req)
	}
	bin := make([]byte, 200<<10)
	rand.Read(bin)
	r := upload("random.bin", bin)
	if r.code == http.StatusSeeOther {
		j := waitJob(t, c, r.hdr.Get("Location"))
		if j.Added != 0 || (j.Failed == "" && j.Bad == 0) {
			t.Errorf("binary upload: %+v", j)
		}
		page := c.get(r.hdr.Get("Location"))
		if page.code != 200 || len(page.body) > 200<<10 {
			t.Errorf("binary upload's job page: %d, %d bytes", page.code, len(page.body))
		}
	} else if r.code != 400 {
		t.Errorf("binary upload: %d %.200s", r.code, r.body)
	}
	// 30,000 bad lines: the report stays short (counts and the first errors)
	bad := strings.Repeat("this is not a puzzle at all\n", 30000)
	r = upload("bad.sdm", []byte(bad))
	if r.code != http.StatusSeeOther {
		t.Fatalf("bad lines: %d %.200s", r.code, r.body)
	}
	j := waitJob(t, c, r.hdr.Get("Location"))
	page := c.get(r.hdr.Get("Location"))
	if j.Added != 0 || len(page.body) > 100<<10 || len(j.Errors) > 1000 {
		t.Errorf("bad lines: job %d added, %d errors kept, page of %d bytes", j.Added, len(j.Errors), len(page.body))
	}
	// over the limit: 413 with the limit named
	r = upload("big.sdm", bytes.Repeat([]byte("0"), 2<<20))
	if r.code != http.StatusRequestEntityTooLarge || !strings.Contains(r.body, "1 MiB") {
		t.Errorf("oversized upload: %d %.300s", r.code, r.body)
	}
	if r := c.get("/puzzles?rank=7"); r.code != 200 {
		t.Errorf("the library after hostile uploads: %d", r.code)
	}
}
