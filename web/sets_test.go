package web

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/web/model"
)

// TestAddFilterToSetCap: "add every puzzle of this filter" takes at most
// Config.MaxSetAdd puzzles, the first in the list's order, and says so when the
// filter has more; a filter of exactly MaxSetAdd puzzles is added whole
// without the warning.
func TestAddFilterToSetCap(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	akari := e.pick(pencilbox.Filter{Kind: "akari"}, 0)
	if len(akari) < 3 {
		t.Fatalf("the sample has %d Akari puzzles", len(akari))
	}
	for _, tc := range []struct {
		limit  int
		filter string
		want   []int64
		capped bool
	}{
		{len(akari), "kind=akari", akari, false},
		{len(akari) - 1, "kind=akari", akari[:len(akari)-1], true},
		{2, "kind=akari&page=3", akari[:2], true}, // the whole filter, not the page shown
		{len(akari) + 1, "kind=akari", akari, false},
	} {
		e.s.cfg.MaxSetAdd = tc.limit
		name := fmt.Sprintf("%s, cap %d", tc.filter, tc.limit)
		r := c.post("/sets", url.Values{"csrf": {tok}, "name": {name}})
		if r.code != http.StatusSeeOther {
			t.Fatalf("create set: %d", r.code)
		}
		loc := r.hdr.Get("Location")
		id := strings.TrimPrefix(loc, "/sets/")
		r = c.post("/sets/add", url.Values{"csrf": {tok}, "set": {id}, "what": {"filter"}, "filter": {tc.filter}, "reuse": {"yes"}}) // each case takes the same puzzles
		if r.code != http.StatusSeeOther || r.hdr.Get("Location") != loc {
			t.Fatalf("%s: add: %d %q", name, r.code, r.hdr.Get("Location"))
		}
		page := html.UnescapeString(c.get(loc).body)
		warned := strings.Contains(page, fmt.Sprintf("The filter matches more than %d puzzles: only its first %d were taken", tc.limit, tc.limit))
		if warned != tc.capped || !tc.capped && !strings.Contains(page, fmt.Sprintf("%d %s added.", len(tc.want), plural(len(tc.want), "puzzle", "puzzles"))) {
			t.Errorf("%s: the message does not say what was added (warned %v)", name, warned)
		}
		var set model.Set
		if err := json.Unmarshal([]byte(c.get("/api/sets/"+id).body), &set); err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, p := range set.Items {
			got = append(got, p.ID)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: set holds %v, want %v", name, got, tc.want)
		}
	}
}
