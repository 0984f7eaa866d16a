package web

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"pencilbox"
)

// formSet creates a set through the form and adds ids to it (the last-set
// cookie then names it); it returns the set's id.
func formSet(t *testing.T, c *client, tok, name string, ids ...int64) string {
	t.Helper()
	r := c.post("/sets", url.Values{"csrf": {tok}, "name": {name}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("create set %s: %d %s", name, r.code, r.body)
	}
	id := strings.TrimPrefix(r.hdr.Get("Location"), "/sets/")
	if len(ids) > 0 {
		form := url.Values{"csrf": {tok}, "set": {id}, "what": {"ticked"}, "reuse": {"yes"}}
		for _, p := range ids {
			form.Add("id", fmt.Sprint(p))
		}
		if r := c.post("/sets/add", form); r.code != http.StatusSeeOther {
			t.Fatalf("add to %s: %d %s", name, r.code, r.body)
		}
	}
	return id
}

// selectedSet is the set the list's top add menu chooses ("" = none).
var selectedSetRe = regexp.MustCompile(`(?s)id="add-top".*?<option value="([^"]*)" selected`)

func selectedSet(t *testing.T, body string) string {
	t.Helper()
	m := selectedSetRe.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no set chosen in the add menu")
	}
	return m[1]
}

// TestAddToSetOfListKind: the list's "Add to set" chooses a set of the
// list's kind: the set added to last only when it holds that kind, else
// the latest set that does, else none. It chose the Akari set added to
// last on a Sudoku list.
func TestAddToSetOfListKind(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	sd := e.pick(pencilbox.Filter{Kind: "sudoku"}, 2)
	ak := e.pick(pencilbox.Filter{Kind: "akari"}, 2)
	akSet := formSet(t, c, tok, "Akari week", ak[0])
	if got := selectedSet(t, c.get("/puzzles?kind=sudoku").body); got != "" {
		t.Errorf("a Sudoku list with only an Akari set chooses set %q, want none", got)
	}
	if got := selectedSet(t, c.get("/puzzles?kind=akari").body); got != akSet {
		t.Errorf("an Akari list chooses set %q, want the Akari set %s", got, akSet)
	}
	sdSet := formSet(t, c, tok, "Sudoku week", sd[0])
	formSet(t, c, tok, "Akari later", ak[1]) // added to last
	if got := selectedSet(t, c.get("/puzzles?kind=sudoku").body); got != sdSet {
		t.Errorf("a Sudoku list chooses set %q, want the Sudoku set %s", got, sdSet)
	}
	// the puzzle's page chooses by the puzzle's kind
	m := regexp.MustCompile(`(?s)<select name="set" aria-label="set">.*?<option value="([^"]*)" selected`).FindStringSubmatch(c.get(fmt.Sprintf("/puzzles/%d", sd[1])).body)
	if m == nil || m[1] != sdSet {
		t.Errorf("a Sudoku's page chooses set %v, want the Sudoku set %s", m, sdSet)
	}
}

// TestListCountAndRecipeFirst: the match count and the recipe form come
// before the list of 50 rows, not below it.
func TestListCountAndRecipeFirst(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	body := c.get("/puzzles?kind=sudoku").body
	table := strings.Index(body, `<table class="puzzles"`)
	if table < 0 {
		t.Fatal("no list")
	}
	n := e.matches(pencilbox.Filter{Kind: "sudoku"})
	for what, mark := range map[string]string{
		"the match count": fmt.Sprintf(`id="matches">%d puzzles match`, n),
		"the recipe":      `id="recipe"`,
	} {
		if i := strings.Index(body, mark); i < 0 || i > table {
			t.Errorf("%s (%s) at %d, the list at %d", what, mark, i, table)
		}
	}
}

// TestSetsListKindsAndPublications: /sets says each set's kinds and where
// and when it was last published.
func TestSetsListKindsAndPublications(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	sd := e.pick(pencilbox.Filter{Kind: "sudoku"}, 2)
	ak := e.pick(pencilbox.Filter{Kind: "akari"}, 1)
	mixed := formSet(t, c, tok, "Mixed bag", sd[0], ak[0])
	formSet(t, c, tok, "Sudoku only", sd[1])
	formSet(t, c, tok, "Nothing yet")
	ctx := context.Background()
	var id int64
	fmt.Sscan(mixed, &id)
	for _, p := range [][2]string{{"Daily Times", "2026-11-20"}, {"Web", "2026-11-27"}} {
		if _, err := e.s.sets.Publish(ctx, id, p[0], p[1], 0); err != nil {
			t.Fatal(err)
		}
	}
	body := html.UnescapeString(c.get("/sets").body)
	row := func(name string) string {
		i := strings.Index(body, ">"+name+"</a>")
		if i < 0 {
			t.Fatalf("no row for %s", name)
		}
		j := strings.Index(body[i:], "</tr>")
		return body[i : i+j]
	}
	for name, want := range map[string][]string{
		"Mixed bag":   {"Akari (Light Up), Sudoku", "Web, 2026-11-27", "(2 publications)"},
		"Sudoku only": {">Sudoku<", ">never<"},
		"Nothing yet": {">empty<", ">never<"},
	} {
		r := regexp.MustCompile(`\s+`).ReplaceAllString(row(name), " ")
		r = strings.ReplaceAll(strings.ReplaceAll(r, "> ", ">"), " <", "<")
		for _, w := range want {
			if !strings.Contains(r, w) {
				t.Errorf("%s's row lacks %q: %s", name, w, r)
			}
		}
	}
}
