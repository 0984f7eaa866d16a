package web

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"pencilbox"
)

// TestSetExportFollowsItsKinds: a set's export buttons offer only the
// formats that hold every kind the set holds, and a format asked for
// anyway is a 400 page of the site saying which formats to choose, never
// "select a kind" (a set has no kind to select) and never a download.
func TestSetExportFollowsItsKinds(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	sudoku := e.pick(pencilbox.Filter{Kind: "sudoku"}, 2)
	akari := e.pick(pencilbox.Filter{Kind: "akari"}, 2)
	newSet := func(name string, ids ...int64) string {
		t.Helper()
		r := c.post("/sets", url.Values{"csrf": {tok}, "name": {name}})
		if r.code != http.StatusSeeOther {
			t.Fatalf("create set: %d", r.code)
		}
		loc := r.hdr.Get("Location")
		form := url.Values{"csrf": {tok}, "set": {strings.TrimPrefix(loc, "/sets/")}, "reuse": {"yes"}} // the sets share puzzles
		for _, id := range ids {
			form.Add("id", fmt.Sprint(id))
		}
		if r := c.post("/sets/add", form); r.code != http.StatusSeeOther {
			t.Fatalf("add to set: %d %.300s", r.code, r.body)
		}
		return loc
	}
	sudokuSet := newSet("Sudoku only", sudoku...)
	akariSet := newSet("Akari only", akari...)
	mixed := newSet("Both", append(sudoku, akari...)...)
	all := []string{"pdf", "line", "grid", "csv", "json", "url", "tatham"}
	for _, tc := range []struct {
		set, offers string
		says        map[string]string // format not offered: what its refusal says
	}{
		{sudokuSet, "pdf line grid csv json url", map[string]string{
			// (the kinds tatham and csv hold grow with the kinds registered)
			"tatham": "puzzles only, not sudoku: for sudoku, choose pdf, line, grid, csv, json, url"}},
		{akariSet, "pdf json url tatham", map[string]string{
			"line": "the line format holds sudoku puzzles only, not akari: for akari, choose pdf, json, url, tatham",
			"csv":  "puzzles only, not akari: for akari, choose pdf, json, url, tatham"}},
		{mixed, "pdf json url", map[string]string{
			"line":   "it holds akari and sudoku puzzles, and the line format holds sudoku puzzles only: for this set, choose pdf, json, url",
			"grid":   "the grid format holds sudoku puzzles only: for this set, choose pdf, json, url",
			"tatham": "puzzles only: for this set, choose pdf, json, url"}},
	} {
		page := c.get(tc.set).body
		var got []string
		for _, f := range all {
			if strings.Contains(page, "format="+f+`"`) {
				got = append(got, f)
			}
		}
		if strings.Join(got, " ") != tc.offers {
			t.Errorf("%s offers %q, want %q", tc.set, strings.Join(got, " "), tc.offers)
		}
		for _, f := range all {
			r := c.get(tc.set + "/export?format=" + f)
			says := tc.says[f]
			if strings.Contains(" "+tc.offers+" ", " "+f+" ") {
				if r.code != http.StatusOK || r.body == "" {
					t.Errorf("%s as %s: %d %.200s", tc.set, f, r.code, r.body)
				}
				continue
			}
			body := html.UnescapeString(r.body)
			if r.code != http.StatusBadRequest || !strings.Contains(body, "Cannot export this set: ") || !strings.Contains(body, says) || strings.Contains(body, "select a kind") {
				t.Errorf("%s as %s: %d %.400s; want 400 saying %q", tc.set, f, r.code, body, says)
			}
			if !strings.HasPrefix(r.hdr.Get("Content-Type"), "text/html") || !strings.Contains(r.body, `href="/puzzles"`) || r.hdr.Get("Content-Disposition") != "" {
				t.Errorf("%s as %s: not a page of the site (%q, %q)", tc.set, f, r.hdr.Get("Content-Type"), r.hdr.Get("Content-Disposition"))
			}
		}
	}
}
