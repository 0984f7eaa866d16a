package web

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/web/model"
)

// manyEnv serves the sample library plus CountCap+1 puzzles tagged
// "many" (placeholder grids: only their count matters), with the page's
// count budget given.
func manyEnv(t *testing.T, countBudget time.Duration) *testEnv {
	t.Helper()
	d := MustOpen(t)
	var es []pencilbox.Entry
	for i := range pencilbox.CountCap + 1 {
		es = append(es, pencilbox.Entry{
			Puzzle: pencilbox.Puzzle{Kind: "sudoku", Givens: strings.Repeat(".", 81), Canonical: fmt.Sprintf("many%d", i),
				Status: engine.Unknown, Clues: 0, Width: 9, Height: 9},
			Source: pencilbox.Source{Label: "many", File: "many.txt", Line: i + 1},
			Tags:   []string{"many"}})
	}
	if _, err := d.AddBatch(context.Background(), es, nil); err != nil {
		t.Fatal(err)
	}
	return newTestEnvDB(t, d, func(cfg *Config) {
		cfg.CountBudget = countBudget
		cfg.SearchBudget = time.Minute // count=all gets half of it
	})
}

// TestListCount: the list says the exact number of matches when the
// count fits the page's budget; else "more than N" with a link that
// counts them with a longer budget, and the JSON API says the same. The
// budgets are a minute or a nanosecond, so no case depends on the
// machine's speed.
func TestListCount(t *testing.T) {
	const filter = "tag=many&sort=score"
	exact := fmt.Sprintf("%d puzzles match", pencilbox.CountCap+1)
	more := fmt.Sprintf("more than %d puzzles match", pencilbox.CountCap)
	t.Run("within the budget", func(t *testing.T) {
		c := manyEnv(t, time.Minute).client()
		c.login()
		r := c.get("/puzzles?" + filter)
		if r.code != 200 || !strings.Contains(r.body, exact) || strings.Contains(r.body, `id="countall"`) {
			t.Errorf("list: %d, want %q and no count link", r.code, exact)
		}
		var pg apiCount
		r = c.get("/api/puzzles?" + filter)
		if err := json.Unmarshal([]byte(r.body), &pg); err != nil || pg.Total != pencilbox.CountCap+1 || pg.More || pg.CountURL != "" {
			t.Errorf("API: %+v %v, want total %d exact", pg, err, pencilbox.CountCap+1)
		}
	})
	t.Run("over the budget", func(t *testing.T) {
		e := manyEnv(t, time.Nanosecond)
		c := e.client()
		c.login()
		r := c.get("/puzzles?" + filter + "&page=2")
		if r.code != 200 || !strings.Contains(r.body, more) {
			t.Fatalf("list: %d, want %q", r.code, more)
		}
		link := linkRe.FindStringSubmatch(r.body)
		if link == nil {
			t.Fatalf("no count link beside %q", more)
		}
		u, err := url.Parse(html.UnescapeString(link[1]))
		if err != nil || u.Path != "/puzzles" || u.Query().Get("count") != "all" || u.Query().Get("tag") != "many" ||
			u.Query().Get("sort") != "score" || u.Query().Has("page") {
			t.Fatalf("count link %q: want the same filter's first page with count=all", link[1])
		}
		var pg apiCount
		r = c.get("/api/puzzles?" + filter)
		if err := json.Unmarshal([]byte(r.body), &pg); err != nil || pg.Total != pencilbox.CountCap || !pg.More ||
			!strings.HasPrefix(pg.CountURL, "/api/puzzles?") || !strings.Contains(pg.CountURL, "count=all") {
			t.Fatalf("API: %+v %v, want total %d, more, a count_url", pg, err, pencilbox.CountCap)
		}
		r = c.get(u.String())
		if r.code != 200 || !strings.Contains(r.body, exact) {
			t.Errorf("the count link's page: %d, want %q", r.code, exact)
		}
		e.db.ForgetPlans() // the link's count is kept for the filter: count anew
		r = c.get(pg.CountURL)
		pg = apiCount{}
		if err := json.Unmarshal([]byte(r.body), &pg); err != nil || pg.Total != pencilbox.CountCap+1 || pg.More || pg.CountURL != "" {
			t.Errorf("API count_url: %+v %v, want total %d exact", pg, err, pencilbox.CountCap+1)
		}
	})
}

// apiCount is what the JSON API's list page says of its count.
type apiCount struct {
	Total    int    `json:"total"`
	More     bool   `json:"more"`
	CountURL string `json:"count_url"`
}

var linkRe = regexp.MustCompile(`<a id="countall" href="([^"]+)"`)

// TestMatchesWording: a count that stopped early shows its first two
// digits ("more than 3400": still true), an exact one every digit.
func TestMatchesWording(t *testing.T) {
	for _, tc := range []struct {
		page model.Page
		want string
	}{
		{model.Page{Total: 3456}, "3456 puzzles"},
		{model.Page{Total: 1}, "1 puzzle"},
		{model.Page{Total: 0}, "0 puzzles"},
		{model.Page{Total: 10000, More: true}, "more than 10000 puzzles"},
		{model.Page{Total: 3456, More: true}, "more than 3400 puzzles"},
		{model.Page{Total: 99, More: true}, "more than 99 puzzles"},
		{model.Page{Total: 50, More: true}, "more than 50 puzzles"},
	} {
		if got := matches(tc.page); got != tc.want {
			t.Errorf("matches(%+v) = %q, want %q", tc.page, got, tc.want)
		}
	}
}
