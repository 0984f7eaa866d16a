package web

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestBadRangeKeepsTheForm: a range the filter cannot read answers with
// the list page itself: the form filled as it was sent, the bad field
// marked (aria-invalid, tied to the sentence) and a sentence saying what
// to write; an en dash is read as the range's hyphen.
func TestBadRangeKeepsTheForm(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	for _, tc := range []struct {
		field, value, says string
	}{
		{"rank", "4+", `Stars "4+": write a whole number like 5, or a range like 5-6, 5- (5 and up) or -6 (up to 6).`},
		{"rank", "4,5", `Stars "4,5": write a whole number like 5`},
		{"rank", "6-4", `Stars "6-4": the range is empty.`},
		{"clues", "about 20", `Clues "about 20": write a whole number like 5`},
		{"er", "7+", `ER "7+": want a rating or a range like 6.5-7.5, 7-, -4.5.`},
	} {
		q := url.Values{"kind": {"sudoku"}, "tag": {"daily"}, "sort": {"score"}, tc.field: {tc.value}}
		r := c.get("/puzzles?" + q.Encode())
		body := html.UnescapeString(r.body)
		if r.code != http.StatusBadRequest || !strings.Contains(body, tc.says) {
			t.Errorf("%s=%q: %d; want 400 saying %q", tc.field, tc.value, r.code, tc.says)
			continue
		}
		for _, kept := range []string{`<option value="sudoku" selected>`, `name="tag" size="8" value="daily"`, `<option value="score" selected>`,
			`name="` + tc.field + `" size`, `value="` + tc.value + `"`, `<h1>Library</h1>`} {
			if !strings.Contains(body, kept) {
				t.Errorf("%s=%q: the page lost %s", tc.field, tc.value, kept)
			}
		}
		m := markedField.FindAllStringSubmatch(body, -1)
		if len(m) != 1 || m[0][1] != tc.field || !strings.Contains(body, `aria-describedby="filter-error"`) {
			t.Errorf("%s=%q: marked fields %v, want only %s", tc.field, tc.value, m, tc.field)
		}
	}
	// a good filter marks nothing
	if r := c.get("/puzzles?rank=4-6"); r.code != http.StatusOK || strings.Contains(r.body, "aria-invalid") {
		t.Errorf("rank=4-6: %d, or a field marked", r.code)
	}
	// "4–6" with an en dash is the range 4-6: the same list
	for _, dash := range []string{"\u2013", "\u2014"} {
		hy, en := c.get("/puzzles?kind=sudoku&rank=4-6"), c.get("/puzzles?kind=sudoku&rank="+url.QueryEscape("4"+dash+"6"))
		if en.code != http.StatusOK || listIDs(en.body) != listIDs(hy.body) || listIDs(hy.body) == "" {
			t.Errorf("rank 4%s6: %d, ids %q; 4-6 gives %q", dash, en.code, listIDs(en.body), listIDs(hy.body))
		}
	}
}

// markedField finds the form fields a page marks as wrong.
var markedField = regexp.MustCompile(`<(?:input|select) name="([a-z]+)"[^>]*aria-invalid="true"`)

var puzzleLink = regexp.MustCompile(`href="/puzzles/(\d+)"`)

// listIDs are the puzzle ids a list page links to, in order (a row's
// links to its puzzle count once).
func listIDs(body string) string {
	var ids []string
	for _, m := range puzzleLink.FindAllStringSubmatch(body, -1) {
		if len(ids) == 0 || ids[len(ids)-1] != m[1] {
			ids = append(ids, m[1])
		}
	}
	return strings.Join(ids, " ")
}
