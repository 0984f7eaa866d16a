package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pencilbox"
)

// newPuzzles makes n distinct new Sudoku lines from the library's 17-clue
// puzzles: each with one more given taken from its solution, in a
// different cell (still unique, never in the sample).
func newPuzzles(t *testing.T, e *testEnv, n int) []string {
	t.Helper()
	// read through the site's store interface, as the pages do
	var store pencilbox.SiteStore = e.db
	var out []string
	err := store.Each(context.Background(), pencilbox.Filter{Kind: "sudoku", Status: "unique", CluesMin: 17, CluesMax: 17}, func(p pencilbox.Puzzle) error {
		g, sol := p.Givens, p.Solution
		for c := 0; c < 81 && len(out) < n; c++ {
			if g[c] == '.' || g[c] == '0' {
				out = append(out, g[:c]+sol[c:c+1]+g[c+1:])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < n {
		t.Fatalf("made %d puzzles, want %d", len(out), n)
	}
	return out
}

// tryGet is get for other goroutines than the test's: it returns the
// error instead of failing the test.
func (c *client) tryGet(path string) (int, string, error) {
	r, err := c.hc.Get(c.base + path)
	if err != nil {
		return 0, "", err
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	return r.StatusCode, string(b), err
}

// TestPagesAnswerDuringImport: while an import writes, every page keeps
// answering (WAL readers), and two imports at once both complete.
func TestPagesAnswerDuringImport(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	lines := newPuzzles(t, e, 2400)
	before := e.matches(pencilbox.Filter{})

	var jobs []string
	for i, part := range [][]string{lines[:1200], lines[1200:]} {
		r := c.post("/import", url.Values{"csrf": {tok}, "text": {strings.Join(part, "\n")}, "source": {fmt.Sprintf("part%d", i+1)}})
		if r.code != http.StatusSeeOther {
			t.Fatalf("import %d: %d %s", i+1, r.code, r.body)
		}
		jobs = append(jobs, r.hdr.Get("Location"))
	}
	var stop atomic.Bool
	var requests, failures atomic.Int64
	var worst atomic.Int64
	var mu sync.Mutex
	var firstFailure string
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			pc := e.client()
			pc.hc.Jar = c.hc.Jar // the same login
			paths := []string{"/", "/puzzles?kind=sudoku&rank=2-5&sort=score", "/puzzles/1", "/api/puzzles?rank=7", "/import", "/sets"}
			for i := 0; !stop.Load(); i++ {
				p := paths[(i+g)%len(paths)]
				t0 := time.Now()
				code, body, err := pc.tryGet(p)
				el := time.Since(t0)
				if el.Microseconds() > worst.Load() {
					worst.Store(el.Microseconds())
				}
				requests.Add(1)
				if err != nil || code != 200 || strings.Contains(body, "locked") {
					failures.Add(1)
					mu.Lock()
					if firstFailure == "" {
						firstFailure = fmt.Sprintf("GET %s: %d %v %.200s", p, code, err, body)
					}
					mu.Unlock()
				}
			}
		}(g)
	}
	added := 0
	for _, loc := range jobs {
		j := waitJob(t, c, loc)
		if j.Failed != "" || j.Read != 1200 || j.Rejected != 0 {
			t.Errorf("job %s: %+v", loc, j)
		}
		added += j.Imported + j.Invalid
	}
	stop.Store(true)
	wg.Wait()
	if failures.Load() > 0 {
		t.Errorf("%d of %d page requests failed during the imports; first: %s", failures.Load(), requests.Load(), firstFailure)
	}
	if requests.Load() < 20 {
		t.Errorf("only %d page requests ran during the imports", requests.Load())
	}
	after := e.matches(pencilbox.Filter{})
	if after-before != added {
		t.Errorf("the library grew by %d, the jobs say %d added", after-before, added)
	}
	t.Logf("%d page requests during two imports of 1200 puzzles, none failed; slowest %.1f ms; %d added",
		requests.Load(), float64(worst.Load())/1000, added)
}
