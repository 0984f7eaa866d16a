package web

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pencilbox"
)

// TestDashboardSecondProgress: while the background fill has Sudoku
// puzzles to rate, the dashboard says "ER: N of M rated"; once done, it
// says nothing.
func TestDashboardSecondProgress(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	// Done (the rows still waiting in the seed marked as seen). SQL: an
	// upgraded library's unrated rows are a state no page builds.
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 1 WHERE kind = 'sudoku'`); err != nil {
		t.Fatal(err)
	}
	if r := c.get("/"); strings.Contains(r.body, "scale-progress") {
		t.Errorf("a filled library shows the ER progress")
	}
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL WHERE kind = 'sudoku' AND id % 3 = 0`); err != nil {
		t.Fatal(err)
	}
	total := e.matches(pencilbox.Filter{Kind: "sudoku"})
	pending := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	if pending == 0 {
		t.Fatal("nothing left to rate")
	}
	r := c.get("/")
	want := fmt.Sprintf(`id="scale-progress-sudoku">ER: %d of %d rated<`, total-pending, total)
	if !strings.Contains(r.body, want) {
		t.Errorf("dashboard lacks %q", want)
	}
	if strings.Contains(r.body, "scale-progress-akari") {
		t.Error("the dashboard shows ER progress for Akari, which has no second rating")
	}
}

// TestAPISecondRating: the list API filters by an ER range and sorts by
// ER; each puzzle carries er, ep, ed and er_technique (absent where
// there is none), the same as the database holds; a bad range is a 400
// saying what to write.
func TestAPISecondRating(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	// SQL: the oracle of the ER filter, written apart from the store's
	// query builder.
	inRange := e.count(`SELECT count(*) FROM puzzles WHERE scale1 BETWEEN 3.0 AND 4.5`)
	if inRange == 0 || inRange >= 50 {
		t.Fatalf("the sample has %d puzzles of ER 3.0-4.5; the test needs some, under a page", inRange)
	}
	r := c.get("/api/puzzles?er=3.0-4.5&sort=er&order=desc")
	var pg struct {
		Puzzles []map[string]any `json:"puzzles"`
		Total   int              `json:"total"`
	}
	if err := json.Unmarshal([]byte(r.body), &pg); err != nil || r.code != 200 {
		t.Fatalf("%d %v: %.300s", r.code, err, r.body)
	}
	if pg.Total != inRange || len(pg.Puzzles) != inRange {
		t.Errorf("er=3.0-4.5: total %d, %d rows; the database has %d", pg.Total, len(pg.Puzzles), inRange)
	}
	prev := 99.0
	for _, p := range pg.Puzzles {
		er, _ := p["er"].(float64)
		if er < 3.0 || er > 4.5 || er > prev {
			t.Errorf("puzzle %v: er %v (after %v) in a list of 3.0-4.5 by ER descending", p["id"], p["er"], prev)
		}
		prev = er
		id, _ := p["id"].(float64)
		stored := e.puzzle(int64(id))
		ep, ed, tech := stored.Scales[1], stored.Scales[2], stored.ScaleNote
		if p["ep"] != ep || p["ed"] != ed || p["er_technique"] != tech {
			t.Errorf("puzzle %v: ep %v ed %v technique %v; stored %v %v %q", p["id"], p["ep"], p["ed"], p["er_technique"], ep, ed, tech)
		}
	}
	// One puzzle: the same fields; a puzzle without a rating has none.
	id := e.first(pencilbox.Filter{ScaleMin: 0.1})
	var one map[string]any
	json.Unmarshal([]byte(c.get(fmt.Sprintf("/api/puzzles/%d", id)).body), &one)
	for _, k := range []string{"er", "ep", "ed", "er_technique"} {
		if _, ok := one[k]; !ok {
			t.Errorf("puzzle %d: no %q in %v", id, k, keys(one))
		}
	}
	id = e.pick(pencilbox.Filter{Kind: "akari"}, 1)[0]
	one = nil
	json.Unmarshal([]byte(c.get(fmt.Sprintf("/api/puzzles/%d", id)).body), &one)
	if _, ok := one["er"]; ok {
		t.Errorf("an Akari has an ER: %v", one["er"])
	}
	for _, bad := range []string{"7.5-6.5", "x", "-"} {
		if r := c.get("/api/puzzles?er=" + url.QueryEscape(bad)); r.code != 400 || !strings.Contains(r.body, "ER") {
			t.Errorf("er=%s: %d %.200s", bad, r.code, r.body)
		}
	}
}

