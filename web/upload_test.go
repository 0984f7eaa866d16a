package web

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pencilbox/db"
	"pencilbox/internal/fulldisk"
)

// uploadFiles lists the upload files of dir: this server's and Go's
// mime/multipart's.
func uploadFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for _, pat := range []string{UploadPrefix + "*", multipartPrefix + "*"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	return out
}

// seedOutside makes the sample library's template before a test points
// TMPDIR at its own folder (which goes when the test ends).
func seedOutside(t *testing.T) {
	t.Helper()
	if _, err := seedTemplate(); err != nil {
		t.Fatal(err)
	}
}

// part is one part of a multipart body: a value, or a file when file is set.
type part struct {
	name, value string
	file        string // the file's name ("" for a value)
	size        int    // a file's size (its bytes are 'x's), when value is ""
}

func multipartBody(parts ...part) (*bytes.Reader, string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		if p.file == "" {
			mw.WriteField(p.name, p.value)
			continue
		}
		fw, _ := mw.CreateFormFile(p.name, p.file)
		if p.value != "" {
			fw.Write([]byte(p.value))
			continue
		}
		fw.Write(bytes.Repeat([]byte("x"), p.size))
	}
	mw.Close()
	return bytes.NewReader(buf.Bytes()), mw.FormDataContentType()
}

func (c *client) postMultipart(path string, parts ...part) resp {
	c.t.Helper()
	body, ct := multipartBody(parts...)
	req, _ := http.NewRequest("POST", c.base+path, body)
	req.Header.Set("Content-Type", ct)
	return c.do(req)
}

// TestUploadsLeaveNoTempFile: a 41 MiB multipart body leaves no file in
// the temporary folder, whoever sends it and wherever: a viewer to a
// route it may not use (refused unread: it left a multipart-* file for
// good, parsed on the request copy net/http never cleans), an editor to a
// route that takes no file (written, then removed when the handler
// returns), with a wrong token or a file before the token (refused before
// the file is written).
func TestUploadsLeaveNoTempFile(t *testing.T) {
	seedOutside(t)
	seedOutside(t)
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir) // Go's multipart files and Config.UploadDir's default
	var logged strings.Builder
	e := newTestEnv(t, func(c *Config) { c.MaxUpload = 64 << 20; c.Log = log.New(&logged, "", 0) })
	users := db.UserStore{DB: e.db.W}
	for _, r := range []db.Role{db.RoleEditor, db.RoleViewer} {
		if _, err := users.AddWithRole(context.Background(), string(r)+"1", testPass, r); err != nil {
			t.Fatal(err)
		}
	}
	big := part{name: "file", file: "big.bin", size: 41 << 20}
	before := uploadFiles(t, dir)

	viewer := e.client()
	vtok := viewer.loginAs("viewer1", testPass)
	for _, path := range []string{"/puzzles/1/tags", "/import", "/sets", "/users"} {
		r := viewer.postMultipart(path, part{name: "csrf", value: vtok}, big)
		if r.code != http.StatusForbidden || !strings.Contains(r.body, "Your role (viewer) may not do this") {
			t.Errorf("viewer's upload to %s: %d %.300s; want 403 naming the role", path, r.code, r.body)
		}
		if got := uploadFiles(t, dir); len(got) != len(before) {
			t.Errorf("viewer's upload to %s left %v", path, got)
		}
	}

	editor := e.client()
	etok := editor.loginAs("editor1", testPass)
	for _, tc := range []struct {
		what, path string
		parts      []part
		code       int
		says       string
	}{
		{"a route that takes no file", "/puzzles/1/tags", []part{{name: "csrf", value: etok}, big, {name: "tags", value: "t28"}}, http.StatusSeeOther, ""},
		{"a wrong token", "/import", []part{{name: "csrf", value: vtok}, big}, http.StatusForbidden, "security token"},
		{"the file before the token", "/import", []part{big, {name: "csrf", value: etok}}, http.StatusForbidden, "security token"},
		{"no token", "/import", []part{big}, http.StatusForbidden, "security token"},
		{"a 404", "/nowhere", []part{{name: "csrf", value: etok}, big}, http.StatusNotFound, ""},
		{"a route of GET only", "/puzzles", []part{{name: "csrf", value: etok}, big}, http.StatusNotFound, ""},
		{"five files", "/import", []part{{name: "csrf", value: etok}, {name: "file", file: "1"}, {name: "file", file: "2"}, {name: "file", file: "3"}, {name: "file", file: "4"}, {name: "file", file: "5"}}, http.StatusBadRequest, fmt.Sprintf("more than %d files", maxFormFiles)},
	} {
		r := editor.postMultipart(tc.path, tc.parts...)
		if r.code != tc.code || !strings.Contains(r.body, tc.says) {
			t.Errorf("editor's upload with %s: %d %.300s; want %d saying %q", tc.what, r.code, r.body, tc.code, tc.says)
		}
		if got := uploadFiles(t, dir); len(got) != len(before) {
			t.Errorf("editor's upload with %s left %v", tc.what, got)
		}
	}
	if r := editor.get("/puzzles/1"); !strings.Contains(r.body, "t28") {
		t.Error("the editor's tags sent with a file were not saved")
	}

	// a real import's file goes when its job ends
	r := editor.postMultipart("/import", part{name: "csrf", value: etok}, part{name: "format", value: "line"},
		part{name: "file", file: "one.txt", value: ""}, part{name: "source", value: "t28"})
	if r.code != http.StatusSeeOther || r.hdr.Get("Location") != "/import" {
		t.Errorf("an empty file and no text: %d to %q, want 303 to /import", r.code, r.hdr.Get("Location"))
	}
	e.s.Close()
	if got := uploadFiles(t, dir); len(got) != len(before) {
		t.Errorf("after the imports: %v", got)
	}
	if strings.Contains(logged.String(), "internal") {
		t.Errorf("log: %s", logged.String())
	}
}

