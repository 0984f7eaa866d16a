package library_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"pencilbox/db"
	"pencilbox/library"
)

// TestFailedText: a failed job's sentence is the store's own when the
// store explains the error (db.Explain naming the library's file), else
// says the import was stopped, else points to the log; never the
// program's error text.
func TestFailedText(t *testing.T) {
	const path = "/srv/puzzles.db"
	dbExplain := func(err error) (string, bool) { return db.Explain(err, path) }
	none := func(error) (string, bool) { return "", false }
	cases := []struct {
		what    string
		err     error
		explain func(error) (string, bool)
		want    string // the sentence starts so
		wantIn  string // and holds this
	}{
		{"damaged database", fmt.Errorf("add batch: %w", db.ErrDamaged), dbExplain, "The library's database " + path + " is damaged", "pencilbox restore --db " + path},
		{"the store's own sentence", errors.New("quota"), func(error) (string, bool) { return "Ask for more room.", true }, "Ask for more room.", ""},
		{"cancelled", fmt.Errorf("read: %w", context.Canceled), dbExplain, "The import was stopped before it finished", "running it again completes it"},
		{"deadline", context.DeadlineExceeded, none, "The import was stopped before it finished", ""},
		{"anything else", errors.New("add batch: boom"), dbExplain, "The import stopped on an unexpected error", "log"},
	}
	for _, tc := range cases {
		got := library.FailedText(tc.err, tc.explain)
		if !strings.HasPrefix(got, tc.want) || !strings.Contains(got, tc.wantIn) {
			t.Errorf("%s: %q, want it to start %q and hold %q", tc.what, got, tc.want, tc.wantIn)
		}
		if strings.Contains(got, tc.err.Error()) {
			t.Errorf("%s: %q shows the program's error text %q", tc.what, got, tc.err)
		}
	}
}
