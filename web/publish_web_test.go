package web

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestPublishFromSetPage: an editor marks a set published (outlet, date)
// on its page, twice in two outlets; the set page lists both, each puzzle
// page names the set (and position) and the publications, the list's
// published filter finds exactly the set's puzzles; the same outlet and
// date again, a bad date and a missing outlet are refused in words.
func TestPublishFromSetPage(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	id := newSet(t, c, tok, "Week 49", []int64{4, 9})
	steps := []struct {
		what, outlet, date string
		say                string
	}{
		{"the paper", "Daily Times", "2026-12-01", "Published in Daily Times on 2026-12-01: its 2 puzzles keep the record."},
		{"the web site", "times.example", "2026-12-08", "Published in times.example on 2026-12-08"},
		{"the paper again", "Daily Times", "2026-12-01", "already published in Daily Times on 2026-12-01"},
		{"a bad date", "Daily Times", "1 Dec", "write it as YYYY-MM-DD"},
		{"no outlet", " ", "2026-12-02", "An outlet needs a name"},
	}
	for i, s := range steps {
		r := c.post("/sets/"+id+"/publish", url.Values{"csrf": {tok}, "outlet": {s.outlet}, "date": {s.date}})
		page := html.UnescapeString(r.body)
		if i < 2 {
			if r.code != http.StatusSeeOther || r.hdr.Get("Location") != "/sets/"+id+"#publications" {
				t.Fatalf("%s: %d to %q", s.what, r.code, r.hdr.Get("Location"))
			}
			page = html.UnescapeString(c.get("/sets/" + id).body)
		} else if r.code != http.StatusBadRequest || !strings.Contains(page, `value="`+s.date+`"`) {
			// refused: the set page again, the form as sent
			t.Errorf("%s: %d, want the set page (400) with the date as sent", s.what, r.code)
		}
		if !strings.Contains(page, s.say) {
			t.Errorf("%s: the set page does not say %q", s.what, s.say)
		}
	}
	if n := e.publications(); n != 2 {
		t.Errorf("%d publications stored, want 2", n)
	}
	page := c.get("/sets/" + id).body
	for _, w := range []string{"<td>2026-12-01</td><td>Daily Times</td><td>2</td>", "<td>2026-12-08</td><td>times.example</td>", `<option value="Daily Times">`} {
		if !strings.Contains(page, w) {
			t.Errorf("the set page lacks %s", w)
		}
	}
	p := html.UnescapeString(c.get("/puzzles/9").body)
	for _, w := range []string{`href="/sets/` + id + `">Week 49</a>, position 2`, "Daily Times, 2026-12-01 (set Week 49, position 2)", "times.example, 2026-12-08"} {
		if !strings.Contains(p, w) {
			t.Errorf("puzzle 9's page lacks %q", w)
		}
	}
	if p := c.get("/puzzles/10").body; !strings.Contains(p, `<dd id="published">never`) || !strings.Contains(p, `<dd id="insets">none`) {
		t.Errorf("an unused puzzle's page does not say it is in no set and never published")
	}
	list := c.get("/puzzles?published=yes").body
	if n := strings.Count(list, `class="pid"`); n != 2 || !strings.Contains(list, `href="/puzzles/4"`) || !strings.Contains(list, `href="/puzzles/9"`) {
		t.Errorf("published=yes lists %d puzzles, want 4 and 9", n)
	}
	if list := c.get("/puzzles?outlet=times.example&in_set=Week+49").body; strings.Count(list, `class="pid"`) != 2 {
		t.Errorf("outlet and in_set filters: %d rows", strings.Count(list, `class="pid"`))
	}
	form := c.get("/puzzles").body
	for _, w := range []string{`<select name="published">`, `<select name="in_set">`, `<option value="Week 49">in Week 49</option>`, `<datalist id="filter-outlets"><option value="Daily Times">`} {
		if !strings.Contains(form, w) {
			t.Errorf("the filter form lacks %s", w)
		}
	}
}

