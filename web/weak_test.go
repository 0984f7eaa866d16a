package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pencilbox/db"
	"pencilbox/internal/damage"
)

// TestExportRefusesWhatItCannotWrite: a format that cannot hold the
// filter's kind, or a filter the list refuses, is a 400 page of the site
// saying why, before any download begins (it was an empty reply and a 500).
func TestExportRefusesWhatItCannotWrite(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	for _, tc := range []struct{ path, says string }{
		{"/export?kind=akari&format=csv", "puzzles only, not akari: for akari, choose pdf, json, url, tatham"},
		{"/export?kind=akari&format=line", "the line format holds sudoku puzzles only"},
		{"/export?kind=akari&format=grid", "the grid format holds sudoku puzzles only"},
		{"/export?kind=sudoku&format=tatham", "puzzles only, not sudoku: for sudoku, choose pdf, line, grid, csv, json, url"},
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
		for _, f := range []string{"pdf", "line", "grid", "csv", "json", "url", "tatham", "pzprv3"} {
			if strings.Contains(r.body, "format="+f+`"`) || strings.Contains(r.body, "format="+f+"&amp;") || strings.Contains(r.body, "format="+f+"&") {
				got = append(got, f)
			}
		}
		return strings.Join(got, " ")
	}
	for q, want := range map[string]string{
		"kind=akari":       "pdf json url tatham",
		"kind=sudoku":      "pdf line grid csv json url",
		"kind=slitherlink": "pdf json url tatham pzprv3",
		"":                 "pdf line grid csv json url tatham pzprv3",
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
	if n := e.allSetItems(); n != 0 {
		t.Errorf("%d items stored by refused adds", n)
	}
	// good ids still go in
	if r := c.post("/sets/add", url.Values{"csrf": {tok}, "set": {"1"}, "what": {"ticked"}, "id": {"1", "2"}}); r.code != http.StatusSeeOther {
		t.Errorf("add 1, 2: %d %s", r.code, r.body)
	}
	if n := e.allSetItems(); n != 2 {
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
	e.s.cfg.MaxSetAdd = 3
	r = c.post("/sets/add", url.Values{"csrf": {tok}, "set": {"1"}, "what": {"ticked"}, "id": {"1", "2", "3", "4"}})
	if r.code != http.StatusBadRequest || !strings.Contains(r.body, "4 puzzles ticked: a set takes at most 3 at a time") {
		t.Errorf("over MaxSetAdd: %d %.300s", r.code, r.body)
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

// TestDamagedDatabasePage: pages over a database SQLite finds malformed
// answer with a sentence naming the file and how to restore it, not a
// bare 500; SQLite's text goes to the log only.
func TestDamagedDatabasePage(t *testing.T) {
	d := MustOpen(t)
	path := d.Path
	d.Close()
	if err := damage.Table(path, "puzzles"); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	kinds, formats := testKinds()
	lib := &StoreLibrary{Store: d, Kinds: kinds, Formats: formats, Workers: 2}
	if err := (db.UserStore{DB: d.W}).Add(context.Background(), testUser, testPass); err != nil {
		t.Fatal(err)
	}
	var logged strings.Builder
	s := New(Config{Library: lib, Audit: db.AuditStore{R: d.R, W: d.W}, Users: db.UserStore{DB: d.W, R: d.R}, Sets: db.SetStore{DB: d.W, R: d.R}, Kinds: kinds, Views: testViews(), Formats: formatNames(formats),
		Import: lib.Import, Export: d, Faults: d, Log: log.New(&logged, "", 0)})
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	e := &testEnv{t: t, srv: srv, lib: lib, db: d, s: s}
	c := e.client()
	c.login()
	for _, p := range []string{"/puzzles", "/api/puzzles", "/export?format=json"} {
		r := c.get(p)
		if r.code != 500 || !strings.Contains(r.body, path+" is damaged") || !strings.Contains(r.body, "pencilbox check --db") ||
			strings.Contains(r.body, "malformed (11)") {
			t.Errorf("GET %s: %d %.500s", p, r.code, r.body)
		}
	}
	if !strings.Contains(logged.String(), "malformed") {
		t.Errorf("the log lacks SQLite's words: %q", logged.String())
	}
	// from then on every page says it, those that still read well too
	for _, p := range []string{"/sets", "/import", "/users"} {
		r := c.get(p)
		if r.code != 200 || !strings.Contains(r.body, `id="fault"`) || !strings.Contains(r.body, path+" is damaged") || !strings.Contains(r.body, "pencilbox restore --db") {
			t.Errorf("GET %s after the damage was found: %d, no sentence naming the file and restore", p, r.code)
		}
	}
	if r := e.client().get("/login"); !strings.Contains(r.body, "damaged: an admin must restore it") || strings.Contains(r.body, path) {
		t.Errorf("the login page: no word of the damage, or the file's path to a visitor: %.600s", r.body)
	}
}

// TestDamagedSaidFromStart: a server started over a damaged library with
// CheckAtStart (as serve does) says so on its first page, though that
// page reads nothing damaged.
func TestDamagedSaidFromStart(t *testing.T) {
	d := MustOpen(t)
	path := d.Path
	d.Close()
	if err := damage.Table(path, "puzzles"); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	e := newTestEnvDB(t, d, func(c *Config) { c.CheckAtStart = true })
	c := e.client()
	c.login()
	deadline := time.Now().Add(20 * time.Second)
	for {
		r := c.get("/sets")
		if strings.Contains(r.body, `id="fault"`) && strings.Contains(r.body, path+" is damaged") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/sets 20 s after start: no word of the damaged file: %d", r.code)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestImportSaysWhatUsersCanDo: on the web, a format not recognised names
// the formats the site reads and the form's menu (not "use --format"); an
// import stopped by a full disk says so on its page, naming the library,
// without SQLite's text; tags over the limits are refused with the limit.
func TestImportSaysWhatUsersCanDo(t *testing.T) {
	var logged strings.Builder
	e := newTestEnv(t, func(c *Config) { c.Log = log.New(&logged, "", 0) })
	c := e.client()
	tok := c.login()
	r := c.post("/import", url.Values{"csrf": {tok}, "text": {"\x01\x02 not puzzles at all \x03"}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("import: %d %s", r.code, r.body)
	}
	j := waitJob(t, c, r.hdr.Get("Location"))
	page := c.get(r.hdr.Get("Location")).body
	if !strings.Contains(page, "format not recognised (choose one in the Format field; known: url, json, ids, xml, csv") || strings.Contains(page, "--format") {
		t.Errorf("unrecognised format: %+v", j)
	}

	// tags over the limits, on the import form and the tag form
	many := ""
	for i := range 65 {
		many += fmt.Sprint("t", i, ", ")
	}
	for _, tc := range []struct{ path, tags, says string }{
		{"/import", many, "65 tags: a puzzle takes at most 64"},
		{"/puzzles/2/tags", many, "65 tags: a puzzle takes at most 64"},
		{"/puzzles/2/tags", strings.Repeat("x", 65), "is 65 bytes long: a tag takes at most 64"},
	} {
		r := c.post(tc.path, url.Values{"csrf": {tok}, "tags": {tc.tags}, "text": {"x"}})
		if r.code != http.StatusBadRequest || !strings.Contains(r.body, tc.says) {
			t.Errorf("POST %s with tags: %d %.300s; want 400 saying %q", tc.path, r.code, r.body, tc.says)
		}
	}

	// a full disk (SQLite's page limit, on the single writer; SQL: the
	// database's own limit is the state under test)
	var pages int64
	if err := e.db.W.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.W.Exec(fmt.Sprint(`PRAGMA max_page_count = `, pages+2)); err != nil {
		t.Fatal(err)
	}
	line := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
	r = c.post("/import", url.Values{"csrf": {tok}, "text": {strings.Repeat(line, 3000)}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("import: %d %s", r.code, r.body)
	}
	j = waitJob(t, c, r.hdr.Get("Location"))
	if _, err := e.db.W.Exec(`PRAGMA max_page_count = 1073741823`); err != nil {
		t.Fatal(err)
	}
	page = c.get(r.hdr.Get("Location")).body
	want := "The disk holding the library " + e.db.Path + " is full"
	if !strings.Contains(j.Failed, want) || !strings.Contains(page, want) || strings.Contains(page, "add batch") ||
		strings.Contains(page, "(13)") || strings.Contains(page, "context canceled") {
		t.Errorf("full disk: job says %q", j.Failed)
	}
	if !strings.Contains(logged.String(), "(13)") {
		t.Errorf("the log lacks SQLite's words: %q", logged.String())
	}
}

// TestStaleUploadsCleaned: upload copies are named after the server's
// process; a new server removes those of a server that is gone (kill -9
// left them) and any an hour old, and keeps the rest.
func TestStaleUploadsCleaned(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-2 * time.Hour)
	mine := fmt.Sprintf("%s%d-1", UploadPrefix, os.Getpid())
	for _, name := range []string{UploadPrefix + "999999999-1", UploadPrefix + "42", mine, "notes.txt"} {
		os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o600)
	}
	os.Chtimes(filepath.Join(dir, UploadPrefix+"42"), old, old)
	os.Chtimes(filepath.Join(dir, "notes.txt"), old, old)
	var logged strings.Builder
	e := newTestEnv(t, func(c *Config) { c.UploadDir = dir; c.Log = log.New(&logged, "", 0) })
	left, _ := filepath.Glob(filepath.Join(dir, "*"))
	for i := range left {
		left[i] = filepath.Base(left[i])
	}
	if fmt.Sprint(left) != fmt.Sprint([]string{"notes.txt", mine}) {
		t.Errorf("left %v", left)
	}
	if !strings.Contains(logged.String(), "removed 2 upload copies") {
		t.Errorf("log: %q", logged.String())
	}
	// an upload's copy carries this process's id, and goes when its import ends
	c := e.client()
	tok := c.login()
	body, ct := multipartFile(tok, "p.sdm", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n")
	req, _ := http.NewRequest("POST", c.base+"/import", body)
	req.Header.Set("Content-Type", ct)
	r := c.do(req)
	if r.code != http.StatusSeeOther {
		t.Fatalf("upload: %d %s", r.code, r.body)
	}
	waitJob(t, c, r.hdr.Get("Location"))
	e.s.Close()
	if left, _ := filepath.Glob(filepath.Join(dir, UploadPrefix+"*")); fmt.Sprint(left) != fmt.Sprint([]string{filepath.Join(dir, mine)}) {
		t.Errorf("after an upload: %v", left)
	}
}

func multipartFile(csrf, name, data string) (io.Reader, string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("csrf", csrf)
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write([]byte(data))
	mw.Close()
	return &buf, mw.FormDataContentType()
}
