package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/db"
)

// farRun starts a generator run no one can tell is out of reach up front
// (issue 28: count 10,000 at ER 11.5 and up ran until restart) and
// returns its job id, or the refusal's answer.
func farRun(c *client, tok string) (int64, resp) {
	c.t.Helper()
	r := c.post("/generate", url.Values{"csrf": {tok}, "kind": {"sudoku"}, "count": {"10000"}, "er": {"11.5-"}})
	loc := r.hdr.Get("Location")
	if r.code != http.StatusSeeOther || !strings.HasPrefix(loc, "/import/") {
		return 0, r
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(loc, "/import/"), 10, 64)
	if err != nil {
		c.t.Fatalf("Location %q", loc)
	}
	return id, r
}

// ended waits for job id to end in the server and returns its stored
// state and reason (the test fails after two minutes rather than hang).
func (e *testEnv) ended(id int64) (state, failed string) {
	e.t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if _, here := e.s.jobs.owner(id); !here {
			break
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("job %d still runs after two minutes", id)
		}
	}
	j, err := e.db.Job(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return j.State, j.Failed
}

// TestJobCancel: a running job is cancelled from its page by the editor
// who started it and from the API by an admin; another editor and a
// viewer get 403 and the job runs on; the job is stored as cancelled by
// whom, with its audit row, never as done; an ended job cannot be
// cancelled (409).
func TestJobCancel(t *testing.T) {
	e := roleEnv(t)
	if _, err := (db.UserStore{DB: e.db.W}).AddWithRole(context.Background(), "editor2", testPass, db.RoleEditor); err != nil {
		t.Fatal(err)
	}
	ed := e.client()
	etok := ed.loginAs("editor1", testPass)
	other := e.client()
	otok := other.loginAs("editor2", testPass)
	viewer := e.client()
	vtok := viewer.loginAs("viewer1", testPass)
	adm := e.client()
	atok := adm.loginAs(testUser, testPass)

	id, r := farRun(ed, etok)
	if id == 0 {
		t.Fatalf("the run did not start: %d %.300s", r.code, r.body)
	}
	page := ed.get(fmt.Sprintf("/import/%d", id)).body
	if !strings.Contains(page, `id="jobcancel"`) {
		t.Errorf("the job's page offers its owner no Cancel button")
	}
	if strings.Contains(other.get(fmt.Sprintf("/import/%d", id)).body, `id="jobcancel"`) {
		t.Errorf("the job's page offers another editor a Cancel button")
	}
	for _, tc := range []struct {
		who  string
		c    *client
		path string
		tok  string
		says string
	}{
		{"another editor", other, fmt.Sprintf("/import/%d/cancel", id), otok, "Only the user who started job"},
		{"another editor (API)", other, fmt.Sprintf("/api/jobs/%d/cancel", id), otok, "Only the user who started job"},
		{"a viewer", viewer, fmt.Sprintf("/import/%d/cancel", id), vtok, "Your role (viewer) may not do this"},
		{"the owner without the CSRF token", ed, fmt.Sprintf("/import/%d/cancel", id), "", ""},
	} {
		r := tc.c.post(tc.path, url.Values{"csrf": {tc.tok}})
		if r.code != http.StatusForbidden || !strings.Contains(r.body, tc.says) {
			t.Errorf("%s: POST %s: %d %.200s; want 403 saying %q", tc.who, tc.path, r.code, r.body, tc.says)
		}
	}
	if _, here := e.s.jobs.owner(id); !here {
		t.Fatalf("job %d stopped after refused cancels", id)
	}
	r = ed.post(fmt.Sprintf("/import/%d/cancel", id), url.Values{"csrf": {etok}})
	if r.code != http.StatusSeeOther || r.hdr.Get("Location") != fmt.Sprintf("/import/%d", id) {
		t.Fatalf("the owner's cancel: %d %.200s", r.code, r.body)
	}
	if state, failed := e.ended(id); state != pencilbox.JobCancelled || !strings.Contains(failed, "Cancelled by editor1") {
		t.Errorf("cancelled job stored as %q %q", state, failed)
	}
	if page := ed.get(fmt.Sprintf("/import/%d", id)).body; !strings.Contains(page, "Cancelled: Cancelled by editor1") || strings.Contains(page, `id="jobcancel"`) {
		t.Errorf("the cancelled job's page: %.2000s", page)
	}
	// the audit log, read through the site's store interface
	var audit pencilbox.AuditLog = db.AuditStore{R: e.db.R, W: e.db.W}
	rows, err := audit.List(context.Background(), pencilbox.AuditFilter{Limit: 1000})
	var detail string
	for _, a := range rows {
		if a.JobID == id && a.Action == pencilbox.ActionJobEnd {
			detail = a.Detail
		}
	}
	if err != nil || !strings.Contains(detail, "cancelled: Cancelled by editor1") {
		t.Errorf("audit row of the end: %q %v", detail, err)
	}
	if r := ed.post(fmt.Sprintf("/import/%d/cancel", id), url.Values{"csrf": {etok}}); r.code != http.StatusConflict || !strings.Contains(r.body, "has already ended (cancelled)") {
		t.Errorf("cancelling an ended job: %d %.200s", r.code, r.body)
	}

	// an admin cancels an editor's run through the API (header token)
	id, r = farRun(ed, etok)
	if id == 0 {
		t.Fatalf("the second run did not start: %d %.300s", r.code, r.body)
	}
	req, _ := http.NewRequest("POST", adm.base+fmt.Sprintf("/api/jobs/%d/cancel", id), nil)
	req.Header.Set("X-CSRF-Token", atok)
	r = adm.do(req)
	var j struct {
		ID int64 `json:"id"`
	}
	if r.code != http.StatusAccepted || json.Unmarshal([]byte(r.body), &j) != nil || j.ID != id {
		t.Fatalf("the admin's API cancel: %d %.200s", r.code, r.body)
	}
	if state, failed := e.ended(id); state != pencilbox.JobCancelled || !strings.Contains(failed, "Cancelled by "+testUser) {
		t.Errorf("job cancelled by the admin stored as %q %q", state, failed)
	}
	if r := adm.get(fmt.Sprintf("/api/jobs/%d", id)); !strings.Contains(r.body, `"state":"cancelled"`) {
		t.Errorf("the API's job: %.300s", r.body)
	}
}

