package web

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"pencilbox/web/model"
)

// TestTagField: in a puzzle's tag field commas separate and spaces stay
// inside a tag; a field that breaks the tag rule is refused whole with the
// limit named, the puzzle page shown again with the field as typed and
// marked, and the stored tags unchanged (never a tag dropped silently).
func TestTagField(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	const id = 3
	path := fmt.Sprintf("/puzzles/%d", id)
	stored := func() string {
		t.Helper()
		var p model.Puzzle
		if err := json.Unmarshal([]byte(c.get(fmt.Sprintf("/api/puzzles/%d", id)).body), &p); err != nil {
			t.Fatal(err)
		}
		return strings.Join(p.Tags, "|")
	}
	long := strings.Repeat("x", 70)
	many := make([]string, 65)
	for i := range many {
		many[i] = fmt.Sprintf("t%d", i)
	}
	for _, tc := range []struct {
		typed, stored string // stored: the tags after, | between
		says          string // "" = saved
	}{
		{"Daily Jan 5, easy", "Daily Jan 5|easy", ""},
		{"  Daily   Jan 5 ,, easy,Daily Jan 5 ", "Daily Jan 5|easy", ""},
		{"a b c", "a b c", ""},
		{"Daily Jan 5, " + long, "a b c", `is 70 bytes long: a tag takes at most 64`},
		{strings.Join(many, ", "), "a b c", `65 tags: a puzzle takes at most 64`},
		{"Week 12, hard", "Week 12|hard", ""},
	} {
		r := c.post(path+"/tags", url.Values{"csrf": {tok}, "tags": {tc.typed}})
		if tc.says == "" {
			if r.code != http.StatusSeeOther {
				t.Errorf("tags %q: %d %.300s", tc.typed, r.code, r.body)
			}
		} else {
			body := html.UnescapeString(r.body)
			if r.code != http.StatusBadRequest || !strings.Contains(body, tc.says) || !strings.Contains(body, fmt.Sprintf("<h1>Puzzle %d", id)) {
				t.Errorf("tags %q: %d %.300s; want the puzzle page saying %q", tc.typed, r.code, body, tc.says)
			}
			if !strings.Contains(body, `value="`+tc.typed+`"`) || !strings.Contains(body, `aria-invalid="true"`) {
				t.Errorf("tags %q: the field does not hold what was typed, marked", tc.typed)
			}
		}
		if got := stored(); got != tc.stored {
			t.Errorf("after %q the puzzle has tags %q, want %q", tc.typed, got, tc.stored)
		}
	}
	// the field shows the tags as they are typed, and states the rule
	body := html.UnescapeString(c.get(path).body)
	if !strings.Contains(body, `value="Week 12, hard"`) || !strings.Contains(body, "Commas separate tags; a tag may hold spaces. At most 64 tags, each up to 64 bytes.") {
		t.Errorf("the tag field does not show the tags or the rule")
	}
	// a tag with spaces is one filter
	if got := listIDs(c.get("/puzzles?" + url.Values{"tag": {"Week 12"}}.Encode()).body); got != fmt.Sprint(id) {
		t.Errorf("tag=Week 12 lists %q, want %d", got, id)
	}
}
