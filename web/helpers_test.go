package web

import (
	"context"
	"fmt"
	"io"

	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"pencilbox/bundle"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/importers"
	akarikind "pencilbox/kinds/akari/kind"
	killerkind "pencilbox/kinds/killer/kind"
	nonogramkind "pencilbox/kinds/nonogram/kind"
	slitherlinkkind "pencilbox/kinds/slitherlink/kind"
	sudokukind "pencilbox/kinds/sudoku/kind"
	"pencilbox/library"
	"pencilbox/templates"
)

const (
	testUser = "curator"
	testPass = "correct horse battery"
)

type testEnv struct {
	t   *testing.T
	srv *httptest.Server
	lib *StoreLibrary
	db  *db.DB
	s   *Server
}

// testBundles are the kinds cmd/pencilbox registers.
var testBundles = bundle.Registry{sudokukind.Bundle{}, nonogramkind.Bundle{}, akarikind.Bundle{}, killerkind.Bundle{}, slitherlinkkind.Bundle{}}

func testKinds() (engine.Registry, importers.Registry) {
	return testBundles.Kinds(), testBundles.Formats()
}

func testViews() templates.Views { return testBundles.Views() }

// seeded is the bundled sample library, imported once into a template
// database that each test copies (real puzzles, real ratings: every Sudoku
// rank 1-8, hypothesis counterexamples, Akari).
var seeded struct {
	once sync.Once
	path string
	err  error
}

func seedTemplate() (string, error) {
	seeded.once.Do(func() {
		dir, err := os.MkdirTemp("", "pencilbox-webtest-")
		if err != nil {
			seeded.err = err
			return
		}
		seeded.path = filepath.Join(dir, "seed.db")
		d, err := db.Open(seeded.path)
		if err != nil {
			seeded.err = err
			return
		}
		defer d.Close()
		_, kinds := testKinds()
		if _, ok, err := library.Seed(context.Background(), d, kinds); err != nil || !ok {
			seeded.err = fmt.Errorf("seed: %v (seeded %v)", err, ok)
			return
		}
		// What the server's background fill gives the sample, but for
		// its record-hard Sudoku (seconds of CPU each for the explainer;
		// kinds/sudoku/explainer tests them): those stay waiting, as
		// while a fill is under way.
		const hardest = `SELECT puzzle_id FROM sources WHERE label = 'sample/sudoku_forum_hardest'`
		if _, err := d.W.Exec(`UPDATE puzzles SET scale_rated = 1 WHERE id IN (` + hardest + `)`); err != nil {
			seeded.err = err
			return
		}
		if _, err := library.FillSecond(context.Background(), d, testBundles.Kinds(), testBundles.SecondRaters(), library.FillOptions{}); err != nil {
			seeded.err = fmt.Errorf("fill the second rating: %v", err)
			return
		}
		if _, err := d.W.Exec(`UPDATE puzzles SET scale_rated = 0 WHERE id IN (` + hardest + `)`); err != nil {
			seeded.err = err
			return
		}
		_, seeded.err = d.W.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	})
	return seeded.path, seeded.err
}

// MustOpen opens a copy of the seeded sample library in a test folder.
func MustOpen(t testing.TB) *db.DB {
	t.Helper()
	src, err := seedTemplate()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	return mustOpenCopy(t, b, filepath.Join(t.TempDir(), "web.db"))
}

// mustOpenCopy writes the library b at path and opens it.
func mustOpenCopy(t testing.TB, b []byte, path string) *db.DB {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// newTestEnv serves a copy of the sample library with one user.
func newTestEnv(t *testing.T, mod func(*Config)) *testEnv {
	t.Helper()
	return newTestEnvDB(t, MustOpen(t), mod)
}

// newTestEnvDB serves the library d with one user.
func newTestEnvDB(t *testing.T, d *db.DB, mod func(*Config)) *testEnv {
	t.Helper()
	kinds, formats := testKinds()
	lib := &StoreLibrary{Store: d, Kinds: kinds, Formats: formats, Highlights: testBundles.Highlights(), Workers: 2, Second: testBundles.SecondRaters()}
	ctx := context.Background()
	users := db.UserStore{DB: d.W}
	if err := users.Add(ctx, testUser, testPass); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Library: lib, Audit: db.AuditStore{R: d.R, W: d.W}, Users: db.UserStore{DB: d.W, R: d.R}, Sets: d.Sets(), Kinds: kinds, Second: testBundles.SecondRaters(), Views: testViews(), Formats: formatNames(formats),
		Exports: testBundles.Exports(), Import: lib.Import, Generate: lib.Generate, Export: d, Faults: d, MaxUpload: 1 << 20}
	if mod != nil {
		mod(&cfg)
	}
	s := New(cfg)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &testEnv{t: t, srv: srv, lib: lib, db: d, s: s}
}

func formatNames(reg importers.Registry) []string {
	var out []string
	for _, f := range reg {
		out = append(out, f.Name)
	}
	return out
}

// client is a browser-like client: cookies kept, redirects not followed.
type client struct {
	t    *testing.T
	base string
	hc   *http.Client
}

func (e *testEnv) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: e.t, base: e.srv.URL, hc: &http.Client{Jar: jar, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

type resp struct {
	code int
	body string
	hdr  http.Header
}

func (c *client) do(req *http.Request) resp {
	c.t.Helper()
	r, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return resp{r.StatusCode, string(b), r.Header}
}

func (c *client) get(path string) resp {
	c.t.Helper()
	req, _ := http.NewRequest("GET", c.base+path, nil)
	return c.do(req)
}

var csrfRe = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// token reads the CSRF token of a page's form.
func (c *client) token(path string) string {
	c.t.Helper()
	r := c.get(path)
	m := csrfRe.FindStringSubmatch(r.body)
	if m == nil {
		c.t.Fatalf("GET %s: no csrf field (status %d)", path, r.code)
	}
	return m[1]
}

func (c *client) post(path string, form url.Values) resp {
	c.t.Helper()
	req, _ := http.NewRequest("POST", c.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.do(req)
}

// login logs in and returns the CSRF token to use afterwards.
func (c *client) login() string {
	c.t.Helper()
	tok := c.token("/login")
	r := c.post("/login", url.Values{"csrf": {tok}, "username": {testUser}, "password": {testPass}})
	if r.code != http.StatusSeeOther {
		c.t.Fatalf("login: status %d: %s", r.code, r.body)
	}
	return c.token("/")
}
