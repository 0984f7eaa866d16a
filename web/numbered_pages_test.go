package web

import (
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/web/model"
)

var (
	nextLink = regexp.MustCompile(`id="nextpage" rel="next" href="([^"]+)"`)
	prevLink = regexp.MustCompile(`id="prevpage" rel="prev" href="([^"]+)"`)
)

// link returns the href a pager link's pattern finds ("" = none).
func link(re *regexp.Regexp, body string) string {
	if m := re.FindStringSubmatch(body); m != nil {
		return html.UnescapeString(m[1])
	}
	return ""
}

// TestNumberedPages: page=N (without a cursor) lists rows (N-1)*size+1..
// of the filter in its order, in the HTML list and the API, with filters
// and sorts; the pager names the page, its Next link carries the cursor
// and N+1, its Previous link N-1 without a cursor.
func TestNumberedPages(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	for _, tc := range []struct {
		q            string
		page, size   int
		where, order string
	}{
		{"page=2", 2, 50, "1", "id"},
		{"kind=sudoku&page=3", 3, 50, "kind = 'sudoku'", "id"},
		{"sort=score&order=desc&page=2", 2, 50, "1", "score DESC, id DESC"},
		{"kind=sudoku&rank=2-7&sort=clues&page=2", 2, 50, "kind = 'sudoku' AND rank BETWEEN 2 AND 7", "clues, id"},
		{"rank=1-8&sort=date&order=desc&page=2&limit=30", 2, 30, "rank BETWEEN 1 AND 8", "created DESC, id DESC"},
		{"sort=rank&limit=7&page=9", 9, 7, "1", "rank, id"},
		{"kind=sudoku&page=1", 1, 50, "kind = 'sudoku'", "id"},
	} {
		t.Run(tc.q, func(t *testing.T) {
			// SQL: the pages' oracle, apart from the store's query builder
			all := e.ids(`SELECT id FROM puzzles p WHERE ` + tc.where + ` ORDER BY ` + tc.order)
			from := (tc.page - 1) * tc.size
			if from >= len(all) {
				t.Fatalf("the sample has %d such puzzles; page %d tests nothing", len(all), tc.page)
			}
			want := all[from:min(from+tc.size, len(all))]
			r := c.get("/puzzles?" + tc.q)
			if r.code != 200 {
				t.Fatalf("status %d: %.300s", r.code, r.body)
			}
			if got := rowIDs(r.body); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("rows %v\nwant %v", got, want)
			}
			if !strings.Contains(r.body, fmt.Sprintf(`<span class="pagenum">page %d</span>`, tc.page)) {
				t.Errorf("the pager does not say page %d", tc.page)
			}
			prev := link(prevLink, r.body)
			if tc.page == 1 && prev != "" {
				t.Errorf("page 1 has a Previous link %q", prev)
			}
			if tc.page > 1 {
				u, err := url.Parse(prev)
				if err != nil || u.Query().Has("after") || (tc.page > 2) != (u.Query().Get("page") == fmt.Sprint(tc.page-1)) {
					t.Errorf("Previous link %q, want page=%d without a cursor", prev, tc.page-1)
				}
				// it lists the page before
				p := c.get(prev)
				if got, w := rowIDs(p.body), all[from-tc.size:from]; fmt.Sprint(got) != fmt.Sprint(w) {
					t.Errorf("previous page: rows %v\nwant %v", got, w)
				}
			}
			// Next carries the cursor and N+1; the cursor decides the rows
			next := link(nextLink, r.body)
			if (next != "") != (from+tc.size < len(all)) {
				t.Fatalf("Next link %q with %d matches", next, len(all))
			}
			if next != "" {
				u, _ := url.Parse(next)
				if u.Query().Get("after") == "" || u.Query().Get("page") != fmt.Sprint(tc.page+1) {
					t.Errorf("Next link %q: want a cursor and page=%d", next, tc.page+1)
				}
				n := c.get(next)
				if got, w := rowIDs(n.body), all[from+tc.size:min(from+2*tc.size, len(all))]; fmt.Sprint(got) != fmt.Sprint(w) {
					t.Errorf("next page: rows %v\nwant %v", got, w)
				}
				if !strings.Contains(n.body, fmt.Sprintf(`<span class="pagenum">page %d</span>`, tc.page+1)) {
					t.Errorf("the next page is not labelled page %d", tc.page+1)
				}
			}
			// the API lists the same rows
			var pg model.Page
			r = c.get("/api/puzzles?" + tc.q)
			if err := json.Unmarshal([]byte(r.body), &pg); err != nil {
				t.Fatalf("API: %d %.200s", r.code, r.body)
			}
			var got []int64
			for _, p := range pg.Rows {
				got = append(got, p.ID)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) || pg.Total != len(all) {
				t.Errorf("API: rows %v total %d\nwant %v total %d", got, pg.Total, want, len(all))
			}
		})
	}
}