// TestListAndDashboardER: the list shows an ER column and keeps the
// range in its form; the dashboard's ER histogram links each bar to the
// list of its range, which holds as many puzzles as the bar says.
func TestListAndDashboardER(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	r := c.get("/puzzles?er=3.0-4.5&sort=er")
	if !strings.Contains(r.body, `<th>ER</th>`) || !strings.Contains(r.body, `name="er" size="7" placeholder="6.5-7.5" value="3.0-4.5"`) {
		t.Errorf("list page lacks the ER column or keeps no range: %.500s", r.body)
	}
	// SQL: the ER filter's oracle, apart from the store's query builder
	if n := strings.Count(r.body, `<td class="scale"`); n != e.count(`SELECT count(*) FROM puzzles WHERE scale1 BETWEEN 3.0 AND 4.5`) {
		t.Errorf("%d ER cells", n)
	}
	d := c.get("/")
	bars := regexp.MustCompile(`<a class="barlink" href="(/puzzles\?kind=sudoku&amp;er=[^"]+)"><rect[^>]*><title>([0-9.]+): ([0-9]+)</title>`).FindAllStringSubmatch(d.body, -1)
	if len(bars) < 3 {
		t.Fatalf("the dashboard has %d ER bars", len(bars))
	}
	total := 0
	for _, b := range bars {
		n, _ := strconv.Atoi(b[3])
		total += n
		u := strings.ReplaceAll(b[1], "&amp;", "&")
		var pg struct {
			Total int `json:"total"`
		}
		json.Unmarshal([]byte(c.get("/api"+u+"&limit=1").body), &pg)
		if pg.Total != n {
			t.Errorf("bar %s says %d; its list %s holds %d", b[2], n, u, pg.Total)
		}
	}
	// SQL: the histogram's oracle, apart from the store's query
	if want := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale1 IS NOT NULL`); total != want {
		t.Errorf("the ER bars count %d puzzles, the library rated %d", total, want)
	}
	if !strings.Contains(d.body, `href="/puzzles?kind=sudoku&amp;rank=7"`) {
		t.Error("the star bars link to no list")
	}
}

// TestStepPart: ?part=step answers the step's board and sentence alone,
// far smaller than the page, and keeps the step log chosen.
func TestStepPart(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	// SQL: the largest board, an order no filter has
	id := e.ids(`SELECT id FROM puzzles WHERE kind = 'akari' AND rank >= 3 ORDER BY width * height DESC LIMIT 1`)[0]
	page := c.get(fmt.Sprintf("/puzzles/%d?step=2", id))
	part := c.get(fmt.Sprintf("/puzzles/%d?step=2&part=step", id))
	if page.code != 200 || part.code != 200 {
		t.Fatalf("page %d, part %d: %.200s", page.code, part.code, part.body)
	}
	if !strings.Contains(part.body, `class="stepview"`) || !strings.Contains(part.body, "Step 2 of") ||
		strings.Contains(part.body, "steplist") || strings.Contains(part.body, "<html") {
		t.Errorf("the part is not the step alone: %.300s", part.body)
	}
	if len(part.body)*2 > len(page.body) {
		t.Errorf("the part is %d bytes, the page %d", len(part.body), len(page.body))
	}
	sid := e.first(pencilbox.Filter{ScaleMin: 0.1})
	stars := c.get(fmt.Sprintf("/puzzles/%d?steps=stars&step=1&part=step", sid))
	if !strings.Contains(stars.body, "steps=stars") {
		t.Errorf("the star steps' part links on without them: %.300s", stars.body)
	}
	if r := c.get(fmt.Sprintf("/puzzles/%d?steps=nope", sid)); r.code != 400 {
		t.Errorf("steps=nope: %d", r.code)
	}
}
