package web

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
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
