package web

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"pencilbox"
	"pencilbox/db"
)

// TestHeavyBounds: booklets, exports and set pages each have their bound
// on the work served at once; a request past it waits HeavyWait, then is
// answered 503 with Retry-After and a sentence saying what the server is
// busy with (a page, or JSON from the API), and goes through once the
// work under way is done. Before, nothing bounded them: 12 viewers'
// booklets of 4,216 puzzles reached 1.35 GB.
func TestHeavyBounds(t *testing.T) {
	e := newTestEnv(t, func(cfg *Config) {
		cfg.HeavyWait = 50 * time.Millisecond // the refusals' wait: short, the test waits it out
		cfg.SetReads, cfg.ExportsAtOnce = 2, 1
	})
	ctx := context.Background()
	sets := db.SetStore{DB: e.db.W}
	setID, err := sets.Create(ctx, "week", "")
	if err != nil {
		t.Fatal(err)
	}
	page, err := e.db.Puzzles(ctx, pencilbox.Filter{Kind: "sudoku", Status: "unique", Limit: 7})
	if err != nil || len(page.Rows) != 7 {
		t.Fatalf("7 unique Sudoku: %d, %v", len(page.Rows), err)
	}
	var ids []int64
	for _, p := range page.Rows {
		ids = append(ids, p.ID)
	}
	if _, err := sets.Add(ctx, setID, ids, false); err != nil {
		t.Fatal(err)
	}
	c := e.client()
	c.login()
	// hold takes units of a gate as a request under way would
	hold := func(g *heavyGate, units int) func() {
		t.Helper()
		hc := e.s.e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
		release, err := g.enter(hc, units)
		if err != nil {
			t.Fatal(err)
		}
		return release
	}
	booklet := fmt.Sprintf("/sets/%d/booklet?make=1&format=pdf&title=Week&per=4&order=set&caption=stars", setID)
	for _, tc := range []struct {
		name  string
		gate  *heavyGate
		units int // held
		path  string
		json  bool
		busy  string
		ok    string // the answer's type once the work is done
	}{
		{"a booklet past the puzzles' bound", e.s.heavy.booklets, DefaultBookletPuzzles - 6, booklet, false,
			"The server is busy making 1 booklet of 5,994 puzzles at once (at most 6,000 puzzles together): try again in a few seconds.", "application/pdf"},
		{"an export", e.s.heavy.exports, 1, fmt.Sprintf("/sets/%d/export?format=csv", setID), false,
			"The server is busy writing 1 export, as many as it writes at once: try again in a few seconds.", "text/csv"},
		{"a set page", e.s.heavy.setReads, 2, fmt.Sprintf("/sets/%d", setID), false,
			"The server is busy reading 2 set pages, as many as it reads at once: try again in a few seconds.", "text/html"},
		{"a set from the API", e.s.heavy.setReads, 2, fmt.Sprintf("/api/sets/%d", setID), true,
			"The server is busy reading 2 set pages, as many as it reads at once: try again in a few seconds.", "application/json"},
	} {
		var releases []func()
		if tc.gate == e.s.heavy.booklets {
			releases = append(releases, hold(tc.gate, tc.units)) // one booklet of that many puzzles
		} else {
			for range tc.units {
				releases = append(releases, hold(tc.gate, 1))
			}
		}
		r := c.get(tc.path)
		msg := html.UnescapeString(r.body)
		if tc.json {
			var got struct{ Error string }
			if err := json.Unmarshal([]byte(r.body), &got); err != nil {
				t.Fatalf("%s: %v in %q", tc.name, err, r.body)
			}
			msg = got.Error
		}
		if r.code != http.StatusServiceUnavailable || r.hdr.Get("Retry-After") != "10" || !strings.Contains(msg, tc.busy) {
			t.Errorf("%s while busy: %d, Retry-After %q, %.400s; want 503 saying %q", tc.name, r.code, r.hdr.Get("Retry-After"), msg, tc.busy)
		}
		for _, f := range releases {
			f()
		}
		if r := c.get(tc.path); r.code != http.StatusOK || !strings.HasPrefix(r.hdr.Get("Content-Type"), tc.ok) {
			t.Errorf("%s once the work is done: %d %s", tc.name, r.code, r.hdr.Get("Content-Type"))
		}
	}
	// a booklet that fits beside the work under way goes through
	release := hold(e.s.heavy.booklets, DefaultBookletPuzzles-7)
	if r := c.get(booklet); r.code != http.StatusOK {
		t.Errorf("a booklet of 7 beside %d puzzles under way: %d", DefaultBookletPuzzles-7, r.code)
	}
	release()
	if e.s.heavy.booklets.used != 0 || e.s.heavy.exports.used != 0 || e.s.heavy.setReads.used != 0 {
		t.Errorf("units still taken after every request: booklets %d, exports %d, set reads %d",
			e.s.heavy.booklets.used, e.s.heavy.exports.used, e.s.heavy.setReads.used)
	}
}

// TestHeavyGate: a request waits for room and takes it once the work
// under way ends; one heavier than the whole budget runs alone; a client
// that leaves stops waiting with its context's error.
func TestHeavyGate(t *testing.T) {
	g := newHeavyGate(3, time.Minute, func(running, units int) string { return fmt.Sprintf("%d/%d", running, units) })
	ctxOf := func(ctx context.Context) echo.Context {
		return echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/", nil).WithContext(ctx), httptest.NewRecorder())
	}
	bg := ctxOf(context.Background())
	release, err := g.enter(bg, 3)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		rel, err := g.enter(ctxOf(context.Background()), 2)
		rel()
		done <- err
	}()
	release()
	release() // twice: gives back once
	if err := <-done; err != nil {
		t.Errorf("a waiting request after the work ended: %v", err)
	}
	big, err := g.enter(bg, 10)
	if err != nil || g.used != 3 {
		t.Errorf("a request over the budget: %v, %d units taken, want it alone with 3", err, g.used)
	}
	cctx, cancel := context.WithCancel(context.Background())
	go cancel()
	if _, err := g.enter(ctxOf(cctx), 1); err != context.Canceled {
		t.Errorf("a request whose client left: %v, want context.Canceled", err)
	}
	big()
	if g.used != 0 || g.running != 0 {
		t.Errorf("after every request: %d units, %d running", g.used, g.running)
	}
}