// TestJobCaps: with at most 2 jobs running and 1 per user, a user's
// second run is refused naming the per-user cap, a third run in all
// naming the server's; once one ends another may start.
func TestJobCaps(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.MaxJobs, c.MaxJobsPerUser = 2, 1 })
	users := db.UserStore{DB: e.db.W}
	for _, n := range []string{"ed1", "ed2"} {
		if _, err := users.AddWithRole(context.Background(), n, testPass, db.RoleEditor); err != nil {
			t.Fatal(err)
		}
	}
	adm, ed1, ed2 := e.client(), e.client(), e.client()
	atok, tok1, tok2 := adm.login(), ed1.loginAs("ed1", testPass), ed2.loginAs("ed2", testPass)
	first, r := farRun(ed1, tok1)
	if first == 0 {
		t.Fatalf("first run: %d %.300s", r.code, r.body)
	}
	if id, r := farRun(ed1, tok1); id != 0 || r.code != http.StatusTooManyRequests || !strings.Contains(r.body, "You have 1 job running, the most one user may run at once (pencilbox serve --max-user-jobs)") {
		t.Errorf("a user's second run: job %d, %d %.300s", id, r.code, r.body)
	}
	second, r := farRun(adm, atok)
	if second == 0 {
		t.Fatalf("the admin's run: %d %.300s", r.code, r.body)
	}
	if id, r := farRun(ed2, tok2); id != 0 || r.code != http.StatusTooManyRequests || !strings.Contains(r.body, "2 jobs are running, the most this server runs at once (pencilbox serve --max-jobs)") {
		t.Errorf("a third run: job %d, %d %.300s", id, r.code, r.body)
	}
	// an import counts as a job too
	if r := ed2.post("/import", url.Values{"csrf": {tok2}, "text": {"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}}); r.code != http.StatusTooManyRequests {
		t.Errorf("an import over the cap: %d %.300s", r.code, r.body)
	}
	if r := ed1.post(fmt.Sprintf("/import/%d/cancel", first), url.Values{"csrf": {tok1}}); r.code != http.StatusSeeOther {
		t.Fatalf("cancel: %d", r.code)
	}
	e.ended(first)
	third, r := farRun(ed2, tok2)
	if third == 0 {
		t.Errorf("a run after one ended: %d %.300s", r.code, r.body)
	}
	for _, id := range []int64{second, third} {
		if id != 0 {
			e.s.jobs.cancel(id, &pencilbox.JobStop{State: pencilbox.JobCancelled, Reason: "test over"})
			e.ended(id)
		}
	}
}

// TestGenerateTimeLimit: a run past the server's time limit is stopped
// and stored as stopped, the limit and its flag named, never as done.
func TestGenerateTimeLimit(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.GenerateLimit = 300 * time.Millisecond })
	c := e.client()
	tok := c.login()
	if page := c.get("/generate").body; !strings.Contains(page, "A run stops after 300 ms, keeping what it made") {
		t.Errorf("the Generate page does not say the time limit")
	}
	id, r := farRun(c, tok)
	if id == 0 {
		t.Fatalf("the run did not start: %d %.300s", r.code, r.body)
	}
	state, failed := e.ended(id)
	if state != pencilbox.JobStopped || !strings.Contains(failed, "time limit of a run, 300 ms (pencilbox serve --generate-limit)") {
		t.Errorf("run past its limit stored as %q %q", state, failed)
	}
	if page := c.get(fmt.Sprintf("/import/%d", id)).body; !strings.Contains(page, "Stopped: Stopped at the time limit") {
		t.Errorf("the page of the stopped run does not say so")
	}
}

