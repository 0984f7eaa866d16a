package web

import (
	"context"
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

// imageOf is a symmetric image of an 81-character Sudoku line, made
// here by hand (not by the engine under test): turned a quarter, its
// digits relabelled d -> d%9+1, empty cells written '.'.
func imageOf(line string) string {
	var b strings.Builder
	for r := range 9 {
		for c := range 9 {
			ch := line[(8-c)*9+r] // row r of the turned grid is column r read upwards
			switch {
			case ch >= '1' && ch <= '9':
				b.WriteByte('1' + (ch-'0')%9)
			default:
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

// TestSearchByGivens: pasting a puzzle into the list's search opens the
// stored puzzle it is, or is a symmetric image of (a turned, relabelled
// copy finds the original); a puzzle the library does not hold says so
// under the form; words still search the text.
func TestSearchByGivens(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	// the eighth Sudoku in id order, read through the site's store
	var store pencilbox.SiteStore = e.db
	pg, err := store.Puzzles(context.Background(), pencilbox.Filter{Kind: "sudoku", Sort: pencilbox.SortID, Offset: 7, Limit: 1})
	if err != nil || len(pg.Rows) != 1 {
		t.Fatalf("the sample's eighth Sudoku: %v %+v", err, pg)
	}
	sid, givens := pg.Rows[0].ID, pg.Rows[0].Givens
	const akariURL = "https://puzz.link/p?akari/10/10/k5.h6.p..i.1.b1bg.g.jcjch.g.i..h1..cg1.p6.h.g.k"
	// SQL: the search by URL is the subject; its oracle reads the
	// record the import kept, which no filter names
	aid := e.ids(`SELECT puzzle_id FROM sources WHERE text = ?`, akariURL)
	if len(aid) != 1 {
		t.Fatalf("the sample's Akari %s: %v", akariURL, aid)
	}
	image := imageOf(givens)
	if image == givens {
		t.Fatalf("the image is not a different grid: %s", image)
	}
	for _, tc := range []struct {
		what, q, kind string
		wantTo        string // Location, "" for a page
		wantSays      string
	}{
		{"the givens themselves", givens, "", fmt.Sprintf("/puzzles/%d", sid), ""},
		{"a turned, relabelled copy", image, "", fmt.Sprintf("/puzzles/%d", sid), ""},
		{"the copy with spaces around", "  " + image + " ", "", fmt.Sprintf("/puzzles/%d", sid), ""},
		{"an Akari's URL", akariURL, "", fmt.Sprintf("/puzzles/%d", aid[0]), ""},
		{"a puzzle not stored", "1" + strings.Repeat(".", 80), "", "", "No stored puzzle has these givens"},
		{"the copy, asked among Akari only", image, "akari", "", ""},
	} {
		r := c.get("/puzzles?" + url.Values{"q": {tc.q}, "kind": {tc.kind}}.Encode())
		if tc.wantTo != "" {
			if r.code != http.StatusSeeOther || r.hdr.Get("Location") != tc.wantTo {
				t.Errorf("%s: %d to %q, want %s", tc.what, r.code, r.hdr.Get("Location"), tc.wantTo)
				continue
			}
			page := html.UnescapeString(c.get(tc.wantTo).body)
			if !strings.Contains(page, "Found by its givens") {
				t.Errorf("%s: the puzzle page does not say how it was found", tc.what)
			}
			continue
		}
		if r.code != http.StatusOK || !strings.Contains(html.UnescapeString(r.body), tc.wantSays) {
			t.Errorf("%s: %d, want a page saying %q: %.300s", tc.what, r.code, tc.wantSays, r.body)
		}
	}
	// the JSON API: the same lookup, as a page of matches
	for _, tc := range []struct {
		what, q string
		want    string
	}{
		{"the copy", image, fmt.Sprint([]int64{sid})},
		{"a puzzle not stored", "1" + strings.Repeat(".", 80), "[]"},
	} {
		var page model.Page
		r := c.get("/api/puzzles?" + url.Values{"q": {tc.q}}.Encode())
		if err := json.Unmarshal([]byte(r.body), &page); err != nil {
			t.Fatalf("API %s: %d %v", tc.what, r.code, err)
		}
		var got []int64
		for _, p := range page.Rows {
			got = append(got, p.ID)
		}
		if got == nil {
			got = []int64{}
		}
		if fmt.Sprint(got) != tc.want {
			t.Errorf("API %s: %v, want %s", tc.what, got, tc.want)
		}
	}
}
