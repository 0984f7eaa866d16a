package web

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestPublishFormKeepsInput (issue 33, item 4): a publish form with a bad
// outlet and a bad date comes back as the set's page (400) with both
// reasons listed, both fields marked and the date as typed; nothing is
// published.
func TestPublishFormKeepsInput(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	id := newSet(t, c, tok, "Week 49", []int64{4, 9})
	r := c.post("/sets/"+id+"/publish", url.Values{"csrf": {tok}, "outlet": {"Daily\nTimes"}, "date": {"7 Dec"}})
	body := html.UnescapeString(r.body)
	if r.code != http.StatusBadRequest {
		t.Fatalf("%d, want the set page (400)", r.code)
	}
	list := regexp.MustCompile(`(?s)<div class="error" id="publish-errors" role="alert">.*?</div>`).FindString(body)
	for _, w := range []string{"no control characters", `Date "7 Dec": write it as YYYY-MM-DD`} {
		if !strings.Contains(list, w) {
			t.Errorf("the publish form's reasons lack %q:\n%s", w, list)
		}
	}
	for _, f := range []string{"outlet", "date"} {
		if tag := regexp.MustCompile(`<input[^>]*name="` + f + `"[^>]*>`).FindString(r.body); !strings.Contains(tag, `aria-invalid="true"`) {
			t.Errorf("field %s is not marked: %s", f, tag)
		}
	}
	if !strings.Contains(body, `value="7 Dec"`) {
		t.Errorf("the date typed is lost")
	}
	if n := e.publications(); n != 0 {
		t.Errorf("%d publications", n)
	}
}
