package web

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/web/model"
)

// TestHostileParameters sends SQL, path and script tricks in every query
// parameter: each answer is a page or a clear 400/404, never a server
// error, never the input unescaped, and the library is unharmed.
func TestHostileParameters(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	before := e.matches(pencilbox.Filter{})
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
	if after := e.matches(pencilbox.Filter{}); after != before {
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
		if j.Imported != 0 || (j.Failed == "" && j.Rejected == 0) {
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
	if j.Imported != 0 || len(page.body) > 100<<10 || len(j.Errors) > 1000 {
		t.Errorf("bad lines: job %d added, %d errors kept, page of %d bytes", j.Imported, len(j.Errors), len(page.body))
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

// importText pastes text into the import form and waits for its job.
func importText(t *testing.T, c *client, tok string, form url.Values) (model.Job, string) {
	t.Helper()
	form.Set("csrf", tok)
	r := c.post("/import", form)
	if r.code != http.StatusSeeOther {
		t.Fatalf("import: %d %.300s", r.code, r.body)
	}
	loc := r.hdr.Get("Location")
	return waitJob(t, c, loc), loc
}

// TestHostileNote: a script in an imported puzzle's note and source label
// comes back escaped on the puzzle page, the list and the job page.
func TestHostileNote(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	const givens = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
	j, loc := importText(t, c, tok, url.Values{
		"text":   {givens + " <script>alert(1)</script>\n"},
		"source": {`<script>alert(2)</script>`},
		"format": {"line"},
	})
	if j.Imported != 1 {
		t.Fatalf("job %+v", j)
	}
	ids := e.pick(pencilbox.Filter{Source: `<script>alert(2)</script>`}, 0)
	if len(ids) != 1 || e.puzzle(ids[0]).Note != `<script>alert(1)</script>` {
		t.Fatalf("the note was not stored as given: %v", ids)
	}
	id := ids[0]
	for _, tc := range []struct{ path, want string }{
		{fmt.Sprintf("/puzzles/%d", id), "&lt;script&gt;alert(1)&lt;/script&gt;"},
		{"/puzzles?q=alert", fmt.Sprintf(`href="/puzzles/%d"`, id)},
		{"/puzzles?source=" + url.QueryEscape(`<script>alert(2)</script>`), "&lt;script&gt;alert(2)&lt;/script&gt;"},
		{loc, "&lt;script&gt;alert(2)&lt;/script&gt;"},
		{"/import", "&lt;script&gt;alert(2)&lt;/script&gt;"},
	} {
		r := c.get(tc.path)
		if r.code != 200 || !strings.Contains(r.body, tc.want) {
			t.Errorf("GET %s: %d, want %q in the page", tc.path, r.code, tc.want)
		}
		if strings.Contains(r.body, "<script>alert") {
			t.Errorf("GET %s: the script comes back unescaped", tc.path)
		}
	}
	// the API carries the note as data, JSON-escaped
	r := c.get(fmt.Sprintf("/api/puzzles/%d", id))
	var p model.Puzzle
	if err := json.Unmarshal([]byte(r.body), &p); err != nil || p.Note != "<script>alert(1)</script>" {
		t.Errorf("API note %q, %v", p.Note, err)
	}
	if strings.Contains(r.body, "<script>") {
		t.Error("the API's JSON has the script unescaped")
	}
}

// TestHostileFormFields: SQL and path tricks in POST fields (the import's
// source label and tags, a set's name and notes, the login's user name)
// are stored or refused as plain text: normal answers, the database whole.
func TestHostileFormFields(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	tables := func() string {
		// SQL: the schema itself is what an injection would damage
		return fmt.Sprint(e.count(`SELECT count(*) FROM sqlite_master`), len(e.users()))
	}
	before := e.matches(pencilbox.Filter{})
	schema := tables()
	tricks := []string{
		`'; DROP TABLE puzzles; --`, `" OR ""="`, `1' OR '1'='1`, `../../../../etc/passwd`,
		`..\..\windows\win.ini`, `/dev/zero`, `%00`, `Robert'); DELETE FROM sets; --`,
	}
	// the import's source label and tags
	lines := []string{
		"000000012000035000000600070700000300000400800100000000000120000080000040050000600",
		"000000010400000000020000000000050407008000300001090000300400200050100000000806000",
	}
	for i, v := range tricks[:2] {
		j, _ := importText(t, c, tok, url.Values{"text": {lines[i] + "\n"}, "source": {v}, "tags": {v + ", ../x"}, "format": {"line"}})
		if j.Imported != 1 || j.Source != v {
			t.Errorf("import with source %q: job %+v", v, j)
		}
		got := e.pick(pencilbox.Filter{Source: v}, 0)
		if len(got) != 1 {
			t.Errorf("source %q: stored for puzzles %v", v, got)
			continue
		}
		if r := c.get("/puzzles?" + url.Values{"source": {v}}.Encode()); r.code != 200 || fmt.Sprint(rowIDs(r.body)) != fmt.Sprint(got) {
			t.Errorf("the list by source %q: %d %v, want %v", v, r.code, rowIDs(r.body), got)
		}
	}
	// a set's name and notes: created, edited, shown as text
	for _, v := range tricks {
		r := c.post("/sets", url.Values{"csrf": {tok}, "name": {v}, "notes": {v}})
		if r.code != http.StatusSeeOther || !strings.HasPrefix(r.hdr.Get("Location"), "/sets/") {
			t.Errorf("create set %q: %d %q", v, r.code, r.hdr.Get("Location"))
			continue
		}
		loc := r.hdr.Get("Location")
		if r := c.post(loc+"/edit", url.Values{"csrf": {tok}, "name": {v + " 2"}, "notes": {v}}); r.code != http.StatusSeeOther {
			t.Errorf("edit set %q: %d", v, r.code)
		}
		if r := c.get(loc); r.code != 200 || !strings.Contains(html.UnescapeString(r.body), v+" 2") {
			t.Errorf("set page of %q: %d", v, r.code)
		}
	}
	if n := len(e.sets()); n != len(tricks) {
		t.Errorf("%d sets, want %d", n, len(tricks))
	}
	// the login's user name: a wrong login, nothing more
	other := e.client()
	ltok := other.token("/login")
	for _, v := range []string{`' OR 1=1 --`, `curator' --`, `curator"; DROP TABLE users; --`} {
		r := other.post("/login", url.Values{"csrf": {ltok}, "username": {v}, "password": {`' OR '1'='1`}})
		if r.code != http.StatusUnauthorized || !strings.Contains(r.body, "Wrong user name or password") {
			t.Errorf("login as %q: %d %.200s", v, r.code, r.body)
		}
	}
	if r := other.get("/puzzles"); r.code != http.StatusSeeOther {
		t.Errorf("after the tricked logins, the list answers %d", r.code)
	}
	if after := e.matches(pencilbox.Filter{}); after != before+2 {
		t.Errorf("the library went from %d to %d puzzles, want %d", before, after, before+2)
	}
	if got := tables(); got != schema {
		t.Errorf("schema objects and users went from %s to %s", schema, got)
	}
	if ok, err := e.db.IntegrityCheck(t.Context()); err != nil || ok != "ok" {
		t.Errorf("integrity check: %q %v", ok, err)
	}
}

// TestHostileManyBadLines: an upload of 1,000,000 short bad lines (3 MB)
// ends with a short report: the counts and the first errors.
func TestHostileManyBadLines(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 10^6 lines")
	}
	e := newTestEnv(t, func(c *Config) { c.MaxUpload = 8 << 20 })
	c := e.client()
	tok := c.login()
	const n = 1000000
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("csrf", tok)
	mw.WriteField("format", "line")
	fw, _ := mw.CreateFormFile("file", "bad.txt")
	fw.Write(bytes.Repeat([]byte("x1\n"), n))
	mw.Close()
	req, _ := http.NewRequest("POST", c.base+"/import", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	r := c.do(req)
	if r.code != http.StatusSeeOther {
		t.Fatalf("upload: %d %.300s", r.code, r.body)
	}
	loc := r.hdr.Get("Location")
	j := waitJob(t, c, loc)
	if j.Read != n || j.Rejected != n || j.Imported != 0 || j.Failed != "" {
		t.Errorf("job: read %d, bad %d, added %d, failed %q; want %d bad", j.Read, j.Rejected, j.Imported, j.Failed, n)
	}
	if len(j.Errors) == 0 || len(j.Errors) > db.MaxJobErrors || j.Errors[0].Line != 1 {
		t.Errorf("job keeps %d errors (first %+v), want the first, at most %d", len(j.Errors), j.Errors, db.MaxJobErrors)
	}
	page := c.get(loc)
	if page.code != 200 || len(page.body) > 64<<10 || !strings.Contains(page.body, fmt.Sprintf("of %d", n)) {
		t.Errorf("job page: %d, %d bytes", page.code, len(page.body))
	}
	if api := c.get("/api/jobs/" + strings.TrimPrefix(loc, "/import/")); len(api.body) > 64<<10 {
		t.Errorf("job API: %d bytes", len(api.body))
	}
}

// TestChunkedUploadTooLarge: a body over the limit sent without a
// Content-Length (chunked) gets the same 413 and message as one with it,
// not the CSRF check's 403; a small chunked upload still imports. A file
// sent without the token is refused at its first byte, whatever its size
// (the token comes before files are written).
func TestChunkedUploadTooLarge(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.MaxUpload = 1 << 20 })
	c := e.client()
	tok := c.login()
	multipartBody := func(csrf string, data []byte) (io.Reader, string) {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		if csrf != "" {
			mw.WriteField("csrf", csrf)
		}
		fw, _ := mw.CreateFormFile("file", "big.txt")
		fw.Write(data)
		mw.Close()
		return &buf, mw.FormDataContentType()
	}
	big := bytes.Repeat([]byte("0"), 2<<20)
	small := []byte("000000012000035000000600070700000300000400800100000000000120000080000040050000600\n")
	for _, tc := range []struct {
		name   string
		body   func() (io.Reader, string)
		code   int
		says   string
		sizing bool // also sent with a Content-Length
	}{
		{"multipart over the limit", func() (io.Reader, string) { return multipartBody(tok, big) }, 413, "1 MiB", true},
		{"multipart over the limit, no token", func() (io.Reader, string) { return multipartBody("", big) }, 403, "security token", false},
		{"form over the limit", func() (io.Reader, string) {
			return strings.NewReader(url.Values{"csrf": {tok}, "text": {string(big)}}.Encode()), "application/x-www-form-urlencoded"
		}, 413, "1 MiB", true},
		{"small multipart", func() (io.Reader, string) { return multipartBody(tok, small) }, http.StatusSeeOther, "", false},
		{"small multipart, no token", func() (io.Reader, string) { return multipartBody("", small) }, 403, "security token", false},
	} {
		for _, chunked := range []bool{true, false} {
			if !chunked && !tc.sizing {
				continue
			}
			body, ct := tc.body()
			if chunked {
				body = io.MultiReader(body) // a reader of unknown length
			}
			req, _ := http.NewRequest("POST", c.base+"/import", body)
			if chunked {
				req.ContentLength = -1
			}
			req.Header.Set("Content-Type", ct)
			r := c.do(req)
			if r.code != tc.code || !strings.Contains(r.body, tc.says) {
				t.Errorf("%s (chunked %v): %d %.300s; want %d saying %q", tc.name, chunked, r.code, r.body, tc.code, tc.says)
			}
		}
	}
}
