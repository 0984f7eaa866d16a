package ordered_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"pencilbox/internal/ordered"
)

// TestRunKeepsOrder: whatever the workers and the window, and however
// long each value's work takes, the results come in push order, every
// one once, with never more than window in flight.
func TestRunKeepsOrder(t *testing.T) {
	for _, tc := range []struct{ workers, window, n int }{
		{1, 1, 50}, {4, 1, 50}, {4, 3, 500}, {8, 64, 2000}, {3, 1000, 10},
	} {
		var inFlight, most atomic.Int64
		var got []int
		err := ordered.Run(context.Background(), tc.workers, tc.window,
			func(push func(int) error) error {
				for i := range tc.n {
					if err := push(i); err != nil {
						return err
					}
				}
				return nil
			},
			func(_ context.Context, i int) int {
				n := inFlight.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				if rand.IntN(4) == 0 {
					time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
				}
				return i * i
			},
			func(sq int) error {
				inFlight.Add(-1)
				got = append(got, sq)
				return nil
			})
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		want := make([]int, tc.n)
		for i := range want {
			want[i] = i * i
		}
		if !slices.Equal(got, want) {
			t.Errorf("%+v: results out of order or missing", tc)
		}
		if m := most.Load(); m > int64(tc.window) {
			t.Errorf("%+v: %d values in flight, window %d", tc, m, tc.window)
		}
	}
}

// TestRunStops: an emit error stops the run (push returns it, nothing is
// emitted after), a producer's error comes back once everything pushed
// was emitted, and a cancelled context stops it too.
func TestRunStops(t *testing.T) {
	full := errors.New("disk full")
	var emitted []int
	var pushErr error
	err := ordered.Run(context.Background(), 4, 8,
		func(push func(int) error) error {
			for i := range 1000 {
				if pushErr = push(i); pushErr != nil {
					return pushErr
				}
			}
			return nil
		},
		func(_ context.Context, i int) int { return i },
		func(i int) error {
			if i == 10 {
				return full
			}
			emitted = append(emitted, i)
			return nil
		})
	if !errors.Is(err, full) || !errors.Is(pushErr, full) {
		t.Errorf("emit's error: Run %v, push %v; want %v", err, pushErr, full)
	}
	if !slices.Equal(emitted, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Errorf("emitted %v, want 0-9 then nothing", emitted)
	}

	unreadable := errors.New("file 2 unreadable")
	n := 0
	err = ordered.Run(context.Background(), 2, 4,
		func(push func(int) error) error {
			for i := range 20 {
				push(i)
			}
			return unreadable
		},
		func(_ context.Context, i int) int { return i },
		func(int) error { n++; return nil })
	if !errors.Is(err, unreadable) || n != 20 {
		t.Errorf("producer's error: %v after %d emitted, want %v after 20", err, n, unreadable)
	}

	ctx, cancel := context.WithCancel(context.Background())
	err = ordered.Run(ctx, 2, 4,
		func(push func(int) error) error {
			for i := 0; ; i++ {
				if i == 50 {
					cancel()
				}
				if err := push(i); err != nil {
					return err
				}
			}
		},
		func(_ context.Context, i int) int { return i },
		func(int) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
