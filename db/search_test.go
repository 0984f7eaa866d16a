package db_test

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"modernc.org/sqlite"

	"pencilbox"
	"pencilbox/db"
)

// words is a search of n distinct words.
func words(n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = fmt.Sprintf("w%d", i)
	}
	return strings.Join(ws, " ")
}

// TestSearchLimits: a search over its limits is refused by every read of
// the store, and by CheckFilter, saying what to change; one at the limits
// runs.
func TestSearchLimits(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	long := strings.Repeat("x", pencilbox.MaxQueryChars+1)
	for _, tc := range []struct {
		name, q, want string
	}{
		{"at the word limit", words(pencilbox.MaxQueryWords), ""},
		{"at the length limit", strings.Repeat("y", pencilbox.MaxQueryChars), ""},
		{"multi-byte characters count once", strings.Repeat("é", pencilbox.MaxQueryChars), ""},
		{"one word too many", words(pencilbox.MaxQueryWords + 1), "has 17 words, but at most 16 are allowed: remove 1"},
		{"words split as the search splits them", strings.Repeat("a-", 20), "has 20 words"},
		{"20,000 words", words(20000), "at most 200 are allowed: shorten it by"},
		{"one character too many", long, "is 201 characters long, but at most 200 are allowed: shorten it by 1"},
	} {
		f := pencilbox.Filter{Q: tc.q}
		check := func(what string, err error) {
			t.Helper()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("%s: %s: %v", tc.name, what, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("%s: %s: error %v, want one saying %q", tc.name, what, err, tc.want)
			}
		}
		check("CheckFilter", db.CheckFilter(f))
		_, err := lib.d.Puzzles(ctx, f)
		check("Puzzles", err)
		_, err = lib.d.Count(ctx, f, 0)
		check("Count", err)
		check("Each", lib.d.Each(ctx, f, func(pencilbox.Puzzle) error { return nil }))
		_, err = lib.d.IDs(ctx, f, 0)
		check("IDs", err)
		check("Bulk", lib.d.Bulk(ctx, f, 0, db.BulkOptions{}, func([]pencilbox.Puzzle) error { return nil }))
	}
}

// started is signalled by the SQL function pb_started each time a
// statement calls it: the statement is running.
var started = make(chan struct{}, 1)

func init() {
	sqlite.MustRegisterScalarFunction("pb_started", 0, func(*sqlite.FunctionContext, []driver.Value) (driver.Value, error) {
		select {
		case started <- struct{}{}:
		default:
		}
		return int64(1), nil
	})
}

// endless counts without end: only an interrupt stops it.
const endless = `WITH RECURSIVE c(x) AS (SELECT pb_started() UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c`

// TestCancelledQueryStops: the reads of the list and the search end when
// their context does, in the middle of a statement (SQLite interrupted),
// with the context's error. The statement here never ends by itself:
// only the interrupt can stop it.
func TestCancelledQueryStops(t *testing.T) {
	d := MustOpen(t)
	run := func(ctx context.Context) chan error {
		done := make(chan error, 1)
		go func() {
			rows, err := d.Query(ctx, endless)
			if err == nil {
				for rows.Next() {
				}
				err = rows.Err()
				rows.Close()
			}
			done <- err
		}()
		return done
	}
	wait := func(what string, done chan error, want error) {
		t.Helper()
		select {
		case err := <-done:
			if !errors.Is(err, want) {
				t.Errorf("%s: error %v, want %v", what, err, want)
			}
		case <-time.After(time.Minute):
			// Fatal would wait forever in the cleanup's Close, behind
			// the running statement: end the test binary instead.
			panic(what + ": the query still runs a minute after its context ended")
		}
	}

	// The client leaves while the statement runs.
	ctx, cancel := context.WithCancel(context.Background())
	done := run(ctx)
	<-started // the statement is running
	cancel()
	wait("cancelled", done, context.Canceled)

	// The search budget ends: the statement runs until the deadline,
	// whenever that comes, since it never ends by itself.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done = run(ctx)
	<-started
	wait("out of time", done, context.DeadlineExceeded)

	// The connections are usable again afterwards.
	for range 4 {
		var n int
		if err := d.R.QueryRowContext(context.Background(), `SELECT count(*) FROM puzzles`).Scan(&n); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSearchStopsWithItsContext: the store's list reads return the
// context's error (wrapped), so a caller tells a client that left and a
// spent budget from a failure.
func TestSearchStopsWithItsContext(t *testing.T) {
	lib := newLibrary(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := pencilbox.Filter{Q: "note1 worda"}
	_, err := lib.d.Puzzles(ctx, f)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Puzzles: %v, want context.Canceled", err)
	}
	if _, err := lib.d.Count(ctx, f, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("Count: %v, want context.Canceled", err)
	}
	if pg, err := lib.d.Puzzles(context.Background(), f); err != nil || len(pg.Rows) == 0 {
		t.Errorf("the same search afterwards: %d rows, %v", len(pg.Rows), err)
	}
}