// TestReuseAsksFirst: adding puzzles of which some are in another set or
// published answers with a page naming them and why, and adds nothing;
// its confirm adds them all, its other button only the unused ones; a
// filter's add asks the same way.
func TestReuseAsksFirst(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	jan := newSet(t, c, tok, "January", []int64{1, 2})
	if r := c.post("/sets/"+jan+"/publish", url.Values{"csrf": {tok}, "outlet": {"Daily Times"}, "date": {"2026-01-05"}}); r.code != http.StatusSeeOther {
		t.Fatal(r.code)
	}
	feb := newSet(t, c, tok, "February", nil)
	back := "/puzzles?kind=sudoku"
	r := c.post("/sets/add?at=bottom", url.Values{"csrf": {tok}, "set": {feb}, "what": {"ticked"}, "id": {"1", "3", "2"}, "back": {back}})
	body := html.UnescapeString(r.body)
	if r.code != http.StatusConflict || !strings.Contains(body, "2 puzzles of those you are adding to the set") {
		t.Fatalf("adding used puzzles: %d %.500s", r.code, body)
	}
	for _, w := range []string{`in set "January" (position 1); published in Daily Times on 2026-01-05 (set "January")`, `name="reuse" value="yes"`,
		`Add only the 1 unused puzzle`, `action="/sets/add?at=bottom"`, `href="/puzzles?kind=sudoku">Cancel`} {
		if !strings.Contains(body, w) {
			t.Errorf("the confirm page lacks %q", w)
		}
	}
	if n := len(setOrder(t, c, feb)); n != 0 {
		t.Fatalf("the refused add put %d puzzles in February", n)
	}
	// "only the unused ones", then "all anyway", as the page's forms send them
	forms := regexp2Forms(body)
	if len(forms) != 2 {
		t.Fatalf("the confirm page has %d forms, want 2", len(forms))
	}
	for i, want := range []string{"[3]", "[3 1 2]"} {
		f := forms[len(forms)-1-i]
		f.Set("csrf", tok)
		r := c.post("/sets/add?at=bottom", f)
		if r.code != http.StatusSeeOther || r.hdr.Get("Location") != back+"#add-bottom" {
			t.Errorf("confirm %d: %d to %q", i, r.code, r.hdr.Get("Location"))
		}
		if got := fmt.Sprint(setOrder(t, c, feb)); got != want {
			t.Errorf("confirm %d: February holds %s, want %s", i, got, want)
		}
	}
	// a filter's add: the puzzles of January are used
	mar := newSet(t, c, tok, "March", nil)
	r = c.post("/sets/add", url.Values{"csrf": {tok}, "set": {mar}, "what": {"filter"}, "filter": {"in_set=January"}})
	if r.code != http.StatusConflict || !strings.Contains(r.body, `name="what" value="filter"`) || !strings.Contains(r.body, `name="filter" value="in_set=January"`) {
		t.Errorf("a filter of used puzzles: %d %.300s", r.code, r.body)
	}
}

var (
	formRe   = regexp.MustCompile(`(?s)<form class="confirm"[^>]*>(.*?)</form>`)
	hiddenRe = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)"`)
)

// regexp2Forms reads the hidden fields of a page's confirm forms.
func regexp2Forms(body string) []url.Values {
	var out []url.Values
	for _, m := range formRe.FindAllStringSubmatch(body, -1) {
		v := url.Values{}
		for _, h := range hiddenRe.FindAllStringSubmatch(m[1], -1) {
			v.Add(h[1], html.UnescapeString(h[2]))
		}
		out = append(out, v)
	}
	return out
}

