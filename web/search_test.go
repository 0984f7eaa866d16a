package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"log"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/web/model"
)

// searchWords is a search of n distinct words.
func searchWords(n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = fmt.Sprintf("w%d", i)
	}
	return strings.Join(ws, " ")
}

// apiError reads an API error answer's message.
func apiError(t *testing.T, r resp) string {
	t.Helper()
	var v struct{ Error string }
	if err := json.Unmarshal([]byte(r.body), &v); err != nil {
		t.Fatalf("not a JSON error: %v: %.200s", err, r.body)
	}
	return v.Error
}

// TestSearchLimitsAnswered: a search over its limits is a 400 saying what
// to change, wherever it comes in: the API (JSON), the list page (the form
// kept as filled, no results), the export and "add this filter to a set".
func TestSearchLimitsAnswered(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	tooMany := searchWords(pencilbox.MaxQueryWords + 1)
	wordsMsg := "The search has 17 words, but at most 16 are allowed: remove 1."
	long := strings.Repeat("word", 60) // no puzzle: the word search's limit
	charsMsg := fmt.Sprintf("The search is %d characters long, but at most 200 are allowed: shorten it by %d.", len(long), len(long)-200)
	huge := searchWords(20000) // over what is read at all, as a puzzle or words
	hugeMsg := fmt.Sprintf("The search is %d characters long, but a pasted puzzle may have at most 16000 (and words at most 200): shorten it by %d, or import a file of puzzles on the Import page.", len(huge), len(huge)-16000)

	// The API.
	for _, tc := range []struct {
		q    string
		code int
		msg  string
	}{
		{tooMany, 400, wordsMsg},
		{long, 400, charsMsg},
		{huge, 400, hugeMsg},
		{searchWords(pencilbox.MaxQueryWords), 200, ""},
		{"synth", 200, ""},
	} {
		r := c.get("/api/puzzles?q=" + url.QueryEscape(tc.q))
		if r.code != tc.code {
			t.Errorf("API, %.30s...: status %d, want %d: %.200s", tc.q, r.code, tc.code, r.body)
			continue
		}
		if tc.msg != "" {
			if got := apiError(t, r); got != tc.msg {
				t.Errorf("API error %q, want %q", got, tc.msg)
			}
		}
	}

	// The list page: the form keeps every field as filled, and says what
	// to change instead of showing results.
	r := c.get("/puzzles?kind=sudoku&rank=5-6&sort=score&q=" + url.QueryEscape(tooMany))
	body := html.UnescapeString(r.body)
	if r.code != 400 || !strings.Contains(r.body, `id="filter-error"`) || !strings.Contains(body, wordsMsg) {
		t.Errorf("list page: status %d, or no message saying what to change: %.300s", r.code, r.body)
	}
	for _, want := range []string{`>` + tooMany + `</textarea>`, `value="5-6"`, `<option value="sudoku" selected`, `<option value="score" selected`} {
		if !strings.Contains(body, want) {
			t.Errorf("list page: the form lost %q", want)
		}
	}
	if strings.Contains(r.body, `class="puzzles"`) || strings.Contains(r.body, "No puzzle matches") {
		t.Errorf("list page: results shown beside the error")
	}
	// Other filter errors keep the form too.
	if r := c.get("/puzzles?rank=x&q=synth"); r.code != 400 || !strings.Contains(r.body, `id="filter-error"`) || !strings.Contains(r.body, `>synth</textarea>`) {
		t.Errorf("bad stars: status %d, or the form not kept", r.code)
	}

	// The export of the list.
	if r := c.get("/export?format=csv&q=" + url.QueryEscape(tooMany)); r.code != 400 || !strings.Contains(html.UnescapeString(r.body), wordsMsg) {
		t.Errorf("export: status %d: %.200s", r.code, r.body)
	}

	// Every puzzle of the filter into a set.
	r = c.post("/sets", url.Values{"csrf": {tok}, "name": {"limits"}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("create set: %d", r.code)
	}
	id := strings.TrimPrefix(r.hdr.Get("Location"), "/sets/")
	r = c.post("/sets/add", url.Values{"csrf": {tok}, "set": {id}, "what": {"filter"}, "filter": {"q=" + url.QueryEscape(tooMany)}})
	if r.code != 400 || !strings.Contains(html.UnescapeString(r.body), wordsMsg) {
		t.Errorf("add filter to set: status %d: %.200s", r.code, r.body)
	}
}

// endless is a statement that never ends by itself: only an interrupt
// stops it (SQL: the reader pool's interrupt is the subject).
const endless = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c`

// endlessLibrary is the sample library whose list reads run an endless
// statement on its reader pool with the context they are given, and
// report how it ended.
type endlessLibrary struct {
	*StoreLibrary
	started chan struct{}
	ended   chan error
}

func (l endlessLibrary) Puzzles(ctx context.Context, f model.Filter) (model.Page, error) {
	l.started <- struct{}{}
	var n int
	err := l.Store.(*db.DB).R.QueryRowContext(ctx, endless).Scan(&n)
	l.ended <- err
	return model.Page{}, err
}

func newEndlessEnv(t *testing.T, budget time.Duration, logs *syncLog) (*testEnv, endlessLibrary) {
	var lib endlessLibrary
	e := newTestEnv(t, func(cfg *Config) {
		lib = endlessLibrary{StoreLibrary: cfg.Library.(*StoreLibrary), started: make(chan struct{}, 16), ended: make(chan error, 16)}
		cfg.Library = lib
		cfg.SearchBudget = budget
		if logs != nil {
			cfg.Log = logs.logger()
		}
	})
	return e, lib
}

// waitEnd waits for the store read to end and returns its error; a read
// that never ends panics (a failing Fatal would wait for it in cleanup).
func waitEnd(lib endlessLibrary) error {
	select {
	case err := <-lib.ended:
		return err
	case <-time.After(time.Minute):
		panic("the store's read still runs a minute after its request ended")
	}
}

// TestSearchBudget: a list read that outlives the search budget is
// interrupted, and the user told to narrow the search (503, not a 500):
// on the API, and on the list page with its form. A real read on a budget
// already spent answers the same.
func TestSearchBudget(t *testing.T) {
	e, lib := newEndlessEnv(t, 50*time.Millisecond, nil)
	c := e.client()
	c.login()
	r := c.get("/api/puzzles?q=synth")
	if err := waitEnd(lib); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("the store's read ended with %v, want the budget's deadline", err)
	}
	if r.code != http.StatusServiceUnavailable || !strings.Contains(apiError(t, r), "The search took too long (over 50ms); narrow it") {
		t.Errorf("API: status %d: %s", r.code, r.body)
	}
	r = c.get("/puzzles?q=synth&kind=sudoku")
	waitEnd(lib)
	if r.code != http.StatusServiceUnavailable || !strings.Contains(r.body, "The search took too long") ||
		!strings.Contains(r.body, `id="filter-error"`) || !strings.Contains(r.body, `>synth</textarea>`) {
		t.Errorf("list page: status %d, or the form lost: %.300s", r.code, r.body)
	}

	// The real store on a budget spent before it starts.
	e = newTestEnv(t, func(cfg *Config) { cfg.SearchBudget = time.Nanosecond })
	c = e.client()
	c.login()
	for _, path := range []string{"/api/puzzles?q=synth", "/puzzles?q=synth", "/export?format=csv&q=synth"} {
		r := c.get(path)
		if r.code != http.StatusServiceUnavailable || !strings.Contains(html.UnescapeString(r.body), "The search took too long") {
			t.Errorf("%s: status %d: %.200s", path, r.code, r.body)
		}
	}
}

// syncLog collects a server's log lines.
type syncLog struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *syncLog) logger() *log.Logger { return log.New(l, "", 0) }

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// TestClientGoneStopsSearch: when the client gives up, its request's
// store read is interrupted (it would run forever otherwise) with the
// request's cancellation, and nothing is logged as an error.
func TestClientGoneStopsSearch(t *testing.T) {
	logs := &syncLog{}
	e, lib := newEndlessEnv(t, time.Hour, logs)
	c := e.client()
	c.login()
	for _, path := range []string{"/api/puzzles?q=synth", "/puzzles?q=synth"} {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", c.base+path, nil)
		go func() {
			<-lib.started
			cancel() // the client gives up while the read runs
		}()
		if _, err := c.hc.Do(req); err == nil {
			t.Errorf("%s: the request was answered", path)
		}
		if err := waitEnd(lib); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: the store's read ended with %v, want the request's cancellation", path, err)
		}
	}
	e.srv.Close() // every handler done
	if s := logs.String(); s != "" {
		t.Errorf("a client leaving was logged: %s", s)
	}
}
