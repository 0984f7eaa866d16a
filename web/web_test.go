package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/web/model"
)

func TestUnauthenticatedRedirectsToLogin(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	// every route but these needs a login; a route added later without
	// a case below fails the test
	public := map[string]bool{"GET /static/*": true, "GET /login": true, "POST /login": true, "POST /logout": true}
	cases := map[string]string{ // route -> the path asked
		"GET /":                      "/",
		"GET /puzzles":               "/puzzles?kind=sudoku&page=2",
		"GET /puzzles/:id":           "/puzzles/1",
		"POST /puzzles/:id/tags":     "/puzzles/1/tags",
		"GET /export":                "/export?format=csv",
		"GET /booklet":               "/booklet?kind=sudoku",
		"GET /import":                "/import",
		"POST /import":               "/import",
		"GET /import/:id":            "/import/1",
		"POST /import/:id/cancel":    "/import/1/cancel",
		"GET /generate":              "/generate",
		"POST /generate":             "/generate",
		"GET /sets":                  "/sets",
		"POST /sets":                 "/sets",
		"POST /sets/add":             "/sets/add",
		"POST /sets/build":           "/sets/build",
		"GET /sets/:id":              "/sets/1",
		"POST /sets/:id/edit":        "/sets/1/edit",
		"POST /sets/:id/move":        "/sets/1/move",
		"POST /sets/:id/remove":      "/sets/1/remove",
		"POST /sets/:id/sort":        "/sets/1/sort",
		"POST /sets/:id/undo":        "/sets/1/undo",
		"POST /sets/:id/publish":     "/sets/1/publish",
		"POST /sets/:id/reopen":      "/sets/1/reopen",
		"POST /sets/:id/delete":      "/sets/1/delete",
		"GET /sets/:id/export":       "/sets/1/export?format=json",
		"GET /sets/:id/booklet":      "/sets/1/booklet",
		"GET /audit":                 "/audit",
		"GET /users":                 "/users",
		"POST /users":                "/users",
		"POST /users/:name/role":     "/users/curator/role",
		"GET /api/puzzles":           "/api/puzzles",
		"GET /api/puzzles/:id":       "/api/puzzles/1",
		"GET /api/sets":              "/api/sets",
		"GET /api/sets/:id":          "/api/sets/1",
		"GET /api/jobs/:id":          "/api/jobs/1",
		"GET /queue":                 "/queue",
		"POST /queue/cancel":         "/queue/cancel",
		"POST /queue/resume":         "/queue/resume",
		"GET /api/queue":             "/api/queue",
		"POST /api/jobs/:id/cancel":  "/api/jobs/1/cancel",
		"POST /users/:name/password": "/users/curator/password",
		"POST /users/:name/disable":  "/users/curator/disable",
		"POST /users/:name/enable":   "/users/curator/enable",
		"POST /users/:name/delete":   "/users/curator/delete",
		"GET /account":               "/account",
		"POST /account/password":     "/account/password",
		"POST /account/logout-all":   "/account/logout-all",
	}
	tok := c.token("/login") // a valid CSRF token, no session
	before := fmt.Sprint(len(e.sets()), len(e.jobs()), e.tagCount(), e.withRole(pencilbox.RoleAdmin))
	seen := 0
	for _, rt := range e.s.e.Routes() {
		if rt.Method != http.MethodGet && rt.Method != http.MethodPost {
			continue // echo's own not-found routes
		}
		route := rt.Method + " " + rt.Path
		if public[route] {
			continue
		}
		p, ok := cases[route]
		if !ok {
			t.Errorf("%s: no case here: add one", route)
			continue
		}
		seen++
		var r resp
		if rt.Method == http.MethodGet {
			r = c.get(p)
		} else {
			r = c.post(p, url.Values{"csrf": {tok}, "name": {"x"}, "set": {"1"}, "what": {"filter"}, "text": {"x"}, "puzzle": {"1"}, "pos": {"1"}, "tags": {"x"}, "role": {"viewer"}, "password": {testPass}})
		}
		switch {
		case strings.HasPrefix(p, "/api/"):
			if r.code != http.StatusUnauthorized || !strings.Contains(r.body, `"error"`) {
				t.Errorf("%s %s: %d %.200s, want 401 JSON", rt.Method, p, r.code, r.body)
			}
		case r.code != http.StatusSeeOther || !strings.HasPrefix(r.hdr.Get("Location"), "/login?next="):
			t.Errorf("%s %s: %d %q, want 303 to /login", rt.Method, p, r.code, r.hdr.Get("Location"))
		}
	}
	if seen != len(cases) {
		t.Errorf("%d of the %d cases are routes", seen, len(cases))
	}
	if sets, jobs, tags, admins := len(e.sets()), len(e.jobs()), e.tagCount(), e.withRole(pencilbox.RoleAdmin); fmt.Sprint(sets, jobs, tags, admins) != before {
		t.Errorf("the refused posts changed the sets, jobs, tags and admins counts from %s to %d %d %d %d", before, sets, jobs, tags, admins)
	}
	r := c.get("/login")
	if r.code != 200 || !strings.Contains(r.body, `name="username"`) || !strings.Contains(r.body, `name="password"`) || !csrfRe.MatchString(r.body) {
		t.Errorf("login page: %d %s", r.code, r.body)
	}
}

