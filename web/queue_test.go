package web

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
	"pencilbox/library"
)

// heldRater is the Sudoku rater that holds every rating after the first
// free ones until release is closed: a queue's pass stops mid-way.
type heldRater struct {
	engine.SecondRater
	mu      sync.Mutex
	free    int
	release chan struct{}
}

func (h *heldRater) RateSecond(p engine.Puzzle, steps bool) engine.SecondRating {
	h.mu.Lock()
	free := h.free > 0
	h.free--
	h.mu.Unlock()
	if !free {
		<-h.release
	}
	return h.SecondRater.RateSecond(p, steps)
}

// TestQueuePageAndDashboard: while the rating queue works, its page and
// the dashboard say "ER: N of M" with the time left, the API the same
// counts, and the list shows the puzzles it has not reached as pending
// (never a figure), filtered by er=pending in the same number the
// dashboard gives; an editor's Cancel pauses it, Resume finishes it.
func TestQueuePageAndDashboard(t *testing.T) {
	const nFree = library.QueueEstimateAfter // rated before the hold: the time left is estimated
	h := &heldRater{SecondRater: testBundles.SecondRaters()["sudoku"], free: nFree, release: make(chan struct{})}
	var q *library.RateQueue
	e := newTestEnv(t, func(c *Config) {
		q = &library.RateQueue{Store: c.Export.(*db.DB), Kinds: c.Kinds, Second: engine.SecondRaters{"sudoku": h}, Jobs: 1, Batch: 1}
		c.Queue = q
	})
	// queue a third of the sample's Sudoku, as an import leaves them (SQL:
	// the state, and below the oracle the dashboard, er=pending and the
	// queue's counts are each checked against, apart from the store's)
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL
		WHERE kind = 'sudoku' AND status = 1 AND id % 3 = 0`); err != nil {
		t.Fatal(err)
	}
	pending := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	if pending <= library.QueueEstimateAfter+2 {
		t.Fatalf("%d pending: the test wants more", pending)
	}
	c := e.client()
	c.login()

	// before any pass: pending said everywhere, in one number
	r := c.get("/queue")
	if want := fmt.Sprintf("ER: %d pending", pending); !strings.Contains(r.body, want) {
		t.Errorf("queue page lacks %q:\n%s", want, r.body)
	}
	list := c.get("/puzzles?kind=sudoku&er=pending")
	if want := fmt.Sprintf(`%d puzzles`, pending); list.code != 200 || !strings.Contains(list.body, want) {
		t.Errorf("er=pending: %d, lacks %q", list.code, want)
	}
	var pg struct {
		Puzzles []map[string]any `json:"puzzles"`
		Total   int              `json:"total"`
	}
	api := c.get("/api/puzzles?kind=sudoku&er=pending&limit=500")
	if err := json.Unmarshal([]byte(api.body), &pg); err != nil || pg.Total != pending || len(pg.Puzzles) != pending {
		t.Fatalf("api er=pending: %v, %d of %d: %s", err, pg.Total, len(pg.Puzzles), api.body[:min(300, len(api.body))])
	}
	for _, p := range pg.Puzzles {
		if _, has := p["er"]; has || fmt.Sprint(p["pending"]) != "[er ep ed]" {
			t.Errorf("a pending puzzle in the API: er %v, pending %v", p["er"], p["pending"])
		}
	}
	page := c.get(fmt.Sprintf("/puzzles/%v", pg.Puzzles[0]["id"]))
	if !strings.Contains(page.body, `id="scales" class="pending">pending`) {
		t.Errorf("a pending puzzle's page does not say pending")
	}

	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	done := make(chan struct{})
	go func() { q.Run(ctx); close(done) }()
	var once sync.Once
	free := func() {
		once.Do(func() {
			h.mu.Lock()
			h.free = 1 << 30
			h.mu.Unlock()
			close(h.release)
		})
	}
	defer func() { stop(); free(); <-done }()
	for {
		st, err := q.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.Running && st.Rated == nFree {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	want := fmt.Sprintf("ER: %d of %d, ", nFree, pending) // then the time left
	if r := c.get("/queue"); !strings.Contains(r.body, want) || !strings.Contains(r.body, "left") || !strings.Contains(r.body, `id="queuecancel"`) {
		t.Errorf("queue page lacks %q and Cancel:\n%s", want, r.body)
	}
	if r := c.get("/"); !strings.Contains(r.body, `id="queue-progress-sudoku" href="/queue">`+want) {
		t.Errorf("dashboard lacks %q", want)
	}
	var qv struct {
		Running bool `json:"running"`
		Kinds   []struct {
			Scale                string
			Done, Total, Pending int
		} `json:"kinds"`
	}
	if err := json.Unmarshal([]byte(c.get("/api/queue").body), &qv); err != nil || !qv.Running || len(qv.Kinds) != 1 ||
		qv.Kinds[0].Scale != "er" || qv.Kinds[0].Done != nFree || qv.Kinds[0].Total != pending || qv.Kinds[0].Pending != pending-nFree {
		t.Errorf("api/queue: %+v %v", qv, err)
	}
	// the dashboard's pending, the list's er=pending and the queue agree
	left := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	if r := c.get("/puzzles?kind=sudoku&er=pending"); !strings.Contains(r.body, fmt.Sprintf("%d puzzles", left)) {
		t.Errorf("er=pending mid-pass does not count %d", left)
	}
	total := e.matches(pencilbox.Filter{Kind: "sudoku"})
	if r := c.get("/"); !strings.Contains(r.body, fmt.Sprintf("ER: %d of %d rated<", total-left, total)) {
		t.Errorf("dashboard's rated count disagrees with %d pending", left)
	}

	tok := c.token("/queue")
	if r := c.post("/queue/cancel", url.Values{"csrf": {tok}}); r.code != 303 {
		t.Fatalf("cancel: %d %s", r.code, r.body)
	}
	free() // the held rating ends; the pass stops there
	for st, _ := q.Status(ctx); st.Running; st, _ = q.Status(ctx) {
		time.Sleep(5 * time.Millisecond)
	}
	if r := c.get("/queue"); !strings.Contains(r.body, "Paused") || !strings.Contains(r.body, `id="queueresume"`) {
		t.Errorf("a cancelled queue's page:\n%s", r.body)
	}
	if r := c.post("/queue/resume", url.Values{"csrf": {tok}}); r.code != 303 {
		t.Fatalf("resume: %d %s", r.code, r.body)
	}
	for e.count(`SELECT count(*) FROM puzzles WHERE scale_rated = 0 AND kind = 'sudoku'`) > 0 {
		time.Sleep(10 * time.Millisecond)
	}
	if r := c.get("/"); strings.Contains(r.body, "queue-progress") {
		t.Errorf("the dashboard still shows the queue when nothing is pending")
	}
}

// TestRecipeSaysPending: a set built on an ER range says how many unused
// candidates the rating queue had not rated yet, in the flash of the set
// it built, and in the refusal of one it could not fill.
func TestRecipeSaysPending(t *testing.T) {
	e := newTestEnv(t, nil)
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL
		WHERE kind = 'sudoku' AND status = 1 AND id % 4 = 0`); err != nil {
		t.Fatal(err)
	}
	pending := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	c := e.client()
	tok := c.login()
	want := fmt.Sprintf("; %d candidates still pending (er=pending) were left out", pending)
	r := c.post("/sets/build", url.Values{"csrf": {tok}, "filter": {"kind=sudoku"}, "back": {"/puzzles?kind=sudoku"},
		"recipe": {"er=1-:1"}, "seed": {"1"}, "name": {"Week 50"}})
	if r.code != 303 {
		t.Fatalf("build: %d %s", r.code, r.body)
	}
	if page := html.UnescapeString(c.get(r.hdr.Get("Location")).body); !strings.Contains(page, want) {
		t.Errorf("the built set's page lacks %q", want)
	}
	r = c.post("/sets/build", url.Values{"csrf": {tok}, "filter": {"kind=sudoku"}, "back": {"/puzzles?kind=sudoku"},
		"recipe": {"er=1-:5000"}, "seed": {"1"}, "name": {"Week 51"}})
	if page := html.UnescapeString(r.body); r.code != 400 || !strings.Contains(page, want) {
		t.Errorf("a short recipe: %d, lacks %q", r.code, want)
	}
}