// TestFormPartsLimitNamed: a body of 1,100 parts is refused naming the
// parts limit (it said the upload was over 64 MiB).
func TestFormPartsLimitNamed(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.MaxUpload = 64 << 20 })
	c := e.client()
	tok := c.login()
	parts := []part{{name: "csrf", value: tok}}
	for i := range 1100 {
		parts = append(parts, part{name: "id", value: fmt.Sprint(i + 1)})
	}
	r := c.postMultipart("/sets", parts...)
	if r.code != http.StatusBadRequest || !strings.Contains(r.body, fmt.Sprintf("more than %d parts", maxFormParts)) || strings.Contains(r.body, "MiB") {
		t.Errorf("1,100 parts: %d %.400s; want 400 naming the %d-part limit", r.code, r.body, maxFormParts)
	}
	// 999 parts and the token are a form
	r = c.postMultipart("/sets", append(parts[:999], part{name: "name", value: "t28 parts"})...)
	if r.code != http.StatusSeeOther {
		t.Errorf("1,000 parts: %d %.400s; want the set made", r.code, r.body)
	}
}

// TestStaleMultipartCleaned: at start the server removes the multipart-*
// files of the temporary folder an hour old (an older server's, left by a
// request copy net/http never cleaned), and leaves recent ones (another
// program's upload in progress) and other names.
func TestStaleMultipartCleaned(t *testing.T) {
	seedOutside(t)
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	old := time.Now().Add(-2 * time.Hour)
	for _, name := range []string{"multipart-111", "multipart-222", "notes.txt"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		if name != "multipart-222" {
			os.Chtimes(p, old, old)
		}
	}
	var logged strings.Builder
	newTestEnv(t, func(c *Config) { c.Log = log.New(&logged, "", 0) })
	for name, kept := range map[string]bool{"multipart-111": false, "multipart-222": true, "notes.txt": true} {
		if _, err := os.Stat(filepath.Join(dir, name)); (err == nil) != kept {
			t.Errorf("%s: kept %v, want %v", name, err == nil, kept)
		}
	}
	if !strings.Contains(logged.String(), "removed 1 multipart upload files over an hour old") {
		t.Errorf("log: %q", logged.String())
	}
}

// TestUploadFolderFull: an upload into a full upload folder (a 1 MiB
// tmpfs) is answered 507 naming the folder, with nothing left in it, and
// once space is freed the same upload imports.
func TestUploadFolderFull(t *testing.T) {
	dir := fulldisk.Mount(t, 1<<20)
	e := newTestEnv(t, func(c *Config) { c.UploadDir = dir; c.MaxUpload = 8 << 20 })
	c := e.client()
	tok := c.login()
	line := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
	body := strings.Repeat(line, (2<<20)/len(line)) // 2 MiB: more than the folder holds
	r := c.postMultipart("/import", part{name: "csrf", value: tok}, part{name: "file", file: "big.sdm", value: body})
	if r.code != http.StatusInsufficientStorage || !strings.Contains(r.body, "The disk holding the upload folder "+dir+" is full") {
		t.Errorf("upload into a full folder: %d %.400s; want 507 naming %s", r.code, r.body, dir)
	}
	if left := uploadFiles(t, dir); len(left) != 0 {
		t.Errorf("left %v", left)
	}
	r = c.postMultipart("/import", part{name: "csrf", value: tok}, part{name: "file", file: "one.sdm", value: line})
	if r.code != http.StatusSeeOther || !strings.HasPrefix(r.hdr.Get("Location"), "/import/") {
		t.Fatalf("a small upload after: %d %.300s", r.code, r.body)
	}
	if j := waitJob(t, c, r.hdr.Get("Location")); j.Read != 1 {
		t.Errorf("the small upload's job read %d records, want 1", j.Read)
	}
}
