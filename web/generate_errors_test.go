package web

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestGenerateListsEveryError (issue 33, item 4): a generate form with
// four bad values (stars, count, tags, a set name) comes back listing all
// four reasons, all four fields marked, every value as sent; no run
// starts.
func TestGenerateListsEveryError(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	before := len(e.jobs())
	r := c.post("/generate", url.Values{"csrf": {tok}, "kind": {"akari"}, "rank": {"4+"}, "count": {"0"}, "size": {"7x7"},
		"tags": {"fresh, " + strings.Repeat("z", 70)}, "set": {strings.Repeat("s", 201)}})
	body := html.UnescapeString(r.body)
	if r.code != http.StatusBadRequest {
		t.Fatalf("%d, want the form (400)", r.code)
	}
	list := regexp.MustCompile(`(?s)<div class="error" id="generate-errors" role="alert">.*?</div>`).FindString(body)
	for _, w := range []string{`Stars "4+": write a whole number like 5`, `Count "0": want a number from 1 to`, "is 70 bytes long: a tag takes at most 64", "a name takes at most 200"} {
		if !strings.Contains(list, w) {
			t.Errorf("the form's reasons lack %q:\n%s", w, list)
		}
	}
	var marked []string
	for _, m := range markedField.FindAllStringSubmatch(body, -1) {
		marked = append(marked, m[1])
	}
	if strings.Join(marked, " ") != "rank count tags set" {
		t.Errorf("marked %q, want rank, count, tags and set", marked)
	}
	if !strings.Contains(body, "4 values need fixing") || !strings.Contains(body, `value="7x7"`) {
		t.Errorf("the flash or the size sent is missing")
	}
	if n := len(e.jobs()); n != before {
		t.Errorf("%d runs started", n-before)
	}
}
