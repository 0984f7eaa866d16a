package web

import (
	"bytes"
	"html"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestImportFormKeptWhenRefused: an import form refused for its tags or
// its format is the import page again, the text, source, format and tags
// as sent, the field at fault marked and a sentence naming the limit; a
// chosen file (which a browser cannot be handed back) is asked for again,
// and nothing is imported.
func TestImportFormKeptWhenRefused(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	const givens = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
	before := len(e.jobs())
	long := strings.Repeat("y", 70)
	for _, tc := range []struct {
		name   string
		form   url.Values
		file   bool
		field  string
		says   []string
		absent string
	}{
		{"a long tag", url.Values{"text": {givens + "\n"}, "source": {"Daily Jan 5"}, "format": {"line"}, "tags": {"Daily Jan 5, " + long}}, false,
			"tags", []string{"is 70 bytes long: a tag takes at most 64"}, "choose the file again"},
		{"a long tag with a file", url.Values{"source": {"book 2"}, "tags": {long}}, true,
			"tags", []string{"a tag takes at most 64", "Nothing was imported: choose the file again."}, ""},
		{"an unknown format", url.Values{"text": {givens + "\n"}, "format": {"sdk"}, "tags": {"easy"}}, false,
			"format", []string{`Unknown format "sdk": choose one in the Format field, or auto-detect.`}, ""},
	} {
		var r resp
		if tc.file {
			var body bytes.Buffer
			mw := multipart.NewWriter(&body)
			mw.WriteField("csrf", tok)
			for k, v := range tc.form {
				mw.WriteField(k, v[0])
			}
			fw, _ := mw.CreateFormFile("file", "puzzles.txt")
			fw.Write([]byte(givens + "\n"))
			mw.Close()
			req, _ := http.NewRequest("POST", c.base+"/import", &body)
			req.Header.Set("Content-Type", mw.FormDataContentType())
			r = c.do(req)
		} else {
			f := url.Values{"csrf": {tok}}
			for k, v := range tc.form {
				f[k] = v
			}
			r = c.post("/import", f)
		}
		body := html.UnescapeString(r.body)
		if r.code != http.StatusBadRequest || !strings.Contains(body, "<h1>Import</h1>") {
			t.Errorf("%s: %d %.300s; want the import page, 400", tc.name, r.code, body)
			continue
		}
		for _, s := range tc.says {
			if !strings.Contains(body, s) {
				t.Errorf("%s: the page does not say %q", tc.name, s)
			}
		}
		if tc.absent != "" && strings.Contains(body, tc.absent) {
			t.Errorf("%s: the page says %q", tc.name, tc.absent)
		}
		if v := tc.form.Get("tags"); !strings.Contains(body, `value="`+v+`"`) {
			t.Errorf("%s: the tags field lost %q", tc.name, v)
		}
		if v := tc.form.Get("source"); v != "" && !strings.Contains(body, `value="`+v+`"`) {
			t.Errorf("%s: the source field lost %q", tc.name, v)
		}
		if v := tc.form.Get("text"); v != "" && !strings.Contains(body, ">"+v+"</textarea>") {
			t.Errorf("%s: the pasted text was lost", tc.name)
		}
		if v := tc.form.Get("format"); v == "line" && !strings.Contains(body, `<option value="line" selected>`) {
			t.Errorf("%s: the format was lost", tc.name)
		}
		marked := markedField.FindAllStringSubmatch(body, -1)
		if len(marked) != 1 || marked[0][1] != tc.field {
			t.Errorf("%s: marked %v, want %s only", tc.name, marked, tc.field)
		}
	}
	if n := len(e.jobs()); n != before {
		t.Errorf("%d imports started from refused forms", n-before)
	}
}