// TestPendingSlotsNeverShown: a pending puzzle's slots are never shown,
// whatever they hold (an import stores them NULL): the list, the
// puzzle's page, the API's list and puzzle say pending and give no
// figure, even with made-up figures written into the slots (figures no
// page showed before they were written).
func TestPendingSlotsNeverShown(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	c.login()
	var id int64
	if err := e.db.W.QueryRow(`SELECT min(id) FROM puzzles WHERE kind = 'sudoku' AND status = 1 AND id % 3 = 0`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	urls := []string{"/puzzles?kind=sudoku&er=pending", "/puzzles?kind=sudoku&limit=500", fmt.Sprintf("/puzzles/%d", id),
		"/api/puzzles?kind=sudoku&er=pending&limit=500", fmt.Sprintf("/api/puzzles/%d", id)}
	made := []string{"Made up"}
	for v := 120; v > 0 && len(made) < 4; v-- {
		text := fmt.Sprintf("%d.%d", v/10, v%10)
		shown := e.count(fmt.Sprintf(`SELECT count(*) FROM puzzles WHERE %s IN (scale1, scale2, scale3)`, text)) > 0
		for _, u := range urls {
			shown = shown || strings.Contains(c.get(u).body, text)
		}
		if !shown {
			made = append(made, text)
		}
	}
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = ?, scale2 = ?, scale3 = ?, scale_note = ?
		WHERE kind = 'sudoku' AND status = 1 AND id % 3 = 0`, made[1], made[2], made[3], made[0]); err != nil {
		t.Fatal(err)
	}
	for _, u := range urls {
		r := c.get(u)
		if r.code != 200 {
			t.Fatalf("%s: %d", u, r.code)
		}
		for _, bad := range made {
			if strings.Contains(r.body, bad) {
				t.Errorf("%s shows a pending puzzle's slot %q", u, bad)
			}
		}
		if !strings.Contains(r.body, "pending") {
			t.Errorf("%s does not say pending", u)
		}
	}
}

// TestSortPendingGroup: sorted by ER, the list and the API give the
// rated by their figure, then the pending, then those with nothing to
// rate, in either direction, across pages: the pending are a group of
// their own, not mixed with the puzzles that have no figure.
func TestSortPendingGroup(t *testing.T) {
	e := newTestEnv(t, nil)
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL
		WHERE kind = 'sudoku' AND status = 1 AND id % 3 = 0`); err != nil {
		t.Fatal(err)
	}
	pending := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	none := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 1 AND scale1 IS NULL`)
	total := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku'`)
	if pending == 0 || none == 0 {
		// a puzzle the rater gave up on: rated, no figure
		if _, err := e.db.W.Exec(`UPDATE puzzles SET scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL
			WHERE id = (SELECT max(id) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 1)`); err != nil {
			t.Fatal(err)
		}
		none = e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 1 AND scale1 IS NULL`)
	}
	c := e.client()
	c.login()
	for _, order := range []string{"", "desc"} {
		var seq []int // 0 rated, 1 pending, 2 none, in the order listed
		var ers []float64
		next := ""
		for pages := 0; ; pages++ {
			u := "/api/puzzles?kind=sudoku&sort=er&limit=37&order=" + order
			if next != "" {
				u += "&after=" + url.QueryEscape(next)
			}
			r := c.get(u)
			var pg struct {
				Puzzles []map[string]any `json:"puzzles"`
				Next    string           `json:"next"`
			}
			if err := json.Unmarshal([]byte(r.body), &pg); err != nil || pages > total {
				t.Fatalf("%s: %v %.300s", u, err, r.body)
			}
			for _, p := range pg.Puzzles {
				switch er, ok := p["er"].(float64); {
				case ok:
					seq, ers = append(seq, 0), append(ers, er)
				case p["pending"] != nil:
					seq = append(seq, 1)
				default:
					seq = append(seq, 2)
				}
			}
			if pg.Next == "" {
				break
			}
			next = pg.Next
		}
		if len(seq) != total || !slices.IsSorted(seq) {
			t.Errorf("order %q: %d of %d listed, groups in the order %v", order, len(seq), total, seq)
		}
		if n := len(ers); n < 2 || order == "" && !slices.IsSorted(ers) || order == "desc" && ers[0] < ers[n-1] {
			t.Errorf("order %q: the rated out of order: %v", order, ers)
		}
		if got := len(slices.DeleteFunc(slices.Clone(seq), func(g int) bool { return g != 1 })); got != pending {
			t.Errorf("order %q: %d pending listed, %d are", order, got, pending)
		}
	}
	// the list page sorted so says pending for each of them
	r := c.get("/puzzles?kind=sudoku&sort=er&order=desc&limit=1000")
	if r.code != 200 || strings.Count(r.body, "pending") < pending {
		t.Errorf("the list sorted by ER: %d, says pending %d times, %d are", r.code, strings.Count(r.body, "pending"), pending)
	}
}

// TestQueuePausedAcrossRestart: the rating queue is listed with the
// jobs (the dashboard, the import page) with its progress and state; an
// editor's Cancel is kept in the library, so after a restart of the
// server (a new server and queue on the same library) the queue is
// still paused, says by whom, rates nothing and lists nothing as
// running, until Resume, which finishes it.
func TestQueuePausedAcrossRestart(t *testing.T) {
	var cfg Config
	var q *library.RateQueue
	newQueue := func(c *Config) *library.RateQueue {
		d := c.Export.(*db.DB)
		return &library.RateQueue{Store: d, State: d, Kinds: c.Kinds, Second: c.Second, Jobs: 1}
	}
	e := newTestEnv(t, func(c *Config) {
		q = newQueue(c)
		c.Queue = q
		cfg = *c
	})
	// eight easy puzzles pending, none else (the sample's hardest take
	// the explainer seconds)
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 1 WHERE scale_rated = 0 AND kind = 'sudoku'`); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL
		WHERE id IN (SELECT id FROM puzzles WHERE kind = 'sudoku' AND status = 1 ORDER BY rank, id LIMIT 8)`); err != nil {
		t.Fatal(err)
	}
	pending := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	c := e.client()
	c.login()
	for _, u := range []string{"/", "/import"} {
		if r := c.get(u); !strings.Contains(r.body, `id="queue-job"`) || !strings.Contains(r.body, fmt.Sprintf("ER: %d pending", pending)) ||
			!strings.Contains(r.body, "waiting to start") {
			t.Errorf("%s does not list the queue with the jobs:\n%s", u, r.body)
		}
	}
	tok := c.token("/queue")
	if r := c.post("/queue/cancel", url.Values{"csrf": {tok}}); r.code != 303 {
		t.Fatalf("cancel: %d %s", r.code, r.body)
	}
	if r := c.get("/"); !strings.Contains(r.body, "paused by "+testUser+" on ") {
		t.Errorf("the dashboard's jobs do not say who paused the queue")
	}

	// restart: a new server and queue on the same library
	q2 := newQueue(&cfg)
	cfg2 := cfg
	cfg2.Queue = q2
	srv2 := httptest.NewServer(New(cfg2).Handler())
	defer srv2.Close()
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q2.Run(ctx); close(done) }()
	defer func() { stop(); <-done }()
	c2 := e.client()
	c2.base = srv2.URL
	c2.login()
	time.Sleep(200 * time.Millisecond)
	r := c2.get("/queue")
	if !strings.Contains(r.body, "Paused by "+testUser) || !strings.Contains(r.body, `id="queueresume"`) ||
		e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`) != pending {
		t.Errorf("after a restart the cancelled queue is not paused:\n%s", r.body)
	}
	if r := c2.post("/queue/resume", url.Values{"csrf": {c2.token("/queue")}}); r.code != 303 {
		t.Fatalf("resume: %d %s", r.code, r.body)
	}
	for e.count(`SELECT count(*) FROM puzzles WHERE scale_rated = 0 AND kind = 'sudoku'`) > 0 {
		time.Sleep(10 * time.Millisecond)
	}
	waitQueue := func() library.QueueStatus {
		for {
			st, _ := q2.Status(ctx)
			if !st.Running {
				return st
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	if st := waitQueue(); st.Paused {
		t.Errorf("resumed, still paused: %+v", st)
	}
	if r := c2.get("/"); strings.Contains(r.body, `id="queue-job"`) {
		t.Errorf("the jobs list the queue with nothing pending")
	}
}

// TestJobPageSaysQueued: the page of an import whose puzzles' ER the
// queue still has to rate says so, with the queue's progress and a link
// to it, where it used to say "Done." alone.
func TestJobPageSaysQueued(t *testing.T) {
	e := newTestEnv(t, func(c *Config) {
		d := c.Export.(*db.DB)
		q := &library.RateQueue{Store: d, State: d, Kinds: c.Kinds, Second: c.Second, Jobs: 1} // not run: nothing moves
		c.Queue = q
		c.Library.(*StoreLibrary).Queue = q
	})
	c := e.client()
	tok := c.login()
	// one of the forum's hardest, which the quick pass leaves pending
	const hardest = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
	r := c.post("/import", url.Values{"csrf": {tok}, "text": {hardest + "\n"}, "source": {"hard"}})
	job := r.hdr.Get("Location")
	if r.code != http.StatusSeeOther || !strings.HasPrefix(job, "/import/") {
		t.Fatalf("import: %d %q", r.code, job)
	}
	var page string
	for page = c.get(job).body; !strings.Contains(page, `data-done="1"`); page = c.get(job).body {
		time.Sleep(10 * time.Millisecond)
	}
	pending := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	if e.count(`SELECT count(*) FROM puzzles p JOIN sources s ON s.puzzle_id = p.id WHERE s.label = 'hard' AND p.scale_rated = 0`) != 1 {
		t.Fatal("the import did not leave its puzzle pending: the test wants one of the hardest")
	}
	if want := fmt.Sprintf("ER: %d pending", pending); !strings.Contains(page, `id="jobqueue"`) || !strings.Contains(page, want) ||
		!strings.Contains(page, `href="/queue"`) {
		t.Errorf("the job page lacks the queue (%q):\n%s", want, page)
	}
}
