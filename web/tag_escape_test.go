package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"pencilbox"
	"pencilbox/web/model"
)

// TestTagBeginningWithDash: a tag that begins with '-' ("-neg") is
// selected by writing it escaped (tag=\-neg) and excluded by -\-neg, on
// the list page and in the API alike; tag=-neg still excludes the tag
// "neg". Before, tag=-neg was the only way to write it and it excluded
// "neg", so "-neg" could not be selected at all.
func TestTagBeginningWithDash(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	for id, tags := range map[int64]string{2: "-neg", 3: "-neg, neg", 4: "neg"} {
		if r := c.post(fmt.Sprintf("/puzzles/%d/tags", id), url.Values{"csrf": {tok}, "tags": {tags}}); r.code != http.StatusSeeOther {
			t.Fatalf("tag %d with %q: %d %s", id, tags, r.code, r.body)
		}
	}
	all := e.pick(pencilbox.Filter{}, 0)
	except := func(drop ...int64) []int64 {
		var out []int64
		for _, id := range all {
			if !slices.Contains(drop, id) {
				out = append(out, id)
			}
		}
		return out
	}
	api := func(q string) []int64 {
		t.Helper()
		r := c.get("/api/puzzles?limit=1000&" + q)
		if r.code != http.StatusOK {
			t.Fatalf("API %s: %d %s", q, r.code, r.body)
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
	for _, tc := range []struct {
		tag  string
		want []int64
	}{
		{`\-neg`, []int64{2, 3}},
		{`-\-neg`, except(2, 3)},
		{`neg`, []int64{3, 4}},
		{`-neg`, except(3, 4)},
		{`neg, -\-neg`, []int64{4}},
		{`\-neg, -neg`, []int64{2}},
	} {
		q := "tag=" + url.QueryEscape(tc.tag)
		if got := api(q); !slices.Equal(got, tc.want) {
			t.Errorf("API %s: %v, want %v", q, got, tc.want)
		}
		want := tc.want[:min(len(tc.want), PageSize)]
		if got := rowIDs(c.get("/puzzles?" + q).body); !slices.Equal(got, want) {
			t.Errorf("list %s: %v, want %v", q, got, want)
		}
	}
}
