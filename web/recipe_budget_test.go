package web

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"pencilbox/library"
)

// TestRecipeBudgetRefused (issue 28): one request of many quotas was
// minutes of CPU. A recipe of more than library.MaxRecipeQuotas quotas is
// refused naming the limit, and one past the server's recipe budget is
// stopped saying so; neither makes a set.
func TestRecipeBudgetRefused(t *testing.T) {
	for _, tc := range []struct {
		what   string
		budget time.Duration
		recipe string
		says   string
	}{
		{"too many quotas", 0, strings.Repeat("rank=1:1, ", library.MaxRecipeQuotas+1), fmt.Sprintf("a recipe takes at most %d", library.MaxRecipeQuotas)},
		{"past the budget", time.Nanosecond, "rank=1:1, rank=2:1", "stopped at its time budget"},
	} {
		e := newTestEnv(t, func(c *Config) { c.RecipeBudget = tc.budget })
		c := e.client()
		tok := c.login()
		sets := len(e.sets())
		r := c.post("/sets/build", url.Values{"csrf": {tok}, "filter": {"kind=sudoku"}, "back": {"/puzzles?kind=sudoku"},
			"recipe": {tc.recipe}, "seed": {"1"}, "name": {"Week 50"}})
		if r.code != http.StatusBadRequest {
			t.Errorf("%s: %d, want the list again (400)", tc.what, r.code)
			continue
		}
		if page := html.UnescapeString(r.body); !strings.Contains(page, tc.says) {
			t.Errorf("%s: the list does not say %q", tc.what, tc.says)
		}
		if n := len(e.sets()); n != sets {
			t.Errorf("%s: %d sets made", tc.what, n-sets)
		}
	}
}
