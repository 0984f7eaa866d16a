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
	for _, s := range steps {
		r := c.post("/sets/"+id+"/publish", url.Values{"csrf": {tok}, "outlet": {s.outlet}, "date": {s.date}})
		if r.code != http.StatusSeeOther || r.hdr.Get("Location") != "/sets/"+id+"#publications" {
			t.Fatalf("%s: %d to %q", s.what, r.code, r.hdr.Get("Location"))
		}
		if page := html.UnescapeString(c.get("/sets/" + id).body); !strings.Contains(page, s.say) {
			t.Errorf("%s: the set page does not say %q", s.what, s.say)
		}
	}
	if n := e.count(`SELECT count(*) FROM publications`); n != 2 {
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
	if n := e.count(`SELECT count(*) FROM set_items WHERE set_id = ?`, feb); n != 0 {
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
