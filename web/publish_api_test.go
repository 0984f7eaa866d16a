package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/web/model"
)

// TestAPIPublishing: the JSON API's puzzle lists the sets holding it and
// its publications; its list takes published, outlet, in_set and tag=-NAME;
// adding a used puzzle to a set is refused (409, naming it) unless
// confirmed with reuse=yes.
func TestAPIPublishing(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	ctx := context.Background()
	sets := e.db.Sets()
	ids := e.pick(pencilbox.Filter{Kind: "sudoku"}, 4)
	week, err := sets.Create(ctx, "Week 1", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sets.Add(ctx, week, ids[:3], false); err != nil {
		t.Fatal(err)
	}
	if _, err := sets.Publish(ctx, week, "Daily Star", "2026-12-01", 0); err != nil {
		t.Fatal(err)
	}

	var ap struct {
		ID           int64               `json:"id"`
		Sets         []model.Membership  `json:"sets"`
		Publications []model.Publication `json:"publications"`
	}
	if err := json.Unmarshal([]byte(c.get(fmt.Sprintf("/api/puzzles/%d", ids[1])).body), &ap); err != nil {
		t.Fatal(err)
	}
	if len(ap.Sets) != 1 || ap.Sets[0].Name != "Week 1" || ap.Sets[0].Pos != 2 ||
		len(ap.Publications) != 1 || ap.Publications[0].Outlet != "Daily Star" || ap.Publications[0].Date != "2026-12-01" || ap.Publications[0].Pos != 2 {
		t.Errorf("puzzle %d: sets %+v publications %+v", ids[1], ap.Sets, ap.Publications)
	}
	var as struct {
		Name         string              `json:"name"`
		Publications []model.Publication `json:"publications"`
	}
	if err := json.Unmarshal([]byte(c.get(fmt.Sprintf("/api/sets/%d", week)).body), &as); err != nil ||
		len(as.Publications) != 1 || as.Publications[0].Outlet != "Daily Star" || as.Publications[0].Count != 3 {
		t.Errorf("the set's publications in the API: %+v (%v)", as, err)
	}
	r := c.get(fmt.Sprintf("/api/puzzles/%d", ids[3]))
	if !strings.Contains(r.body, `"sets":[]`) || !strings.Contains(r.body, `"publications":[]`) {
		t.Errorf("an unused puzzle's sets and publications are not empty lists: %.400s", r.body)
	}

	list := func(query string) []int64 {
		t.Helper()
		r := c.get("/api/puzzles?limit=1000&" + query)
		if r.code != http.StatusOK {
			t.Fatalf("%s: %d %s", query, r.code, r.body)
		}
		var pg model.Page
		if err := json.Unmarshal([]byte(r.body), &pg); err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, p := range pg.Rows {
			out = append(out, p.ID)
		}
		return out
	}
	all := list("kind=sudoku")
	for _, tc := range []struct {
		query string
		want  func(id int64) bool
	}{
		{"kind=sudoku&published=yes", func(id int64) bool { return slices.Contains(ids[:3], id) }},
		{"kind=sudoku&outlet=Daily+Star", func(id int64) bool { return slices.Contains(ids[:3], id) }},
		{"kind=sudoku&in_set=Week+1", func(id int64) bool { return slices.Contains(ids[:3], id) }},
		{"kind=sudoku&published=no&in_set=no", func(id int64) bool { return !slices.Contains(ids[:3], id) }},
		{"kind=sudoku&outlet=Nowhere", func(int64) bool { return false }},
	} {
		var want []int64
		for _, id := range all {
			if tc.want(id) {
				want = append(want, id)
			}
		}
		if got := list(tc.query); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", tc.query, got, want)
		}
	}
	// Tag exclusion, alone and with a tag to include.
	tags := e.tags()
	if len(tags) == 0 {
		t.Fatal("the sample has no tags")
	}
	tag := tags[0]
	tagged := e.pick(pencilbox.Filter{Tag: tag}, 0) // the include filter, apart from the exclusion's
	without := list("tag=-" + url.QueryEscape(tag))
	for _, id := range without {
		if slices.Contains(tagged, id) {
			t.Errorf("tag=-%s lists puzzle %d, which has the tag", tag, id)
		}
	}
	if n := len(list("")); len(without)+len(tagged) != n {
		t.Errorf("tag=-%s lists %d, the tag %d, the library %d", tag, len(without), len(tagged), n)
	}
	if got := list("tag=" + url.QueryEscape(tag) + "&tag=-" + url.QueryEscape(tag)); len(got) != 0 {
		t.Errorf("a tag both included and excluded lists %v", got)
	}
	if r := c.get("/api/puzzles?published=maybe"); r.code != http.StatusBadRequest || !strings.Contains(r.body, "want yes or no") {
		t.Errorf("published=maybe: %d %s", r.code, r.body)
	}

	// Adding a published puzzle to another set asks first.
	r = c.post("/sets", url.Values{"csrf": {tok}, "name": {"Week 2"}})
	id := strings.TrimPrefix(r.hdr.Get("Location"), "/sets/")
	add := url.Values{"csrf": {tok}, "set": {id}, "id": {fmt.Sprint(ids[3]), fmt.Sprint(ids[0])}}
	r = c.post("/sets/add", add)
	if r.code != http.StatusConflict || !strings.Contains(r.body, fmt.Sprintf(`<td><a href="/puzzles/%d">%d</a></td><td>in set`, ids[0], ids[0])) || !strings.Contains(r.body, "published in Daily Star on 2026-12-01") {
		t.Errorf("adding a published puzzle: %d %.500s", r.code, r.body)
	}
	var set model.Set
	if err := json.Unmarshal([]byte(c.get("/api/sets/"+id).body), &set); err != nil || len(set.Items) != 0 {
		t.Fatalf("the refused add left %d puzzles (%v)", len(set.Items), err)
	}
	add.Set("reuse", "yes")
	if r = c.post("/sets/add", add); r.code != http.StatusSeeOther {
		t.Errorf("confirmed add: %d", r.code)
	}
	if err := json.Unmarshal([]byte(c.get("/api/sets/"+id).body), &set); err != nil || len(set.Items) != 2 {
		t.Fatalf("the confirmed add left %d puzzles (%v)", len(set.Items), err)
	}
}
