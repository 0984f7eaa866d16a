package web

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestUploadOverLimitKeepsForm (issue 33, item 4): a file over the upload
// limit is answered with the import page (413), not a bare status page:
// the file's size and the limit said, the source label, tags and format
// kept as sent, the file field marked, nothing imported; without the
// form's token it is refused as before.
func TestUploadOverLimitKeepsForm(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.MaxUpload = 1 << 20 })
	c := e.client()
	tok := c.login()
	jobs := len(e.jobs())
	big := part{name: "file", file: "week49.txt", size: 3 << 20}
	r := c.postMultipart("/import", part{name: "csrf", value: tok}, part{name: "source", value: "Times archive"},
		part{name: "tags", value: "week49, archive"}, part{name: "format", value: "line"}, big)
	body := html.UnescapeString(r.body)
	if r.code != http.StatusRequestEntityTooLarge {
		t.Fatalf("%d, want 413", r.code)
	}
	for _, w := range []string{"The upload is too large: 3.0 MiB sent, the limit is 1.0 MiB", `value="Times archive"`, `value="week49, archive"`, `<option value="line" selected`} {
		if !strings.Contains(body, w) {
			t.Errorf("the import page lacks %q:\n%.3000s", w, body)
		}
	}
	if tag := regexp.MustCompile(`<input type="file"[^>]*>`).FindString(r.body); !strings.Contains(tag, `aria-invalid="true"`) {
		t.Errorf("the file field is not marked: %s", tag)
	}
	if n := len(e.jobs()); n != jobs {
		t.Errorf("%d imports started", n-jobs)
	}
	if r := c.postMultipart("/import", part{name: "csrf", value: "stale"}, part{name: "source", value: "x"}, big); r.code != http.StatusForbidden {
		t.Errorf("a stale token: %d, want 403", r.code)
	}
}