func TestLoginCSRFAndSession(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.token("/login")
	// no token, wrong token: 403 before the password is even looked at
	for _, form := range []url.Values{
		{"username": {testUser}, "password": {testPass}},
		{"csrf": {tok + "x"}, "username": {testUser}, "password": {testPass}},
	} {
		if r := c.post("/login", form); r.code != http.StatusForbidden {
			t.Errorf("login without a valid token: %d, want 403", r.code)
		}
	}
	// a fresh client has no cookie: even a well-formed token is refused
	if r := e.client().post("/login", url.Values{"csrf": {tok}, "username": {testUser}, "password": {testPass}}); r.code != http.StatusForbidden {
		t.Errorf("login with another client's token: %d, want 403", r.code)
	}
	r := c.post("/login", url.Values{"csrf": {tok}, "username": {testUser}, "password": {"wrong"}})
	if r.code != http.StatusUnauthorized || !strings.Contains(r.body, "Wrong user name or password") {
		t.Errorf("wrong password: %d", r.code)
	}
	r = c.post("/login", url.Values{"csrf": {tok}, "username": {testUser}, "password": {testPass}, "next": {"/sets"}})
	if r.code != http.StatusSeeOther || r.hdr.Get("Location") != "/sets" {
		t.Fatalf("login: %d %q", r.code, r.hdr.Get("Location"))
	}
	var sc *http.Cookie
	for _, ck := range (&http.Response{Header: r.hdr}).Cookies() {
		if ck.Name == cookieSession {
			sc = ck
		}
	}
	if sc == nil || !sc.HttpOnly || sc.SameSite == http.SameSiteNoneMode || sc.SameSite == 0 {
		t.Fatalf("session cookie %+v: want HttpOnly and SameSite", sc)
	}
	if r := c.get("/"); r.code != 200 || !strings.Contains(r.body, "Dashboard") {
		t.Fatalf("dashboard after login: %d", r.code)
	}
	// an open redirect is refused
	c2 := e.client()
	tok2 := c2.token("/login")
	r = c2.post("/login", url.Values{"csrf": {tok2}, "username": {testUser}, "password": {testPass}, "next": {"//evil.example/"}})
	if r.hdr.Get("Location") != "/" {
		t.Errorf("next=//evil: redirected to %q", r.hdr.Get("Location"))
	}
	// logout ends the server-side session
	tok = c.token("/")
	if r := c.post("/logout", url.Values{"csrf": {tok}}); r.code != http.StatusSeeOther {
		t.Fatalf("logout: %d", r.code)
	}
	if r := c.get("/"); r.code != http.StatusSeeOther {
		t.Errorf("after logout: %d, want 303", r.code)
	}
	// the logged-out session's cookie, sent again, opens nothing: the
	// server forgot it, not only the browser; c2's session remains
	replay := e.client()
	replay.hc.Jar.SetCookies(mustURL(t, e.srv.URL), []*http.Cookie{{Name: sc.Name, Value: sc.Value}})
	if r := replay.get("/"); r.code != http.StatusSeeOther || !strings.HasPrefix(r.hdr.Get("Location"), "/login") {
		t.Errorf("the logged-out session's cookie sent again: %d to %q, want 303 to the login", r.code, r.hdr.Get("Location"))
	}
	if r := c2.get("/"); r.code != 200 || !strings.Contains(r.body, "Dashboard") {
		t.Errorf("the other session after a logout: %d, want the dashboard", r.code)
	}
}

