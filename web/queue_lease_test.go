package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"strings"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/library"
)

// TestQueueWorkedElsewhere: while another process works the library's
// queue (`pencilbox rate-queue`, its lease), the server's queue rates
// nothing, and its page, the dashboard's jobs and the API say who works
// it since when, with that process's pass ("ER: 5 of N"); once the lease
// is given back, the server's next pass rates the rest and the pages no
// longer name it.
func TestQueueWorkedElsewhere(t *testing.T) {
	var q *library.RateQueue
	e := newTestEnv(t, func(c *Config) {
		d := c.Export.(*db.DB)
		q = &library.RateQueue{Store: d, State: d, Lease: d, Holder: "serve", Kinds: c.Kinds, Second: c.Second, Jobs: 1}
		c.Queue = q
	})
	// eight easy puzzles pending, none else
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 1 WHERE scale_rated = 0 AND kind = 'sudoku'`); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.W.Exec(`UPDATE puzzles SET scale_rated = 0, scale1 = NULL, scale2 = NULL, scale3 = NULL, scale_note = NULL
		WHERE id IN (SELECT id FROM puzzles WHERE kind = 'sudoku' AND status = 1 ORDER BY rank, id LIMIT 8)`); err != nil {
		t.Fatal(err)
	}
	pending := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`)
	ctx := context.Background()
	since := time.Date(2026, 11, 26, 17, 2, 0, 0, time.UTC)
	other := pencilbox.QueueLease{Holder: "rate-queue", PID: 1234, Host: "elsewhere", Token: "cli", Since: since, Expires: time.Now().Add(time.Hour)}
	if _, err := e.db.TakeQueueLease(ctx, other, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := e.db.SetQueuePass(ctx, []pencilbox.QueuePassKind{{Kind: "sudoku", Total: pending + 5, Done: 5, Started: since}}); err != nil {
		t.Fatal(err)
	}
	var held *library.QueueHeldError
	if n, err := q.Pass(ctx); n != 0 || !errors.As(err, &held) {
		t.Fatalf("the server's pass beside rate-queue: %d rated, %v", n, err)
	}
	c := e.client()
	c.login()
	state := "worked by pencilbox rate-queue (pid 1234 on elsewhere) since 2026-11-26 17:02 UTC: this server rates nothing meanwhile and takes the queue back when that process ends"
	progress := fmt.Sprintf("ER: 5 of %d", pending+5)
	r := c.get("/queue")
	if body := html.UnescapeString(r.body); !strings.Contains(body, "W"+state[1:]) || !strings.Contains(body, progress) || !strings.Contains(body, `data-elsewhere="1"`) {
		t.Errorf("the queue page lacks %q and %q:\n%s", state, progress, r.body)
	}
	if body := html.UnescapeString(c.get("/").body); !strings.Contains(body, `id="queue-job-state">`+state) || !strings.Contains(body, progress) {
		t.Errorf("the dashboard's jobs lack %q and %q", state, progress)
	}
	var qv struct {
		WorkedBy    string `json:"worked_by"`
		WorkedSince string `json:"worked_since"`
		Running     bool   `json:"running"`
	}
	if err := json.Unmarshal([]byte(c.get("/api/queue").body), &qv); err != nil || qv.Running ||
		qv.WorkedBy != "pencilbox rate-queue (pid 1234 on elsewhere)" || qv.WorkedSince != "2026-11-26 17:02 UTC" {
		t.Errorf("api/queue: %+v %v", qv, err)
	}
	if n := e.count(`SELECT count(*) FROM puzzles WHERE kind = 'sudoku' AND scale_rated = 0`); n != pending {
		t.Errorf("%d pending, %d before: the server rated beside rate-queue", n, pending)
	}

	// rate-queue ends: the server's next pass takes the rest
	if err := e.db.ReleaseQueueLease(ctx, other.Token); err != nil {
		t.Fatal(err)
	}
	if n, err := q.Pass(ctx); n != pending || err != nil {
		t.Errorf("the server's pass after rate-queue ended: %d rated of %d, %v", n, pending, err)
	}
	if body := c.get("/queue").body; strings.Contains(body, "worked by") || strings.Contains(body, "Worked by") {
		t.Errorf("the queue page still names rate-queue:\n%s", body)
	}
}
