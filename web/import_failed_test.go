package web

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/library"
)

// uploadFile posts one file to the import form with the form's other
// fields, and returns the job page's address it redirects to.
func uploadFile(t *testing.T, c *client, tok, name string, data []byte, fields url.Values) string {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("csrf", tok)
	for k, vs := range fields {
		for _, v := range vs {
			mw.WriteField(k, v)
		}
	}
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write(data)
	mw.Close()
	req, _ := http.NewRequest("POST", c.base+"/import", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	r := c.do(req)
	if r.code != http.StatusSeeOther {
		t.Fatalf("upload %s: %d %.300s", name, r.code, r.body)
	}
	return r.hdr.Get("Location")
}

// TestUnrecognisedUploadFails: an uploaded file no format recognises is a
// failed import, on its page and under Recent imports, whose reason names
// the file and says to choose a format in the form's Format field, in the
// site's words (not the command line's --format), with no line number.
func TestUnrecognisedUploadFails(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	loc := uploadFile(t, c, tok, "notes.bin", []byte("\x01\x02 not puzzles at all \x03\n"), nil)
	j := waitJob(t, c, loc)
	want := "notes.bin: format not recognised (choose one in the Format field; known: "
	if !strings.HasPrefix(j.Failed, want) {
		t.Errorf("job failed %q, want it to start %q", j.Failed, want)
	}
	page := c.get(loc).body
	for _, bad := range []string{"--format", "<td>0</td>", "Done."} {
		if strings.Contains(page, bad) {
			t.Errorf("job page says %q:\n%s", bad, page)
		}
	}
	if !strings.Contains(page, "Failed: "+want) {
		t.Errorf("job page does not say %q:\n%s", "Failed: "+want, page)
	}
	id := strings.TrimPrefix(loc, "/import/")
	row := regexp.MustCompile(`(?s)<a href="/import/` + id + `">` + id + `</a>.*?</tr>`).FindString(c.get("/import").body)
	if !strings.Contains(row, "failed") || strings.Contains(row, "done") {
		t.Errorf("Recent imports row for job %s: %q, want failed", id, row)
	}
}

// TestUploadShowsFileNames: the rejected records' File column names the
// uploaded file, not the source label, and a puzzle's sources show file
// base names, never the server's paths.
func TestUploadShowsFileNames(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	const good = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	loc := uploadFile(t, c, tok, "my book.sdm", []byte(good+"\n"+good[:40]+"\n"), url.Values{"source": {"book1"}})
	j := waitJob(t, c, loc)
	if j.Imported+j.Invalid+j.Duplicates != 1 || j.Rejected != 1 {
		t.Fatalf("job %+v: want one puzzle stored and one line rejected", j)
	}
	page := c.get(loc).body
	if !strings.Contains(page, "<td>my book.sdm</td><td>2</td>") || strings.Contains(page, "<td>book1</td>") {
		t.Errorf("rejected records do not name the file my book.sdm at line 2:\n%s", page)
	}

	// the same puzzle imported as the command line does, read from a
	// path (its source's file is the path), through the store's interface
	ctx := context.Background()
	var store pencilbox.SiteStore = e.db
	_, formats := testKinds()
	if _, err := library.Import(ctx, store, formats, []library.Input{{Name: "/srv/private/in/cli book.sdm", R: strings.NewReader(good + "\n")}},
		library.Options{Source: "cli1", Jobs: 1}); err != nil {
		t.Fatal(err)
	}
	pg, err := store.Puzzles(ctx, pencilbox.Filter{Source: "cli1"})
	if err != nil || len(pg.Rows) != 1 {
		t.Fatalf("the puzzle of source cli1: %v %+v", err, pg)
	}
	id := pg.Rows[0].ID
	// the Sources list (the History below quotes the import's audit row)
	p := regexp.MustCompile(`(?s)<dt>Sources</dt><dd>.*?</dd>`).FindString(c.get(fmt.Sprint("/puzzles/", id)).body)
	if !strings.Contains(p, "cli book.sdm:1") || strings.Contains(p, "/srv/private") {
		t.Errorf("puzzle %d's sources: want cli book.sdm:1 and no server path:\n%s", id, p)
	}
	// nor does the History below, which quotes the import's audit row,
	// nor, to a viewer, the address its changes came from
	if page := c.get(fmt.Sprint("/puzzles/", id)).body; strings.Contains(page, "/srv/private") || !strings.Contains(page, "cli book.sdm") {
		t.Errorf("puzzle %d's page names the server's path /srv/private", id)
	}
	if _, err := (db.UserStore{DB: e.db.W}).AddWithRole(ctx, "viewer1", testPass, db.RoleViewer); err != nil {
		t.Fatal(err)
	}
	v := e.client()
	v.loginAs("viewer1", testPass)
	if page := v.get(fmt.Sprint("/puzzles/", id)).body; strings.Contains(page, "127.0.0.1") {
		t.Errorf("puzzle %d's History shows a viewer the client address 127.0.0.1", id)
	}
}

// TestInvalidCountSaysStored: puzzles with no unique solution are stored,
// and the job page says so in the command line's words.
func TestInvalidCountSaysStored(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	empty := strings.Repeat(".", 81)
	loc := uploadFile(t, c, tok, "multi.sdm", []byte(empty+"\n1"+empty[1:]+"\n"), nil)
	if j := waitJob(t, c, loc); j.Invalid != 2 || j.Imported != 0 {
		t.Fatalf("job %+v: want 2 invalid", j)
	}
	page := c.get(loc).body
	if !strings.Contains(page, `invalid <span id="jinvalid">2</span> (stored, no unique solution)`) {
		t.Errorf("job page does not say the invalid puzzles were stored:\n%s", page)
	}
}