// mustURL parses a URL the test made.
func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestLoginRateLimit(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.LoginRate = 3 })
	c := e.client()
	tok := c.token("/login")
	codes := []int{}
	for i := 0; i < 5; i++ {
		req, _ := http.NewRequest("POST", c.base+"/login", strings.NewReader(url.Values{"csrf": {tok}, "username": {testUser}, "password": {"bad"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.0.0.%d", i)) // must be ignored
		codes = append(codes, c.do(req).code)
	}
	want := []int{401, 401, 401, 429, 429}
	if fmt.Sprint(codes) != fmt.Sprint(want) {
		t.Errorf("codes %v, want %v", codes, want)
	}
}

func TestSecurityHeadersAndErrors(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	r := c.get("/")
	csp := r.hdr.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("CSP %q", csp)
	}
	if r.hdr.Get("X-Content-Type-Options") != "nosniff" || r.hdr.Get("X-Frame-Options") != "DENY" {
		t.Errorf("headers %v", r.hdr)
	}
	if strings.Contains(r.body, "<script>") {
		t.Error("inline script in the page")
	}
	for _, p := range []string{"/puzzles/999999", "/puzzles/abc", "/sets/42", "/nope"} {
		r := c.get(p)
		if r.code != 404 || strings.Contains(r.body, "goroutine") || strings.Contains(r.body, "sql") {
			t.Errorf("GET %s: %d %s", p, r.code, r.body)
		}
	}
	r = c.get("/api/puzzles/999999")
	if r.code != 404 || !strings.Contains(r.body, `"error"`) {
		t.Errorf("api 404: %d %s", r.code, r.body)
	}
	r = c.get("/puzzles?rank=x-y")
	if r.code != 400 || !strings.Contains(r.body, `Stars &#34;x-y&#34;: write a whole number`) {
		t.Errorf("bad rank: %d %s", r.code, r.body)
	}
	if r := c.get("/static/app.js"); r.code != 200 || !strings.Contains(r.hdr.Get("Content-Type"), "javascript") {
		t.Errorf("app.js: %d %s", r.code, r.hdr.Get("Content-Type"))
	}
}

// ids runs a query of puzzle ids straight on the database: the tests'
// oracle, written apart from the store's query builder. Use it (and
// count) only where that builder or the database itself is the subject,
// with a comment saying so; a test that checks what a user sees reads it
// through the pages, the API or the store (store_helpers_test.go).
func (e *testEnv) ids(query string, args ...any) []int64 {
	e.t.Helper()
	rows, err := e.db.R.Query(query, args...)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

func (e *testEnv) count(query string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.db.R.QueryRow(query, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestDashboard(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	r := c.get("/")
	counter := e.matches(pencilbox.Filter{Verdict: engine.No})
	eight := e.matches(pencilbox.Filter{Kind: "sudoku", RankMin: 8, RankMax: 8})
	if counter == 0 || eight == 0 {
		t.Fatalf("the sample has %d counterexamples and %d 8-star puzzles; the test needs some", counter, eight)
	}
	for _, want := range []string{"Sudoku", "Akari", `<svg class="hist"`,
		fmt.Sprintf(`id="counterexamples">%d<`, counter), fmt.Sprintf(`id="eightstar">%d<`, eight), "sample/sudoku_top1465"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("dashboard lacks %q", want)
		}
	}
}

// rowIDs are the puzzle ids listed on a library page.
func rowIDs(body string) []int64 {
	var ids []int64
	for _, m := range regexp.MustCompile(`class="pid" href="/puzzles/(\d+)"`).FindAllStringSubmatch(body, -1) {
		id, _ := strconv.ParseInt(m[1], 10, 64)
		ids = append(ids, id)
	}
	return ids
}

func TestLibraryFilters(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	tag := func(t string) string {
		return `EXISTS (SELECT 1 FROM tags g WHERE g.puzzle_id = p.id AND g.tag = '` + t + `')`
	}
	// each URL filter and the SQL that says what it must list (first page,
	// 50 rows, in the order asked)
	cases := []struct{ q, where, order string }{
		{"", "1", "id"},
		{"kind=akari", "kind = 'akari'", "id"},
		{"kind=sudoku&rank=5-6", "kind = 'sudoku' AND rank BETWEEN 5 AND 6", "id"},
		{"rank=8", "rank = 8", "id"},
		{"kind=sudoku&rank=6-", "kind = 'sudoku' AND rank >= 6", "id"},
		{"rank=-2", "rank BETWEEN 1 AND 2", "id"},
		{"hyp=no", "verdict1 = 2", "id"},
		{"hyp=yes&rank=7", "verdict1 = 1 AND rank = 7", "id"},
		{"status=unique&kind=akari&rank=3", "status = 1 AND kind = 'akari' AND rank = 3", "id"},
		{"source=sample/sudoku_top1465", "EXISTS (SELECT 1 FROM sources s WHERE s.puzzle_id = p.id AND s.label = 'sample/sudoku_top1465')", "id"},
		{"technique=x3&kind=sudoku", "EXISTS (SELECT 1 FROM profile f WHERE f.puzzle_id = p.id AND f.technique = 'x3')", "id"},
		{"clues=17-17", "clues = 17", "id"},
		{"clues=20-24&kind=sudoku&sort=clues&order=desc", "kind = 'sudoku' AND clues BETWEEN 20 AND 24", "clues DESC, id DESC"},
		{"tag=sample&kind=sudoku&rank=7&hyp=no", tag("sample") + " AND kind = 'sudoku' AND rank = 7 AND verdict1 = 2", "id"},
		{"q=forum_hardest", "EXISTS (SELECT 1 FROM sources s WHERE s.puzzle_id = p.id AND s.label LIKE '%forum_hardest%')", "id"},
		{"kind=sudoku&sort=rank&order=desc", "kind = 'sudoku'", "rank DESC, id DESC"},
		{"kind=sudoku&sort=score", "kind = 'sudoku'", "score, id"},
		{"sort=date&order=desc&rank=4", "rank = 4", "created DESC, id DESC"},
		{"tag=nope", "0", "id"},
	}
	for _, tc := range cases {
		r := c.get("/puzzles?" + tc.q)
		if r.code != 200 {
			t.Errorf("%s: %d", tc.q, r.code)
			continue
		}
		// SQL: the oracle of the list's filters and sorts, written apart
		// from the store's query builder (its subject)
		want := e.ids(`SELECT id FROM puzzles p WHERE ` + tc.where + ` ORDER BY ` + tc.order + ` LIMIT 50`)
		if got := rowIDs(r.body); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: rows %v, want %v", tc.q, got, want)
		}
		if len(want) == 0 && tc.where != "0" {
			t.Errorf("%s: the sample has no such puzzle; the case tests nothing", tc.q)
		}
	}
	r := c.get("/puzzles?kind=sudoku&rank=5")
	if !strings.Contains(r.body, `<svg class="thumb"`) || !strings.Contains(r.body, "★★★★★") {
		t.Error("library rows lack thumbnails or stars")
	}
	// the filter stays in the form
	r = c.get("/puzzles?kind=sudoku&rank=5-6&tag=book1")
	if !strings.Contains(r.body, `value="5-6"`) || !strings.Contains(r.body, `<option value="sudoku" selected>`) {
		t.Error("filter form not refilled from the URL")
	}
}

func TestLibraryKeysetPagination(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	for _, tc := range []struct{ q, order string }{
		{"sort=rank&order=desc", "rank DESC, id DESC"},
		{"sort=score", "score, id"},
		{"kind=sudoku&sort=clues&order=desc", "clues DESC, id DESC"},
		{"rank=2-7", "id"},
	} {
		q, _ := url.ParseQuery(tc.q)
		where := "1"
		if q.Get("kind") != "" {
			where = "kind = 'sudoku'"
		}
		if q.Get("rank") != "" {
			where = "rank BETWEEN 2 AND 7"
		}
		// SQL: the oracle, apart from the store's query builder
		want := e.ids(`SELECT id FROM puzzles WHERE ` + where + ` ORDER BY ` + tc.order)
		// the API, 37 rows a page
		var seen []int64
		next := ""
		for pages := 0; pages < 100; pages++ {
			q.Set("limit", "37")
			q.Set("after", next)
			var page model.Page
			r := c.get("/api/puzzles?" + q.Encode())
			if err := json.Unmarshal([]byte(r.body), &page); err != nil {
				t.Fatalf("%s: %v", r.body, err)
			}
			for _, p := range page.Rows {
				seen = append(seen, p.ID)
			}
			if page.Total != len(want) {
				t.Errorf("%s: total %d, want %d", tc.q, page.Total, len(want))
			}
			if next = page.Next; next == "" {
				break
			}
		}
		if fmt.Sprint(seen) != fmt.Sprint(want) {
			t.Errorf("%s: API pages gave %v, want %v", tc.q, seen, want)
		}
		// the HTML list, following its "next" links
		seen = nil
		link := "/puzzles?" + tc.q
		for pages := 0; link != "" && pages < 100; pages++ {
			r := c.get(link)
			seen = append(seen, rowIDs(r.body)...)
			link = ""
			if m := regexp.MustCompile(`id="nextpage" rel="next" href="([^"]+)"`).FindStringSubmatch(r.body); m != nil {
				link = html.UnescapeString(m[1])
			}
		}
		if fmt.Sprint(seen) != fmt.Sprint(want) {
			t.Errorf("%s: HTML pages gave %v, want %v", tc.q, seen, want)
		}
	}
	for _, bad := range []string{"after=garbage", "sort=rank&after=" + url.QueryEscape("eHx5fHo")} {
		if r := c.get("/api/puzzles?" + bad); r.code != 400 || !strings.Contains(r.body, "cursor") {
			t.Errorf("%s: %d %s", bad, r.code, r.body)
		}
	}
}

// walkSteps follows a puzzle page's "next" links from step 1 to the solved
// board, checking each step has a sentence and a board.
func walkSteps(t *testing.T, c *client, id int64) int {
	t.Helper()
	path := fmt.Sprintf("/puzzles/%d", id)
	r := c.get(path)
	m := regexp.MustCompile(`Step 1 of (\d+)`).FindStringSubmatch(r.body)
	if m == nil {
		t.Fatalf("%s: no step counter", path)
	}
	n, _ := strconv.Atoi(m[1])
	link := regexp.MustCompile(`id="next" rel="next" href="([^"]+)"`)
	for i := 0; i < n; i++ {
		r := c.get(path)
		if !strings.Contains(r.body, `id="sentence"`) || !strings.Contains(r.body, fmt.Sprintf("Step %d of %d", i+1, n)) {
			t.Fatalf("%s: step %d has no sentence", path, i+1)
		}
		if strings.Contains(r.body, "cannot be replayed") {
			t.Fatalf("%s: step %d: the board cannot be replayed", path, i+1)
		}
		mm := link.FindStringSubmatch(r.body)
		if mm == nil {
			t.Fatalf("step %d: no next link", i+1)
		}
		path = html.UnescapeString(mm[1])
	}
	r = c.get(path)
	if !strings.Contains(r.body, `id="solved"`) || strings.Contains(r.body, `id="next"`) {
		t.Errorf("last step page %s is not the solved board", path)
	}
	if r := c.get(fmt.Sprintf("/puzzles/%d?step=%d", id, n+2)); r.code != 400 {
		t.Errorf("step out of range: %d", r.code)
	}
	return n
}

func TestPuzzlePageAndStepViewer(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	sudokuID := e.first(pencilbox.Filter{Kind: "sudoku", RankMin: 7, RankMax: 7})
	akariID := e.first(pencilbox.Filter{Kind: "akari", RankMin: 4, RankMax: 4})
	slitherID := e.first(pencilbox.Filter{Kind: "slitherlink", RankMin: 4, RankMax: 4, SizeMin: pencilbox.Size{W: 7}, SizeMax: pencilbox.Size{W: 7}})
	path := fmt.Sprintf("/puzzles/%d", sudokuID)
	r := c.get(path)
	if r.code != 200 || !strings.Contains(r.body, `class="board fit"`) || !strings.Contains(r.body, "sample/") || !strings.Contains(r.body, "★★★★★★★") {
		t.Fatalf("sudoku page: %d", r.code)
	}
	if strings.Contains(r.body, "Hide the solution") {
		t.Error("solution shown without asking")
	}
	if r := c.get(path + "?solution=1"); !strings.Contains(r.body, "Hide the solution") || !strings.Contains(r.body, `class="solved"`) {
		t.Error("?solution=1 does not show the solution")
	}
	// the step viewer marks eliminations and placements
	if !strings.Contains(r.body, `class="cand eliminated"`) && !strings.Contains(r.body, `class="cand placed"`) {
		t.Error("step 1 marks neither an elimination nor a placement")
	}
	for _, id := range []int64{sudokuID, akariID, slitherID} {
		n := walkSteps(t, c, id)
		// the API gives the same steps: the page shows the explainer's
		// log first where the puzzle has an ER, the API the ladder's
		// unless asked (?steps=er)
		var ap struct {
			model.Puzzle
			ER    float64          `json:"er"`
			Steps []map[string]any `json:"steps"`
		}
		r = c.get(fmt.Sprintf("/api/puzzles/%d", id))
		err := json.Unmarshal([]byte(r.body), &ap)
		if err == nil && ap.ER > 0 {
			r = c.get(fmt.Sprintf("/api/puzzles/%d?steps=er", id))
			err = json.Unmarshal([]byte(r.body), &ap)
		}
		if err != nil || len(ap.Steps) != n || ap.Solution == "" {
			t.Errorf("api puzzle %d: %v, %d steps, want %d", id, err, len(ap.Steps), n)
		}
	}
}

func TestTagsFormAndEscaping(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	if r := c.post("/puzzles/2/tags", url.Values{"tags": {"x"}}); r.code != 403 {
		t.Errorf("tags without csrf: %d", r.code)
	}
	r := c.post("/puzzles/2/tags", url.Values{"csrf": {tok}, "tags": {"book2, <script>alert(1)</script>"}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("tags: %d %s", r.code, r.body)
	}
	r = c.get("/puzzles/2")
	if strings.Contains(r.body, "<script>alert") || !strings.Contains(r.body, "&lt;script&gt;") || !strings.Contains(r.body, "Tags saved") {
		t.Error("tags not saved, not escaped, or no flash")
	}
	if got := fmt.Sprint(rowIDs(c.get("/puzzles?tag=book2").body)); got != "[2]" {
		t.Errorf("tag filter after edit: %s", got)
	}
}

func waitJob(t *testing.T, c *client, loc string) model.Job {
	t.Helper()
	id := strings.TrimPrefix(loc, "/import/")
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		var j model.Job
		r := c.get("/api/jobs/" + id)
		if err := json.Unmarshal([]byte(r.body), &j); err != nil {
			t.Fatalf("%s: %v", r.body, err)
		}
		if j.Done {
			return j
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("import did not finish")
	return model.Job{}
}

func TestImportPasteAndUpload(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	text := "# two puzzles and a bad line\n" +
		"000000010400000000020000000000050407008000300001090000300400200050100000000806000\n" +
		"12345\n" +
		"000000012000035000000600070700000300000400800100000000000120000080000040050000600\n"
	r := c.post("/import", url.Values{"csrf": {tok}, "text": {text}, "source": {"pasted"}, "tags": {"new"}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("import: %d %s", r.code, r.body)
	}
	j := waitJob(t, c, r.hdr.Get("Location"))
	if j.Imported != 2 || j.Rejected != 1 || len(j.Errors) != 1 || j.Errors[0].Line != 3 {
		t.Errorf("job %+v", j)
	}
	page := c.get(r.hdr.Get("Location"))
	if !strings.Contains(page.body, "Done.") || !strings.Contains(page.body, "<td>3</td>") {
		t.Errorf("job page: %s", page.body)
	}
	want := e.pick(pencilbox.Filter{Tag: "new"}, 0)
	if got := rowIDs(c.get("/puzzles?source=pasted").body); len(want) != 2 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("imported rows %v, want the 2 tagged new: %v", got, want)
	}
	// multipart upload
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("csrf", tok)
	mw.WriteField("format", "tatham")
	fw, _ := mw.CreateFormFile("file", "upload.txt")
	fw.Write([]byte("7x7:b1d2b0g1aBj3aBe0a1c\n"))
	mw.Close()
	req, _ := http.NewRequest("POST", c.base+"/import", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	r = c.do(req)
	if r.code != http.StatusSeeOther {
		t.Fatalf("upload: %d %s", r.code, r.body)
	}
	j = waitJob(t, c, r.hdr.Get("Location"))
	if j.Imported+j.Rejected != 1 || j.Source != "upload.txt" {
		t.Errorf("upload job %+v", j)
	}
	// too large: a clear message
	big := strings.Repeat("0", 2<<20)
	r = c.post("/import", url.Values{"csrf": {tok}, "text": {big}})
	if r.code != http.StatusRequestEntityTooLarge || !strings.Contains(r.body, "too large") {
		t.Errorf("big upload: %d", r.code)
	}
	// unknown format
	r = c.post("/import", url.Values{"csrf": {tok}, "text": {"x"}, "format": {"nope"}})
	if r.code != 400 {
		t.Errorf("unknown format: %d", r.code)
	}
}

func TestSets(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	if r := c.post("/sets", url.Values{"name": {"Book"}}); r.code != 403 {
		t.Errorf("create set without csrf: %d", r.code)
	}
	r := c.post("/sets", url.Values{"csrf": {tok}, "name": {"Book one"}, "notes": {"for the Sunday column"}})
	if r.code != http.StatusSeeOther || r.hdr.Get("Location") != "/sets/1" {
		t.Fatalf("create: %d %q", r.code, r.hdr.Get("Location"))
	}
	// add the puzzles of a filter, then a ticked one
	r = c.post("/sets/add", url.Values{"csrf": {tok}, "set": {"1"}, "what": {"filter"}, "filter": {"kind=sudoku&rank=5-6"}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("add filter: %d %s", r.code, r.body)
	}
	c.post("/sets/add", url.Values{"csrf": {tok}, "set": {"1"}, "what": {"ticked"}, "id": {"5", "2"}})
	order := func() string {
		var s model.Set
		json.Unmarshal([]byte(c.get("/api/sets/1").body), &s)
		var ids []int64
		for _, p := range s.Items {
			ids = append(ids, p.ID)
		}
		return fmt.Sprint(ids)
	}
	mid := e.pick(pencilbox.Filter{Kind: "sudoku", RankMin: 5, RankMax: 6}, 0)
	ids := func(xs ...[]int64) string {
		var all []int64
		for _, x := range xs {
			all = append(all, x...)
		}
		return fmt.Sprint(all)
	}
	// the filter's puzzles in list order, then the ticked ones (2 was not
	// in the set, 5 neither)
	if got, want := order(), ids(mid, []int64{5, 2}); got != want {
		t.Errorf("after adds: %s, want %s", got, want)
	}
	c.post("/sets/1/move", url.Values{"csrf": {tok}, "puzzle": {"5"}, "pos": {"1"}})
	if got, want := order(), ids([]int64{5}, mid, []int64{2}); got != want {
		t.Errorf("after move: %s, want %s", got, want)
	}
	c.post("/sets/1/remove", url.Values{"csrf": {tok}, "puzzle": {"2"}})
	if got, want := order(), ids([]int64{5}, mid); got != want {
		t.Errorf("after remove: %s, want %s", got, want)
	}
	r = c.get("/sets/1")
	if r.code != 200 || !strings.Contains(r.body, "for the Sunday column") || !strings.Contains(r.body, `<svg class="thumb"`) {
		t.Errorf("set page: %d", r.code)
	}
	r = c.get("/sets/1/export?format=json")
	if r.code != 200 || strings.Count(r.body, "\n") != 1+len(mid) || !strings.Contains(r.hdr.Get("Content-Disposition"), `filename="Book-one.jsonl"`) {
		t.Errorf("set export: %d %q", r.code, r.body)
	}
	if r := c.get("/sets/1/export?format=pdf&per=6"); r.code != 200 || !strings.HasPrefix(r.body, "%PDF-") || r.hdr.Get("Content-Type") != "application/pdf" {
		t.Errorf("set booklet: %d %q", r.code, r.hdr.Get("Content-Type"))
	}
	if r := c.get("/sets/1/export?format=tatham"); r.code != 400 || !strings.Contains(r.body, "puzzles only: for this set, choose pdf, json, url") {
		t.Errorf("set of Sudoku as Tatham IDs: %d %.200s", r.code, r.body)
	}
	// The list's booklet: the filter's uniquely solvable puzzles; none
	// is a 404 that says why, not a broken PDF.
	if r := c.get("/export?kind=sudoku&rank=8&format=pdf"); r.code != 200 || !strings.HasPrefix(r.body, "%PDF-") {
		t.Errorf("list booklet: %d %.200s", r.code, r.body)
	}
	if r := c.get("/export?q=nope&format=pdf"); r.code != 404 || !strings.Contains(r.body, "unique solution") {
		t.Errorf("booklet of puzzles with several solutions: %d %.300s", r.code, r.body)
	}
	if r := c.get("/export?tag=nope&format=csv"); r.code != 404 {
		t.Errorf("empty list export: %d", r.code)
	}
	// a format that holds some kinds takes the filter's puzzles of the one
	// it holds; of several beside another, it asks for a kind; of none,
	// none match
	// (7x7: only Slitherlinks; the killers are 4x4, 6x6 and 9x9, the
	// Akari 10x10 and more)
	seven := pencilbox.Size{W: 7, H: 7}
	loops := e.matches(pencilbox.Filter{Kind: "slitherlink", SizeMin: seven, SizeMax: seven})
	if n := e.matches(pencilbox.Filter{SizeMin: seven, SizeMax: seven}) - loops; n != 0 {
		t.Fatalf("the sample has %d 7x7 puzzles of other kinds", n)
	}
	if r := c.get("/export?size=7x7&format=tatham"); r.code != 200 || strings.Count(r.body, "\n") != 2*loops {
		t.Errorf("tatham export of the 7x7: %d %q", r.code, r.body)
	}
	if r := c.get("/export?kind=akari&rank=4&format=tatham"); r.code != 200 || strings.Count(r.body, "\n") != 2*e.matches(pencilbox.Filter{Kind: "akari", RankMin: 4, RankMax: 4}) {
		t.Errorf("tatham export of Akari of rank 4: %d %q", r.code, r.body)
	}
	if r := c.get("/export?rank=4&format=tatham"); r.code != 400 || !strings.Contains(r.body, "slitherlink puzzles only, and this filter holds sudoku puzzles too: select a kind") {
		t.Errorf("tatham export of rank 4, three kinds: %d %.300s", r.code, r.body)
	}
	if r := c.get("/export?rank=7&format=tatham"); r.code != 404 || !strings.Contains(r.body, "or slitherlink puzzle matches this filter.") {
		t.Errorf("tatham export of rank 7, Sudoku only: %d %.300s", r.code, r.body)
	}
	r = c.get("/export?kind=sudoku&rank=8&format=json")
	if n := e.matches(pencilbox.Filter{Kind: "sudoku", RankMin: 8, RankMax: 8}); r.code != 200 || strings.Count(r.body, "\n") != n {
		t.Errorf("list export: %d %q, want %d lines", r.code, r.body, n)
	}
	r = c.get("/api/sets")
	if !strings.Contains(r.body, `"name":"Book one"`) || !strings.Contains(r.body, fmt.Sprintf(`"count":%d`, 1+len(mid))) {
		t.Errorf("api sets: %s", r.body)
	}
	c.post("/sets/1/delete", url.Values{"csrf": {tok}, "confirm": {"yes"}})
	if r := c.get("/sets/1"); r.code != 404 {
		t.Errorf("deleted set: %d", r.code)
	}
}