// TestCloseInterruptsJobs: a run the server's shutdown cuts short is
// stored as interrupted, with the reason, not as done.
func TestCloseInterruptsJobs(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	id, r := farRun(c, c.login())
	if id == 0 {
		t.Fatalf("the run did not start: %d %.300s", r.code, r.body)
	}
	e.s.Close()
	j, err := e.db.Job(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if j.State != pencilbox.JobInterrupted || !strings.Contains(j.Failed, "The server was stopped while the job ran") {
		t.Errorf("run cut by the shutdown stored as %q %q", j.State, j.Failed)
	}
}

// TestJobLimitsInWords: the Generate page and the caps' refusals say the
// limits as a reader writes them: the default run limit "1 h" (it said
// "1h0m0s"), one job "1 job" (it said "1 jobs").
func TestJobLimitsInWords(t *testing.T) {
	e := newTestEnv(t, func(c *Config) { c.MaxJobs, c.MaxJobsPerUser = 1, 1 })
	c := e.client()
	tok := c.login()
	if page := c.get("/generate").body; !strings.Contains(page, "A run stops after 1 h, keeping what it made, and its page can cancel it; each user may run 1 job (imports and runs) at once, the server 1.") {
		i := strings.Index(page, "A run stops")
		t.Errorf("the Generate page's limits: %.200s", page[max(i, 0):])
	}
	first, r := farRun(c, tok)
	if first == 0 {
		t.Fatalf("first run: %d %.300s", r.code, r.body)
	}
	if id, r := farRun(c, tok); id != 0 || !strings.Contains(r.body, "You have 1 job running, the most one user may run at once") {
		t.Errorf("a second run: job %d, %d %.300s", id, r.code, r.body)
	}
	e.s.jobs.cancel(first, &pencilbox.JobStop{State: pencilbox.JobCancelled, Reason: "test over"})
	e.ended(first)
	for d, want := range map[time.Duration]string{time.Hour: "1 h", 90 * time.Minute: "90 min", 30 * time.Second: "30 s", 300 * time.Millisecond: "300 ms", 1500 * time.Microsecond: "1.5ms"} {
		if got := spanWords(d); got != want {
			t.Errorf("spanWords(%v) = %q, want %q", d, got, want)
		}
	}
}
