package db_test

import (
	"context"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
)

// TestJobEndsRecorded: a job keeps who started it, and a run cut short is
// stored as cancelled, interrupted or stopped with its reason (in the job
// and its audit row), never as done; a state that is no end is refused.
func TestJobEndsRecorded(t *testing.T) {
	ctx := db.WithActor(context.Background(), "alice")
	d := MustOpen(t)
	for _, tc := range []struct{ state, reason string }{
		{pencilbox.JobCancelled, "Cancelled by bob."},
		{pencilbox.JobInterrupted, "The server was stopped during the run."},
		{pencilbox.JobStopped, "Stopped at its time limit of 30m."},
		{pencilbox.JobDone, ""},
	} {
		id, err := d.StartJob(ctx, pencilbox.Job{Source: "generated"})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.FinishJob(ctx, id, tc.state, tc.reason); err != nil {
			t.Fatal(err)
		}
		j, err := d.Job(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if j.State != tc.state || j.Failed != tc.reason || j.Owner != "alice" || j.Finished.IsZero() {
			t.Errorf("%s: stored as %q %q owner %q finished %v", tc.state, j.State, j.Failed, j.Owner, j.Finished)
		}
		var detail string
		if err := d.R.QueryRowContext(ctx, `SELECT detail FROM audit WHERE job_id = ? AND action = ?`, id, db.ActionJobEnd).Scan(&detail); err != nil {
			t.Fatal(err)
		}
		if tc.reason != "" && !strings.Contains(detail, tc.state+": "+tc.reason) {
			t.Errorf("%s: audit row %q", tc.state, detail)
		}
	}
	id, _ := d.StartJob(ctx, pencilbox.Job{Source: "x"})
	if err := d.FinishJob(ctx, id, pencilbox.JobRunning, ""); err == nil {
		t.Error("FinishJob took the state running")
	}
}
