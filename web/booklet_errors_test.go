package web

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestBookletListsEveryError (issue 33, item 4): a booklet form with four
// bad values comes back with all four reasons listed and all four fields
// marked, every value as sent (the title too), not the first reason
// alone.
func TestBookletListsEveryError(t *testing.T) {
	_, c := bookletEnv(t)
	q := url.Values{"make": {"1"}, "format": {"pdf"}, "title": {"Week 49"}, "paper": {"A3"}, "per": {"3"},
		"order": {"set"}, "caption": {"ER!"}, "label_from": {"1 December"}, "solutions": {"1"}}
	r := c.get("/sets/1/booklet?" + q.Encode())
	body := html.UnescapeString(r.body)
	if r.code != 400 {
		t.Fatalf("%d, want the form (400)", r.code)
	}
	list := regexp.MustCompile(`(?s)<div class="error" id="booklet-errors" role="alert">.*?</div>`).FindString(body)
	for _, w := range []string{`<li>Paper "A3": want A4 or Letter.</li>`, `<li>Puzzles a page "3": want 1, 2, 4 or 6.</li>`,
		`<li>Captions "ER!": want stars, er, both or none.</li>`, `<li>Days from "1 December": want a date as 2026-12-01.</li>`} {
		if !strings.Contains(list, w) {
			t.Errorf("the form's list of reasons lacks %s:\n%s", w, list)
		}
	}
	if !strings.Contains(body, "4 values need fixing") {
		t.Errorf("the flash does not say how many values need fixing")
	}
	for _, f := range []string{"paper", "per", "caption", "label_from"} {
		if tag := regexp.MustCompile(`<[^>]*name="` + f + `"[^>]*>`).FindString(r.body); !strings.Contains(tag, `aria-invalid="true"`) {
			t.Errorf("field %s is not marked: %s", f, tag)
		}
	}
	if n := strings.Count(r.body, `aria-invalid="true"`); n != 4 {
		t.Errorf("%d fields marked, want 4", n)
	}
	if !strings.Contains(r.body, `value="Week 49"`) || !strings.Contains(r.body, `value="1 December"`) {
		t.Errorf("the form lost the values sent")
	}
}
