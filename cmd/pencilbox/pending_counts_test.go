package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"pencilbox/db"
)

// webClient is a browser for a serve child: cookies kept, redirects not
// followed.
type webClient struct {
	t    *testing.T
	base string
	hc   *http.Client
}

func newWebClient(t *testing.T, base string) *webClient {
	jar, _ := cookiejar.New(nil)
	return &webClient{t: t, base: base, hc: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

func (c *webClient) do(method, path string, form url.Values) (int, string) {
	c.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, _ := http.NewRequest(method, c.base+path, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	r, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(b)
}

func (c *webClient) get(path string) string {
	c.t.Helper()
	code, body := c.do("GET", path, nil)
	if code != 200 {
		c.t.Fatalf("GET %s: %d %.300s", path, code, body)
	}
	return body
}

var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

func (c *webClient) post(path, from string, form url.Values) {
	c.t.Helper()
	m := csrfField.FindStringSubmatch(c.get(from))
	if m == nil {
		c.t.Fatalf("%s has no form token", from)
	}
	form.Set("csrf", m[1])
	if code, body := c.do("POST", path, form); code != http.StatusSeeOther {
		c.t.Fatalf("POST %s: %d %.300s", path, code, body)
	}
}

const servePassword = "counts-agree-password"

// startServe runs `pencilbox serve` on path in a child process (the
// TestKillChild "serve" mode) and returns it with a logged-in client.
func startServe(t *testing.T, path string) (stop func(), c *webClient) {
	t.Helper()
	cmd, out := startKillChild(t, "serve", path, "")
	addr := make(chan string, 1)
	go func() {
		for out.Scan() {
			if _, a, ok := strings.Cut(out.Text(), " on http://"); ok {
				addr <- strings.TrimSuffix(strings.Fields(a)[0], "/")
			}
		}
	}()
	select {
	case a := <-addr:
		c = newWebClient(t, "http://"+a)
	case <-time.After(60 * time.Second):
		kill(t, cmd)
		t.Fatal("serve did not say where it listens")
	}
	c.post("/login", "/login", url.Values{"username": {"admin"}, "password": {servePassword}})
	return func() { cmd.Process.Signal(syscall.SIGKILL); cmd.Wait() }, c
}

// pendingCounts are the number of puzzles pending on the ER, as each
// place says it.
type pendingCounts map[string]int

// countPending reads every place that says how many puzzles the queue has
// left: the dashboard (rated of total, and the queue among the jobs),
// /queue, /api/queue, the list's er=pending and the API's, export --er
// pending, and check.
func countPending(t *testing.T, c *webClient, path string) pendingCounts {
	t.Helper()
	n := pendingCounts{}
	num := func(s string) int {
		v, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return v
	}
	// where nothing is pending: the dashboard shows no progress and no
	// queue among the jobs, /queue "ER: none pending", check no count
	none := func(body string) bool {
		return strings.Contains(body, "ER: none pending") || !strings.Contains(body, "scale-progress") &&
			!strings.Contains(body, `id="queue-job"`) && !strings.Contains(body, "pending for the rating queue") && !strings.Contains(body, "id=\"queue-sudoku\"")
	}
	find := func(where, body, re string) {
		m := regexp.MustCompile(re).FindStringSubmatch(body)
		if m == nil && none(body) {
			n[where] = 0 // nothing pending, said so
			return
		}
		if m == nil {
			t.Errorf("%s does not match %s", where, re)
			return
		}
		if len(m) == 3 {
			n[where] = num(m[2]) - num(m[1])
		} else {
			n[where] = num(m[1])
		}
	}
	dash := c.get("/")
	find("dashboard, rated of total", dash, `id="scale-progress-sudoku">ER: ([0-9,]+) of ([0-9,]+) rated<`)
	find("dashboard, jobs", dash, `id="queue-job"(?s:.*?)ER: ([0-9,]+) pending`)
	find("/queue", c.get("/queue"), `id="queue-sudoku">ER: ([0-9,]+) pending`)
	var q struct {
		Kinds []struct{ Pending int } `json:"kinds"`
	}
	if err := json.Unmarshal([]byte(c.get("/api/queue")), &q); err != nil || len(q.Kinds) != 1 {
		t.Fatalf("/api/queue: %v %+v", err, q)
	}
	n["/api/queue"] = q.Kinds[0].Pending
	find("list er=pending", c.get("/puzzles?er=pending&count=all"), `([0-9,]+) puzzles? match`)
	var pg struct {
		Total int  `json:"total"`
		More  bool `json:"more"`
	}
	if err := json.Unmarshal([]byte(c.get("/api/puzzles?er=pending&count=all&limit=1")), &pg); err != nil || pg.More {
		t.Fatalf("/api/puzzles?er=pending: %v %+v", err, pg)
	}
	n["/api/puzzles er=pending"] = pg.Total
	out := filepath.Join(t.TempDir(), "pending.txt")
	switch code, _, errs := runCLI(t, "", "export", "--db", path, "--er", "pending", "--format", "line", "-o", out); {
	case code == 1 && strings.Contains(errs, "no puzzles match"):
		n["export --er pending"] = 0
	case code != 0:
		t.Fatalf("export --er pending: %d %s", code, errs)
	default:
		b, _ := os.ReadFile(out)
		n["export --er pending"] = strings.Count(string(b), "\n")
	}
	_, said, _ := runCLI(t, "", "check", "--db", path)
	find("check", said, `; ([0-9,]+) pending for the rating queue`)
	return n
}

// agree reports whether every place says want.
func (n pendingCounts) agree(want int) bool {
	for _, v := range n {
		if v != want {
			return false
		}
	}
	return len(n) > 0
}

// TestPendingCountsAgree (issue 34: "pending counts agree everywhere"):
// a library of every kind, imported with the ER queued, part of the
// queue rated by `import --ratings`; with serve's queue paused (so
// nothing moves while it is read), every place that counts the pending
// says the number the library holds: the dashboard (rated of total, and
// among the jobs), /queue, /api/queue, the list's and the API's
// er=pending, export --er pending and check. Then the queue resumed,
// serve killed (SIGKILL) once it rated some, restarted and paused
// again: every place agrees again, on fewer.
func TestPendingCountsAgree(t *testing.T) {
	if os.Getenv(killChildEnv) != "" {
		t.Skip("in the child")
	}
	if testing.Short() {
		t.Skip("kills child processes")
	}
	t.Setenv(adminEnv, servePassword)
	path := sampleLibrary(t)
	// and 1,500 easy Sudoku, all queued (the import's quick pass rates
	// such puzzles at once; an import of hard ones leaves them so), so
	// the queue is still at work when serve is killed
	synth := filepath.Join(t.TempDir(), "synth.sdm")
	writeSynth(t, synth, 1500)
	if code, out, errs := runCLI(t, "", "import", "--db", path, synth); code != 0 {
		t.Fatalf("import: exit %d: %s %s", code, out, errs)
	}
	raw := openRaw(t, path)
	if _, err := raw.Exec(`UPDATE puzzles SET scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL, scale_rated = 0
		WHERE kind = 'sudoku' AND status = 1`); err != nil {
		t.Fatal(err)
	}
	stored := func() int {
		return count(t, raw, `SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	}
	before := stored()

	// a runner rates a third of the queue elsewhere (easy ones: the
	// thorough rater takes seconds on the sample's hardest)
	part := filepath.Join(t.TempDir(), "part.txt")
	if code, _, errs := runCLI(t, "", "export", "--db", path, "--er", "pending", "--source", "synth.sdm", "--format", "line", "--limit", strconv.Itoa(before/3), "-o", part); code != 0 {
		t.Fatalf("export: %d %s", code, errs)
	}
	b, _ := os.ReadFile(part)
	code, rated, errs := runCLI(t, string(b), "rate", "--er")
	if code != 0 {
		t.Fatalf("rate --er: %d %s", code, errs)
	}
	os.WriteFile(part, []byte(rated), 0o644)
	if code, out, errs := runCLI(t, "", "import", "--db", path, "--ratings", part); code != 0 {
		t.Fatalf("import --ratings: %d %s %s", code, out, errs)
	}
	if stored() != before-before/3 || before/3 == 0 {
		t.Fatalf("%d pending of %d after rating %d", stored(), before, before/3)
	}

	// serve, its queue paused before it starts
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	err = d.SetQueuePause(db.WithActor(context.Background(), "cli:test"), true)
	d.Close()
	if err != nil {
		t.Fatal(err)
	}
	stop, c := startServe(t, path)
	if n := countPending(t, c, path); !n.agree(stored()) {
		t.Errorf("the counts of pending disagree (%d stored): %v", stored(), n)
	}

	// resume; kill -9 once it rated some; restart; pause; count again
	left := stored()
	c.post("/queue/resume", "/queue", url.Values{})
	deadline := time.Now().Add(5 * time.Minute)
	for stored() == left {
		if time.Now().After(deadline) {
			t.Fatal("the queue rated nothing in 5 minutes")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// beside serve's queue at work (another process: its lease),
	// rate-queue rates nothing and names it
	if code, out, errs := runCLI(t, "", "rate-queue", "--db", path); code != 3 || out != "" ||
		!strings.Contains(errs, "the rating queue is worked by pencilbox serve (pid ") {
		if code != 0 || stored() != 0 {
			t.Errorf("rate-queue beside serve's queue: exit %d, %q %q", code, out, errs)
		}
		t.Log("the queue finished before rate-queue ran")
	}
	stop()
	if stored() == 0 {
		t.Log("the queue finished before the kill")
	}
	stop, c = startServe(t, path)
	defer stop()
	c.post("/queue/cancel", "/queue", url.Values{})
	for strings.Contains(c.get("/api/queue"), `"running":true`) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := countPending(t, c, path); !n.agree(stored()) || stored() >= left {
		t.Errorf("after a kill -9 and a restart, the counts of pending disagree (%d stored, %d before): %v", stored(), left, n)
	}
}

// serveChild is TestKillChild's "serve" mode: serve path on a free port
// of the loopback, saying where on stdout.
func serveChild(t *testing.T, path string) {
	e := newEnv()
	if code := run(e, []string{"serve", "--db", path, "--addr", "127.0.0.1:0", "--sample=false"}); code != 0 {
		t.Fatalf("serve: exit %d", code)
	}
}
