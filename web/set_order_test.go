package web

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/web/model"
)

// setOrder reads a set's puzzle ids in order through the JSON API.
func setOrder(t *testing.T, c *client, id string) []int64 {
	t.Helper()
	var set model.Set
	if err := json.Unmarshal([]byte(c.get("/api/sets/"+id).body), &set); err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, p := range set.Items {
		got = append(got, p.ID)
	}
	return got
}

// newSet makes a set holding ids (in that order) and returns its id.
func newSet(t *testing.T, c *client, tok, name string, ids []int64) string {
	t.Helper()
	r := c.post("/sets", url.Values{"csrf": {tok}, "name": {name}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("create set: %d", r.code)
	}
	id := strings.TrimPrefix(r.hdr.Get("Location"), "/sets/")
	form := url.Values{"csrf": {tok}, "set": {id}, "what": {"ticked"}}
	for _, p := range ids {
		form.Add("id", fmt.Sprint(p))
	}
	if r := c.post("/sets/add", form); r.code != http.StatusSeeOther {
		t.Fatalf("add: %d %s", r.code, r.body)
	}
	return id
}

// TestSetOrdering: an editor sorts a set by difficulty, moves a row (as
// the page's script does, answered with the table alone, and as a plain
// form, sent back to the row's anchor), removes one, and each Undo puts
// back exactly the order before the last change.
func TestSetOrdering(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	// four Sudoku of different stars, hardest first
	var hard []int64
	for _, rank := range []int{8, 6, 4, 2} {
		ids := e.pick(pencilbox.Filter{Kind: "sudoku", RankMin: rank, RankMax: rank}, 1)
		if len(ids) == 0 {
			t.Fatalf("the sample has no %d-star Sudoku", rank)
		}
		hard = append(hard, ids[0])
	}
	easy := slices.Clone(hard)
	slices.Reverse(easy)
	id := newSet(t, c, tok, "week", hard)
	base := "/sets/" + id

	steps := []struct {
		what, path string
		form       url.Values
		want       []int64
		say        string // in the answer (the part) or the next page (the flash)
	}{
		{"sort", base + "/sort", url.Values{"part": {"items"}}, easy, "Sorted by difficulty, easiest first"},
		{"undo the sort", base + "/undo", url.Values{"part": {"items"}}, hard, "Undone: sorted by difficulty"},
		{"nothing left to undo", base + "/undo", url.Values{"part": {"items"}}, hard, "Nothing to undo"},
		{"move the last to the top", base + "/move", url.Values{"part": {"items"}, "puzzle": {fmt.Sprint(hard[3])}, "pos": {"1"}},
			[]int64{hard[3], hard[0], hard[1], hard[2]}, ""},
		{"undo the move", base + "/undo", url.Values{"part": {"items"}}, hard, fmt.Sprintf("Undone: puzzle %d moved from position 4 to 1", hard[3])},
		{"remove one", base + "/remove", url.Values{"part": {"items"}, "puzzle": {fmt.Sprint(hard[1])}}, []int64{hard[0], hard[2], hard[3]}, fmt.Sprintf("Puzzle %d removed", hard[1])},
		{"undo the removal", base + "/undo", url.Values{"part": {"items"}}, hard, fmt.Sprintf("Undone: puzzle %d removed", hard[1])},
	}
	for _, s := range steps {
		s.form.Set("csrf", tok)
		r := c.post(s.path, s.form)
		body := html.UnescapeString(r.body)
		if r.code != http.StatusOK || !strings.Contains(body, `<section id="items"`) || strings.Contains(body, "<html") {
			t.Fatalf("%s: %d, want the set's table alone: %.300s", s.what, r.code, body)
		}
		if !strings.Contains(body, s.say) {
			t.Errorf("%s: the answer does not say %q: %.1000s", s.what, s.say, body)
		}
		if got := setOrder(t, c, id); fmt.Sprint(got) != fmt.Sprint(s.want) {
			t.Errorf("%s: order %v, want %v", s.what, got, s.want)
		}
	}

	// without the script: back to the set page at the moved row
	r := c.post(base+"/move", url.Values{"csrf": {tok}, "puzzle": {fmt.Sprint(hard[0])}, "pos": {"3"}})
	if want := base + fmt.Sprintf("#p%d", hard[0]); r.code != http.StatusSeeOther || r.hdr.Get("Location") != want {
		t.Errorf("plain move: %d to %q, want %q", r.code, r.hdr.Get("Location"), want)
	}
	page := html.UnescapeString(c.get(base).body)
	for _, w := range []string{fmt.Sprintf(`id="p%d"`, hard[0]), fmt.Sprintf("Undo: puzzle %d moved from position 1 to 3", hard[0]), "<th>Score</th>", "Sort by difficulty"} {
		if !strings.Contains(page, w) {
			t.Errorf("the set page after a move lacks %q", w)
		}
	}
	if r := c.post(base+"/undo", url.Values{"csrf": {tok}}); r.code != http.StatusSeeOther || !strings.HasPrefix(r.hdr.Get("Location"), base) {
		t.Errorf("plain undo: %d to %q", r.code, r.hdr.Get("Location"))
	}
	if got := setOrder(t, c, id); fmt.Sprint(got) != fmt.Sprint(hard) {
		t.Errorf("after the plain undo: %v, want %v", got, hard)
	}
}

// TestSortByER: a set whose puzzles all have an ER is sorted by it, and
// its table has the ER column.
func TestSortByER(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	// SQL: four distinct ratings, which no filter picks
	ids := e.ids(`SELECT id FROM puzzles WHERE scale1 > 0 GROUP BY scale1 ORDER BY scale1 DESC LIMIT 4`)
	if len(ids) < 3 {
		t.Skipf("the sample has %d puzzles of distinct ER", len(ids))
	}
	want := slices.Clone(ids)
	slices.Reverse(want)
	id := newSet(t, c, tok, "by er", ids)
	r := c.post("/sets/"+id+"/sort", url.Values{"csrf": {tok}, "part": {"items"}})
	if !strings.Contains(r.body, "<th>ER</th>") || !strings.Contains(r.body, "(ER, then stars, then score)") {
		t.Errorf("sorted set of rated puzzles: %.1000s", r.body)
	}
	if got := setOrder(t, c, id); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sorted by ER: %v, want %v", got, want)
	}
}