// TestNumberedPagesBounds: bad page numbers, pages past a filter's last
// and pages past the numbered pages' reach are 400 with the reason; with a
// cursor the page number is only a label.
func TestNumberedPagesBounds(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	n8 := e.matches(pencilbox.Filter{RankMin: 8, RankMax: 8})
	total := e.matches(pencilbox.Filter{})
	if n8 == 0 || n8 > PageSize || total > MaxPageOffset {
		t.Fatalf("the sample has %d puzzles of rank 8, %d in all: the cases below test nothing", n8, total)
	}
	lastPage := (total + PageSize - 1) / PageSize
	for _, tc := range []struct {
		q    string
		code int
		says string
	}{
		{"page=0", 400, "page must be a page number"},
		{"page=-1", 400, "page must be a page number"},
		{"page=abc", 400, "page must be a page number"},
		{"page=1.5", 400, "page must be a page number"},
		{"page=99999999999999999999", 400, "page must be a page number"},
		{"page=0&after=x", 400, "page must be a page number"},
		{"rank=8&page=1", 200, ""},
		{"rank=8&page=2", 400, "There is no page 2"},
		{"tag=nope&page=1", 200, ""},
		{"tag=nope&page=2", 400, "There is no page 2"},
		{fmt.Sprintf("page=%d", lastPage), 200, ""},
		{fmt.Sprintf("page=%d", lastPage+1), 400, fmt.Sprintf("There is no page %d", lastPage+1)},
		{"page=201", 400, "Next link"},
		{"limit=1000&page=11", 400, "Next link"},
		{"kind=sudoku&sort=score&page=1000000", 400, "Next link"},
	} {
		for _, path := range []string{"/puzzles?", "/api/puzzles?"} {
			r := c.get(path + tc.q)
			if r.code != tc.code || !strings.Contains(html.UnescapeString(r.body), tc.says) {
				t.Errorf("%s%s: %d %.300s; want %d saying %q", path, tc.q, r.code, r.body, tc.code, tc.says)
			}
		}
	}
	// With a cursor, the cursor decides the rows and page is the label,
	// even past the numbered pages' reach (then no Previous link).
	all := e.ids(`SELECT id FROM puzzles ORDER BY score, id`) // SQL: the oracle, as above
	r := c.get("/puzzles?sort=score")
	next := link(nextLink, r.body)
	u, _ := url.Parse(next)
	after := u.Query().Get("after")
	for _, tc := range []struct {
		page     int
		prevPage string // the Previous link's page ("" = none, "1" = no page parameter)
	}{
		{2, "1"},
		{7, "6"},
		{lastNumberedPage(PageSize) + 1, fmt.Sprint(lastNumberedPage(PageSize))},
		{lastNumberedPage(PageSize) + 2, ""},
	} {
		r := c.get(fmt.Sprintf("/puzzles?sort=score&after=%s&page=%d", url.QueryEscape(after), tc.page))
		if got := rowIDs(r.body); r.code != 200 || fmt.Sprint(got) != fmt.Sprint(all[PageSize:2*PageSize]) {
			t.Errorf("cursor with page=%d: %d, rows %v", tc.page, r.code, got)
		}
		if !strings.Contains(r.body, fmt.Sprintf(`<span class="pagenum">page %d</span>`, tc.page)) {
			t.Errorf("cursor with page=%d: not the label", tc.page)
		}
		prev := link(prevLink, r.body)
		switch pu, _ := url.Parse(prev); {
		case tc.prevPage == "" && prev != "":
			t.Errorf("cursor with page=%d: Previous link %q past the numbered pages", tc.page, prev)
		case tc.prevPage == "1" && (prev == "" || pu.Query().Has("page") || pu.Query().Has("after")):
			t.Errorf("cursor with page=%d: Previous link %q, want the first page", tc.page, prev)
		case tc.prevPage != "" && tc.prevPage != "1" && (pu.Query().Get("page") != tc.prevPage || pu.Query().Has("after")):
			t.Errorf("cursor with page=%d: Previous link %q, want page=%s", tc.page, prev, tc.prevPage)
		}
	}
}