// TestBuildFromRecipe: the list's recipe form builds a set of unused
// puzzles of the filter, easy to hard; the same seed builds the same set
// again once the first is deleted; a second week takes none of the
// first's; a recipe the library cannot fill builds nothing and says which
// quota is short.
func TestBuildFromRecipe(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	build := func(name, set, recipe, seed string) resp {
		return c.post("/sets/build", url.Values{"csrf": {tok}, "filter": {"kind=sudoku"}, "back": {"/puzzles?kind=sudoku"},
			"recipe": {recipe}, "seed": {seed}, "name": {name}, "set": {set}})
	}
	const recipe = "rank=1:1, rank=2:1, rank=5-6:2"
	ranks := func(id string) string {
		var out []string
		for _, p := range setOrder(t, c, id) {
			out = append(out, fmt.Sprint(e.puzzle(p).Rank))
		}
		return strings.Join(out, " ")
	}
	r := build("Week 1", "", recipe, "7")
	if r.code != http.StatusSeeOther || !strings.HasPrefix(r.hdr.Get("Location"), "/sets/") {
		t.Fatalf("build: %d %q", r.code, r.hdr.Get("Location"))
	}
	w1 := strings.TrimPrefix(r.hdr.Get("Location"), "/sets/")
	if page := html.UnescapeString(c.get("/sets/" + w1).body); !strings.Contains(page, `Built set "Week 1": 4 puzzles from recipe rank=1:1, rank=2:1, rank=5-6:2, seed 7`) {
		t.Errorf("the set page does not say what was built")
	}
	first := setOrder(t, c, w1)
	if got := ranks(w1); len(first) != 4 || !strings.HasPrefix(got, "1 2 ") {
		t.Errorf("week 1's ranks %q, want 1 2 then two of 5-6", got)
	}
	r = build("Week 2", "", recipe, "7")
	w2 := strings.TrimPrefix(r.hdr.Get("Location"), "/sets/")
	for _, p := range setOrder(t, c, w2) {
		for _, q := range first {
			if p == q {
				t.Errorf("week 2 holds puzzle %d of week 1", p)
			}
		}
	}
	// the same seed on the same library: the same puzzles
	c.post("/sets/"+w1+"/delete", url.Values{"csrf": {tok}, "confirm": {"yes"}})
	c.post("/sets/"+w2+"/delete", url.Values{"csrf": {tok}, "confirm": {"yes"}})
	r = build("Week 1 again", "", recipe, "7")
	again := strings.TrimPrefix(r.hdr.Get("Location"), "/sets/")
	if got := setOrder(t, c, again); fmt.Sprint(got) != fmt.Sprint(first) {
		t.Errorf("seed 7 again built %v, first %v", got, first)
	}
	// extending: into the chosen set
	r = build("", again, "rank=3:1", "1")
	if n := len(setOrder(t, c, again)); r.code != http.StatusSeeOther || n != 5 {
		t.Errorf("extend: %d, %d puzzles", r.code, n)
	}
	for _, tc := range []struct{ what, name, recipe, seed, say string }{
		{"short", "Week 3", "rank=1:5000", "1", "the recipe cannot be filled: rank=1:5000 wants 5000"},
		{"bad recipe", "Week 3", "rank 1", "1", "write FIELD=RANGE:COUNT"},
		{"bad seed", "Week 3", "rank=1:1", "abc", `Seed "abc": write a whole number`},
		{"no name", "", "rank=1:1", "1", "Name the new set"},
	} {
		sets := len(e.sets())
		r := build(tc.name, "", tc.recipe, tc.seed)
		// the list again, the recipe's panel open and filled as sent
		if r.code != http.StatusBadRequest {
			t.Errorf("%s: %d, want the list again (400)", tc.what, r.code)
			continue
		}
		if page := html.UnescapeString(r.body); !strings.Contains(strings.ToLower(page), strings.ToLower(tc.say)) {
			t.Errorf("%s: the list does not say %q", tc.what, tc.say)
		}
		if len(e.sets()) != sets {
			t.Errorf("%s: a set was made", tc.what)
		}
	}
}
