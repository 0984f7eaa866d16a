package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pencilbox"
)

// rowPositions are the positions (data-pos) of the rows a set's page or
// part shows, in order.
func rowPositions(body string) []int {
	var out []int
	for _, m := range regexp.MustCompile(`<tr id="p\d+" class="item" data-id="\d+" data-pos="(\d+)"`).FindAllStringSubmatch(body, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, n)
	}
	return out
}

// apiPage is /api/sets/ID?page=N: its puzzles' ids and the pager's fields.
func apiPage(t *testing.T, c *client, id string, page int) (ids []int64, pages, size, count int) {
	t.Helper()
	var got struct {
		Count    int `json:"count"`
		Pages    int `json:"pages"`
		PageSize int `json:"page_size"`
		Puzzles  []struct {
			ID int64 `json:"id"`
		} `json:"puzzles"`
	}
	if err := json.Unmarshal([]byte(c.get(fmt.Sprintf("/api/sets/%s?page=%d", id, page)).body), &got); err != nil {
		t.Fatal(err)
	}
	for _, p := range got.Puzzles {
		ids = append(ids, p.ID)
	}
	return ids, got.Pages, got.PageSize, got.Count
}

// TestSetPages: a set bigger than SetPageSize shows a page of it at a
// time, with a pager saying which puzzles and linking the others (it was
// every row at once: a set of 31,799 puzzles was 37 MB of HTML); the
// positions, moves, sort and undo are the whole set's, and a change sent
// from page 2 answers with page 2 (the script's part, and a plain form's
// redirect). The API pages the same way.
func TestSetPages(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	all := e.pick(pencilbox.Filter{Kind: "sudoku", Desc: true}, 2*SetPageSize+7)
	if len(all) < 2*SetPageSize+1 {
		t.Fatalf("the sample has %d Sudoku, want over %d", len(all), 2*SetPageSize)
	}
	n := len(all)
	id := newSet(t, c, tok, "big", all)
	base := "/sets/" + id

	want := func(from, to int) []int {
		var out []int
		for i := from; i <= to; i++ {
			out = append(out, i)
		}
		return out
	}
	for _, tc := range []struct {
		path  string
		pos   []int
		pager string
	}{
		{base, want(1, SetPageSize), fmt.Sprintf("puzzles 1–%d of %d (page 1 of 3)", SetPageSize, n)},
		{base + "?page=2", want(SetPageSize+1, 2*SetPageSize), fmt.Sprintf("puzzles %d–%d of %d (page 2 of 3)", SetPageSize+1, 2*SetPageSize, n)},
		{base + "?page=99", want(2*SetPageSize+1, n), "(page 3 of 3)"},
		{base + "?page=x", want(1, SetPageSize), "(page 1 of 3)"},
	} {
		r := c.get(tc.path)
		if r.code != http.StatusOK {
			t.Fatalf("GET %s: %d", tc.path, r.code)
		}
		if got := rowPositions(r.body); !slices.Equal(got, tc.pos) {
			t.Errorf("GET %s: rows at positions %v, want %d-%d", tc.path, got, tc.pos[0], tc.pos[len(tc.pos)-1])
		}
		if !strings.Contains(r.body, tc.pager) {
			t.Errorf("GET %s: the pager does not say %q", tc.path, tc.pager)
		}
	}
	page2 := c.get(base + "?page=2").body
	for _, link := range []string{`href="/sets/` + id + `#items">« first`, `href="/sets/` + id + `?page=3#items">next`, `href="/sets/` + id + `?page=1#items">‹ previous`} {
		if !strings.Contains(page2, strings.Replace(link, "?page=1#", "#", 1)) {
			t.Errorf("page 2 lacks the link %s", link)
		}
	}
	if !strings.Contains(page2, `data-page="2" data-offset="100" data-count="`+strconv.Itoa(n)+`"`) {
		t.Errorf("page 2's table does not carry its page, offset and count for the script")
	}
	// the first row of page 2 moves up to the end of page 1: by the
	// script (the part, page 2 again) and back down by a plain form
	first2 := all[SetPageSize]
	r := c.post(base+"/move", url.Values{"csrf": {tok}, "part": {"items"}, "page": {"2"}, "puzzle": {fmt.Sprint(first2)}, "pos": {strconv.Itoa(SetPageSize)}})
	if r.code != http.StatusOK || !slices.Equal(rowPositions(r.body), want(SetPageSize+1, 2*SetPageSize)) || !strings.Contains(r.body, `data-page="2"`) {
		t.Fatalf("move from page 2 (part): %d, rows %v", r.code, rowPositions(r.body))
	}
	ids, pages, size, count := apiPage(t, c, id, 1)
	if pages != 3 || size != SetPageSize || count != n || len(ids) != SetPageSize || ids[SetPageSize-1] != first2 || ids[SetPageSize-2] != all[SetPageSize-2] {
		t.Errorf("after the move: page 1 of the API ends %v (pages %d, size %d, count %d), want ...%d", ids[len(ids)-2:], pages, size, count, first2)
	}
	r = c.post(base+"/move", url.Values{"csrf": {tok}, "page": {"1"}, "puzzle": {fmt.Sprint(first2)}, "pos": {strconv.Itoa(SetPageSize + 1)}})
	if loc := r.hdr.Get("Location"); r.code != http.StatusSeeOther || loc != base+"#p"+fmt.Sprint(first2) {
		t.Errorf("plain move from page 1: %d %q", r.code, loc)
	}
	r = c.post(base+"/undo", url.Values{"csrf": {tok}, "page": {"2"}})
	if loc := r.hdr.Get("Location"); r.code != http.StatusSeeOther || loc != base+"?page=2#items" {
		t.Errorf("plain undo from page 2: %d %q, want back to page 2", r.code, loc)
	}
	// sort the whole set from page 3: the part is page 3 of the sorted set
	r = c.post(base+"/sort", url.Values{"csrf": {tok}, "part": {"items"}, "page": {"3"}})
	if r.code != http.StatusOK || !slices.Equal(rowPositions(r.body), want(2*SetPageSize+1, n)) || !strings.Contains(r.body, "Sorted by difficulty") {
		t.Errorf("sort from page 3: %d, rows %v", r.code, rowPositions(r.body))
	}
	var sorted []int64
	for p := 1; p <= 3; p++ {
		ids, _, _, _ := apiPage(t, c, id, p)
		sorted = append(sorted, ids...)
	}
	if len(sorted) != n || slices.Equal(sorted, all) {
		t.Errorf("the API's three pages hold %d puzzles after the sort (unchanged: %v)", len(sorted), slices.Equal(sorted, all))
	}
	// a small set has no pager
	small := newSet(t, c, tok, "small", e.pick(pencilbox.Filter{Kind: "akari"}, 3))
	if b := c.get("/sets/" + small).body; strings.Contains(b, `class="pager"`) || !slices.Equal(rowPositions(b), []int{1, 2, 3}) {
		t.Errorf("a set of 3: pager or rows %v", rowPositions(b))
	}
}
