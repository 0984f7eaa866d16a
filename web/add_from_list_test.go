package web

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestAddFromListComesBack: the list has the add control above and below
// the puzzles and a box that ticks the page; an add from the list goes
// back to the same list page, at the control used, saying how many went
// to which set; the menu beside the button pressed counts; the set added
// to last is chosen on the next list and puzzle pages.
func TestAddFromListComesBack(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	for _, name := range []string{"January", "February"} {
		if r := c.post("/sets", url.Values{"csrf": {tok}, "name": {name}}); r.code != http.StatusSeeOther {
			t.Fatalf("create %s: %d", name, r.code)
		}
	}
	janSet, _, _ := e.setNamed("January")
	jan := fmt.Sprint(janSet.ID)
	febSet, _, _ := e.setNamed("February")
	feb := fmt.Sprint(febSet.ID)
	list := c.get("/puzzles?kind=sudoku&page=2").body
	for _, w := range []string{`id="add-top"`, `id="add-bottom"`, `class="selectall"`, `formaction="/sets/add?at=bottom"`,
		`name="back" value="/puzzles?kind=sudoku&amp;page=2"`} {
		if !strings.Contains(list, w) {
			t.Errorf("the list page lacks %s", w)
		}
	}
	for _, tc := range []struct {
		what, at string
		back     string
		ids      []string
		wantSet  string
		wantTo   string // Location
		wantSays string
	}{
		{"top control", "", "/puzzles?kind=sudoku&page=2", []string{"1", "2"}, jan, "/puzzles?kind=sudoku&page=2#add-top", `2 puzzles added to "January".`},
		{"bottom control", "bottom", "/puzzles?page=2&kind=sudoku", []string{"3"}, feb, "/puzzles?kind=sudoku&page=2#add-bottom", `1 puzzle added to "February".`},
		{"another site's address", "", "https://example.com/puzzles?x=1", []string{"4"}, jan, "/sets/" + jan, "1 puzzle added."},
		{"not the list", "", "/sets/1", []string{"5"}, jan, "/sets/" + jan, "1 puzzle added."},
	} {
		path := "/sets/add"
		if tc.at != "" {
			path += "?at=" + tc.at
		}
		r := c.post(path, url.Values{"csrf": {tok}, "set": {jan, feb}, "what": {"ticked"}, "id": tc.ids, "back": {tc.back}})
		if r.code != http.StatusSeeOther || r.hdr.Get("Location") != tc.wantTo {
			t.Errorf("%s: %d to %q, want %q", tc.what, r.code, r.hdr.Get("Location"), tc.wantTo)
			continue
		}
		page := html.UnescapeString(c.get(r.hdr.Get("Location")).body)
		if !strings.Contains(page, tc.wantSays) {
			t.Errorf("%s: the page does not say %q", tc.what, tc.wantSays)
		}
		for _, id := range tc.ids {
			if !slices.Contains(setOrder(t, c, tc.wantSet), mustID(t, id)) {
				t.Errorf("%s: puzzle %s not in set %s", tc.what, id, tc.wantSet)
			}
		}
		// the set added to last is chosen in the menus
		chosen := regexp.MustCompile(`<option value="(\d+)" selected>`)
		for _, p := range []string{"/puzzles", "/puzzles/7"} {
			m := chosen.FindStringSubmatch(c.get(p).body)
			if m == nil || m[1] != tc.wantSet {
				t.Errorf("%s: %s chooses set %v, want %s", tc.what, p, m, tc.wantSet)
			}
		}
	}
}
