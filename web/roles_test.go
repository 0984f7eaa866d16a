package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"pencilbox"
	"pencilbox/library"
	"slices"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"pencilbox/db"
)

// loginAs logs in as name and returns the CSRF token to use afterwards.
func (c *client) loginAs(name, pass string) string {
	c.t.Helper()
	tok := c.token("/login")
	r := c.post("/login", url.Values{"csrf": {tok}, "username": {name}, "password": {pass}})
	if r.code != http.StatusSeeOther {
		c.t.Fatalf("login %s: status %d: %s", name, r.code, r.body)
	}
	return c.token("/")
}

// roleEnv serves the sample library to three users: testUser (the first,
// so an admin), an editor and a viewer, with one set holding puzzle 1.
func roleEnv(t *testing.T) *testEnv {
	t.Helper()
	e := newTestEnv(t, func(c *Config) {
		// shown and controlled, not run: its cancel and resume only pause
		c.Queue = &library.RateQueue{Store: c.Export.(*db.DB), Kinds: c.Kinds, Second: c.Second}
	})
	ctx := context.Background()
	users := db.UserStore{DB: e.db.W}
	for _, r := range []db.Role{db.RoleEditor, db.RoleViewer} {
		if got, err := users.AddWithRole(ctx, string(r)+"1", testPass, r); err != nil || got != r {
			t.Fatalf("add %s: %v %v", r, got, err)
		}
	}
	sets := db.SetStore{DB: e.db.W}
	id, err := sets.Create(ctx, "sunday", "the Sunday page")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sets.Add(ctx, id, []int64{1, 2}, false); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestRolesWalkEveryRoute asks every route as an admin, an editor and a
// viewer: a route below the user's role answers 403 with the rule in
// words and changes nothing; one at or above it is served. A route added
// later without a case below fails the test.
func TestRolesWalkEveryRoute(t *testing.T) {
	e := roleEnv(t)
	public := map[string]bool{"GET /static/*": true, "GET /login": true, "POST /login": true, "POST /logout": true}
	type rc struct {
		path string
		need db.Role
	}
	V, E, A := db.RoleViewer, db.RoleEditor, db.RoleAdmin
	cases := map[string]rc{
		"GET /":                      {"/", V},
		"GET /puzzles":               {"/puzzles?kind=sudoku", V},
		"GET /puzzles/:id":           {"/puzzles/1", V},
		"POST /puzzles/:id/tags":     {"/puzzles/1/tags", E},
		"GET /export":                {"/export?format=csv&kind=akari", V},
		"GET /booklet":               {"/booklet?kind=sudoku", V},
		"GET /import":                {"/import", E},
		"POST /import":               {"/import", E},
		"GET /import/:id":            {"/import/1", V},
		"POST /import/:id/cancel":    {"/import/999999/cancel", E},
		"GET /generate":              {"/generate", E},
		"GET /queue":                 {"/queue", V},
		"POST /queue/cancel":         {"/queue/cancel", E},
		"POST /queue/resume":         {"/queue/resume", E},
		"GET /api/queue":             {"/api/queue", V},
		"POST /generate":             {"/generate", E},
		"GET /sets":                  {"/sets", V},
		"POST /sets":                 {"/sets", E},
		"POST /sets/add":             {"/sets/add", E},
		"POST /sets/build":           {"/sets/build", E},
		"GET /sets/:id":              {"/sets/1", V},
		"POST /sets/:id/edit":        {"/sets/1/edit", E},
		"POST /sets/:id/move":        {"/sets/1/move", E},
		"POST /sets/:id/remove":      {"/sets/1/remove", E},
		"POST /sets/:id/sort":        {"/sets/1/sort", E},
		"POST /sets/:id/undo":        {"/sets/1/undo", E},
		"POST /sets/:id/publish":     {"/sets/1/publish", E},
		"POST /sets/:id/reopen":      {"/sets/1/reopen", E},
		"POST /sets/:id/delete":      {"/sets/1/delete", E},
		"GET /sets/:id/export":       {"/sets/1/export?format=csv", V},
		"GET /sets/:id/booklet":      {"/sets/1/booklet", V},
		"GET /audit":                 {"/audit?user=editor1&puzzle=1", A},
		"GET /users":                 {"/users", A},
		"POST /users":                {"/users", A},
		"POST /users/:name/role":     {"/users/viewer1/role", A},
		"GET /api/puzzles":           {"/api/puzzles", V},
		"GET /api/puzzles/:id":       {"/api/puzzles/1", V},
		"GET /api/sets":              {"/api/sets", V},
		"GET /api/sets/:id":          {"/api/sets/1", V},
		"GET /api/jobs/:id":          {"/api/jobs/1", V},
		"POST /api/jobs/:id/cancel":  {"/api/jobs/999999/cancel", E},
		"POST /users/:name/password": {"/users/viewer1/password", A},
		"POST /users/:name/disable":  {"/users/viewer1/disable", A},
		"POST /users/:name/enable":   {"/users/viewer1/enable", A},
		"POST /users/:name/delete":   {"/users/viewer1/delete", A}, // without confirm: refused, served
		"GET /account":               {"/account", V},
		"POST /account/password":     {"/account/password", V},
		"POST /account/logout-all":   {"/account/logout-all", V}, // walked last: it ends the session
	}
	state := func() string {
		return fmt.Sprint(len(e.sets()), e.allSetItems(), len(e.jobs()),
			e.tagCount(), len(e.users()), e.withRole(pencilbox.RoleViewer))
	}
	// the least able first: the refusals are checked against an untouched
	// library, and the admin's deletions come last
	for _, who := range []db.Role{V, E, A} {
		t.Run(string(who), func(t *testing.T) {
			c := e.client()
			name := testUser
			if who != A {
				name = string(who) + "1"
			}
			tok := c.loginAs(name, testPass)
			seen := 0
			routes := e.s.e.Routes()
			slices.SortStableFunc(routes, func(a, b *echo.Route) int {
				last := func(r *echo.Route) int { return map[bool]int{true: 1}[r.Path == "/account/logout-all"] }
				return last(a) - last(b)
			})
			for _, rt := range routes {
				if rt.Method != http.MethodGet && rt.Method != http.MethodPost {
					continue
				}
				route := rt.Method + " " + rt.Path
				if public[route] {
					continue
				}
				tc, ok := cases[route]
				if !ok {
					t.Errorf("%s: no case here: add one (and its role in web/roles.go)", route)
					continue
				}
				seen++
				before := state()
				var r resp
				if rt.Method == http.MethodGet {
					r = c.get(tc.path)
				} else {
					r = c.post(tc.path, url.Values{"csrf": {tok}, "name": {"x" + string(who)}, "notes": {"n"}, "set": {"1"}, "what": {"ticked"}, "id": {"3"},
						"text": {"x"}, "puzzle": {"1"}, "pos": {"1"}, "tags": {"x"}, "role": {"viewer"}, "password": {testPass}})
				}
				switch {
				case !who.AtLeast(tc.need):
					if r.code != http.StatusForbidden || !strings.Contains(r.body, "Your role ("+string(who)+") may not do this") {
						t.Errorf("%s %s as %s: %d %.300s, want 403 saying the role may not", rt.Method, tc.path, who, r.code, r.body)
					}
					if after := state(); after != before {
						t.Errorf("%s %s as %s was refused but changed the library: %s -> %s", rt.Method, tc.path, who, before, after)
					}
				case route == "POST /account/logout-all":
					// served: the session is ended, so to the login page
					if r.code != http.StatusSeeOther || r.hdr.Get("Location") != "/login" || c.get("/").code != http.StatusSeeOther {
						t.Errorf("%s as %s: %d %q, want 303 to /login and the session ended", tc.path, who, r.code, r.hdr.Get("Location"))
					}
				case r.code == http.StatusForbidden || r.code == http.StatusUnauthorized || r.code >= 500 ||
					strings.HasPrefix(r.hdr.Get("Location"), "/login"):
					t.Errorf("%s %s as %s: %d %.300s, want it served", rt.Method, tc.path, who, r.code, r.body)
				}
			}
			if seen != len(cases) {
				t.Errorf("%d of the %d cases are routes", seen, len(cases))
			}
		})
	}
}

// TestViewerSeesNoEditForms: a viewer's pages carry no form it could not
// send (tags, sets, import), an editor's do, and only an admin sees Users.
func TestViewerSeesNoEditForms(t *testing.T) {
	e := roleEnv(t)
	pages := map[string][]string{ // page -> what an editor sees that a viewer must not
		"/puzzles/1": {`/tags"`, `action="/sets/add"`},
		"/puzzles":   {`action="/sets/add"`, `type="checkbox" name="id"`},
		"/sets":      {`action="/sets"`},
		"/sets/1":    {`/sets/1/edit"`, `/sets/1/move"`, `/sets/1/remove"`, `/sets/1/delete"`},
		"/":          {`href="/import"`},
	}
	for _, tc := range []struct {
		who       string
		edit, adm bool
	}{{"viewer1", false, false}, {"editor1", true, false}, {testUser, true, true}} {
		c := e.client()
		c.loginAs(tc.who, testPass)
		for page, marks := range pages {
			r := c.get(page)
			if r.code != http.StatusOK {
				t.Fatalf("%s as %s: %d", page, tc.who, r.code)
			}
			for _, m := range marks {
				if strings.Contains(r.body, m) != tc.edit {
					t.Errorf("%s as %s: shows %s = %v, want %v", page, tc.who, m, !tc.edit, tc.edit)
				}
			}
			if strings.Contains(r.body, `href="/users"`) != tc.adm {
				t.Errorf("%s as %s: Users link shown = %v, want %v", page, tc.who, !tc.adm, tc.adm)
			}
		}
		// the viewer still reads what the forms hold
		if r := c.get("/sets/1"); !strings.Contains(r.body, "the Sunday page") {
			t.Errorf("/sets/1 as %s: the set's notes are not shown", tc.who)
		}
	}
}

// TestUsersPage: an admin adds a user and changes roles on /users; the
// last admin cannot be demoted, and a demoted user's next click has the
// new role.
func TestUsersPage(t *testing.T) {
	e := roleEnv(t)
	adm := e.client()
	tok := adm.loginAs(testUser, testPass)
	ed := e.client()
	ed.loginAs("editor1", testPass)
	if r := ed.get("/import"); r.code != http.StatusOK {
		t.Fatalf("editor /import: %d", r.code)
	}
	if r := adm.post("/users/editor1/role", url.Values{"csrf": {tok}, "role": {"viewer"}}); r.code != http.StatusSeeOther {
		t.Fatalf("set role: %d %s", r.code, r.body)
	}
	if r := ed.get("/import"); r.code != http.StatusForbidden {
		t.Errorf("editor1 made viewer still opens /import: %d", r.code)
	}
	if r := adm.post("/users/"+testUser+"/role", url.Values{"csrf": {tok}, "role": {"editor"}}); r.code != http.StatusBadRequest || !strings.Contains(r.body, "only admin") {
		t.Errorf("demoting the last admin: %d, want 400 saying so on /users: %.500s", r.code, r.body)
	}
	if n := e.withRole(pencilbox.RoleAdmin); n != 1 {
		t.Errorf("%d admins after refusing to demote the last", n)
	}
	if r := adm.post("/users", url.Values{"csrf": {tok}, "name": {"dora"}, "password": {testPass}, "role": {"viewer"}}); r.code != http.StatusSeeOther {
		t.Fatalf("add user: %d", r.code)
	}
	if r := adm.get("/users"); !strings.Contains(r.body, "User dora added as viewer") || !strings.Contains(r.body, `id="user-dora"`) {
		t.Errorf("/users after adding dora: %.800s", r.body)
	}
	if r := adm.post("/users/nobody/role", url.Values{"csrf": {tok}, "role": {"viewer"}}); r.code != http.StatusNotFound {
		t.Errorf("role of an unknown user: %d", r.code)
	}
	if r := adm.post("/users", url.Values{"csrf": {tok}, "name": {"eve"}, "password": {"short"}, "role": {"viewer"}}); r.code != http.StatusBadRequest ||
		!strings.Contains(r.body, "at least 10 characters") || !strings.Contains(r.body, `value="eve"`) {
		t.Errorf("add with a short password: %d, want 400 saying so with the form kept", r.code)
	}
	if e.hasUser("eve") {
		t.Error("eve added with a short password")
	}
}
