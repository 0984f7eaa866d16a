package web

import (
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestGenerateFormKeptWhenRefused: a generate form refused (a bad Stars
// value, a tag over the limit, a target the kind cannot reach) is the
// generate page again with every field as sent, the field at fault
// marked, and the reason; no run starts.
func TestGenerateFormKeptWhenRefused(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	before := e.count(`SELECT count(*) FROM jobs`)
	long := strings.Repeat("z", 70)
	for _, tc := range []struct {
		form  url.Values
		field string // "" = no field marked
		says  string
	}{
		{url.Values{"kind": {"akari"}, "rank": {"4+"}, "count": {"3"}, "size": {"7x7"}, "tags": {"fresh, week 12"}, "set": {"daily"}},
			"rank", `Stars "4+": write a whole number like 5`},
		{url.Values{"kind": {"akari"}, "rank": {"2"}, "count": {"3"}, "tags": {"fresh, " + long}, "set": {"daily"}},
			"tags", "is 70 bytes long: a tag takes at most 64"},
		{url.Values{"kind": {"akari"}, "rank": {"2"}, "count": {"0"}, "tags": {"fresh"}},
			"count", `Count "0": want a number from 1 to`},
		{url.Values{"kind": {"akari"}, "rank": {"5"}, "count": {"3"}, "size": {"3x3"}, "tags": {"week 12"}},
			"", "rates above 4"},
	} {
		form := url.Values{"csrf": {tok}}
		for k, v := range tc.form {
			form[k] = v
		}
		r := c.post("/generate", form)
		body := html.UnescapeString(r.body)
		name := tc.form.Encode()
		if r.code != http.StatusBadRequest || !strings.Contains(body, "<h1>Generate</h1>") || !strings.Contains(body, tc.says) {
			t.Errorf("%s: %d %.300s; want the generate page saying %q", name, r.code, body, tc.says)
			continue
		}
		if !strings.Contains(body, `<option value="akari" selected>`) {
			t.Errorf("%s: the kind was lost", name)
		}
		for _, f := range []string{"rank", "count", "size", "tags", "set"} {
			if v := tc.form.Get(f); v != "" && !strings.Contains(body, `value="`+v+`"`) {
				t.Errorf("%s: the %s field lost %q", name, f, v)
			}
		}
		var marked []string
		for _, m := range markedField.FindAllStringSubmatch(body, -1) {
			marked = append(marked, m[1])
		}
		if strings.Join(marked, " ") != tc.field {
			t.Errorf("%s: marked %q, want %q", name, marked, tc.field)
		}
	}
	if n := e.count(`SELECT count(*) FROM jobs`); n != before {
		t.Errorf("%d runs started from refused forms", n-before)
	}
	// a new form holds its defaults only, nothing marked
	if body := c.get("/generate").body; strings.Contains(body, "aria-invalid") || !strings.Contains(body, `value="10"`) || strings.Contains(body, " selected>") {
		t.Errorf("a new generate form is not blank")
	}
}