// TestSortSaysPending: a set holding a puzzle whose ER the queue has not
// rated is sorted by stars, and the flash and the button say why: the
// ER of that puzzle is still pending.
func TestSortSaysPending(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	ids := e.ids(`SELECT id FROM puzzles WHERE scale1 > 0 GROUP BY scale1 ORDER BY scale1 DESC LIMIT 4`)
	if len(ids) < 3 {
		t.Skipf("the sample has %d puzzles of distinct ER", len(ids))
	}
	// SQL: the queue has not reached the first
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL WHERE id = ?`, ids[0]); err != nil {
		t.Fatal(err)
	}
	id := newSet(t, c, tok, "some pending", ids)
	r := c.post("/sets/"+id+"/sort", url.Values{"csrf": {tok}, "part": {"items"}})
	if want := "(stars, then score: the ER of 1 puzzle is still pending)"; !strings.Contains(html.UnescapeString(r.body), want) {
		t.Errorf("sorted set with a pending puzzle lacks %q: %.1500s", want, r.body)
	}
}

// TestDeleteSetAsksFirst: the set page's Delete button asks, naming the
// set and its size, and deletes nothing; the confirm deletes it.
func TestDeleteSetAsksFirst(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	id := newSet(t, c, tok, "January", []int64{1, 2, 3})
	r := c.post("/sets/"+id+"/delete", url.Values{"csrf": {tok}})
	body := html.UnescapeString(r.body)
	if r.code != http.StatusOK || !strings.Contains(body, "Delete the set January?") || !strings.Contains(body, "3 puzzles") ||
		!strings.Contains(body, `name="confirm" value="yes"`) {
		t.Errorf("delete without confirm: %d %.500s", r.code, body)
	}
	if r := c.get("/sets/" + id); r.code != http.StatusOK {
		t.Fatalf("the set was deleted without the confirm")
	}
	r = c.post("/sets/"+id+"/delete", url.Values{"csrf": {tok}, "confirm": {"yes"}})
	// SQL: no undo row may outlive its set, and no page shows undo rows
	if r.code != http.StatusSeeOther || c.get("/sets/"+id).code != http.StatusNotFound || e.count(`SELECT count(*) FROM set_undo`) != 0 {
		t.Errorf("confirmed delete: %d, set or its undo still there", r.code)
	}
}
