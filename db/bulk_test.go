package db_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// bulkRead collects a Bulk read (nil, err when it was refused).
func bulkRead(t *testing.T, d *db.DB, f pencilbox.Filter, limit int, opt db.BulkOptions) ([]pencilbox.Puzzle, error) {
	t.Helper()
	var got []pencilbox.Puzzle
	err := d.Bulk(context.Background(), f, limit, opt, func(ps []pencilbox.Puzzle) error {
		if len(ps) == 0 {
			t.Errorf("an empty span was handed on")
		}
		got = append(got, ps...)
		return nil
	})
	return got, err
}

// lean is what a lean bulk read holds of a stored puzzle.
func lean(p pencilbox.Puzzle) pencilbox.Puzzle {
	p.Canonical, p.Hypothesis, p.Meta, p.Created = "", engine.HypothesisNA, nil, time.Time{}
	var srcs []pencilbox.Source
	for _, s := range p.Sources {
		srcs = append(srcs, pencilbox.Source{ID: s.ID, PuzzleID: s.PuzzleID, Label: s.Label})
	}
	p.Sources = srcs
	return p
}

// TestBulk: an export's bulk read yields the filter's puzzles in id order,
// each as DB.Puzzle reads it (lean: the columns text formats write, and
// the sources' labels), whatever span boundaries fall between them. Every
// filter without an id list or text search is read in bulk when its sets
// are probed per row.
func TestBulk(t *testing.T) {
	ctx := context.Background()
	lib := newLibrary(t)
	for _, pl := range planLimits {
		for _, span := range []int64{1, 7, 1000} {
			t.Run(fmt.Sprintf("%s/span %d", pl.name, span), func(t *testing.T) {
				defer db.SetPlanLimits(pl.small, pl.dense)()
				defer db.SetBulkLimits(span, 1, 1<<40)()
				for _, tc := range filterCases {
					want := lib.want(tc.f)
					for _, opt := range []db.BulkOptions{{}, {Sources: true}, {Sources: true, Full: true}} {
						name := fmt.Sprintf("%s %+v", tc.name, opt)
						got, err := bulkRead(t, lib.d, tc.f, 0, opt)
						if errors.Is(err, db.ErrNotBulk) {
							if pl.small == 0 && tc.f.IDs == nil && tc.f.Q == "" && len(want) > 0 {
								t.Errorf("%s: not read in bulk", name)
							}
							continue
						}
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						if ids := pageIDs(got); !slices.Equal(ids, want) {
							t.Fatalf("%s:\n got %v\nwant %v", name, ids, want)
						}
						for _, p := range got {
							stored, err := lib.d.Puzzle(ctx, p.ID)
							if err != nil {
								t.Fatal(err)
							}
							if !opt.Sources {
								stored.Sources = nil
							}
							if !opt.Full {
								stored = lean(stored)
							}
							if !reflect.DeepEqual(p, stored) {
								t.Fatalf("%s: puzzle %d\n got %+v\nwant %+v", name, p.ID, p, stored)
							}
						}
					}
				}
			})
		}
	}
}

// TestBulkLimit: a limit keeps the first puzzles in id order, across
// spans, and stops there.
func TestBulkLimit(t *testing.T) {
	lib := newLibrary(t)
	defer db.SetPlanLimits(0, 0)()
	defer db.SetBulkLimits(4, 1, 1<<40)()
	f := pencilbox.Filter{Kind: "sudoku"}
	want := lib.want(f)
	for _, limit := range []int{1, 3, 4, 5, len(want) - 1, len(want), len(want) + 10} {
		got, err := bulkRead(t, lib.d, f, limit, db.BulkOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if ids := pageIDs(got); !slices.Equal(ids, want[:min(limit, len(want))]) {
			t.Errorf("limit %d: got %v", limit, ids)
		}
	}
}

// TestBulkRefuses: what span scans would read badly is left to paging,
// having read nothing: another order, too few matches, too small a share
// of the library.
func TestBulkRefuses(t *testing.T) {
	lib := newLibrary(t)
	defer db.SetPlanLimits(0, 0)()
	all := len(lib.want(pencilbox.Filter{}))
	for _, tc := range []struct {
		name        string
		f           pencilbox.Filter
		limit, min  int
		share       int64
		wantRefusal bool
	}{
		{"score order", pencilbox.Filter{Sort: pencilbox.SortScore}, 0, 1, 1, true},
		{"descending", pencilbox.Filter{Desc: true}, 0, 1, 1, true},
		{"after a cursor", pencilbox.Filter{After: "id:0:5"}, 0, 1, 1, true},
		{"fewer matches than the least", pencilbox.Filter{}, 0, all + 1, 1, true},
		{"a limit under the least", pencilbox.Filter{}, 5, 10, 1, true},
		{"a small share", pencilbox.Filter{RankMin: 8, RankMax: 8}, 0, 1, 2, true},
		{"every puzzle", pencilbox.Filter{}, 0, all, 1, false},
		{"half the puzzles, a share of a half", pencilbox.Filter{Kind: "sudoku"}, 0, 1, 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer db.SetBulkLimits(7, tc.min, tc.share)()
			called := false
			err := lib.d.Bulk(context.Background(), tc.f, tc.limit, db.BulkOptions{}, func([]pencilbox.Puzzle) error {
				called = true
				return nil
			})
			if got := errors.Is(err, db.ErrNotBulk); got != tc.wantRefusal {
				t.Fatalf("refused %v (%v), want %v", got, err, tc.wantRefusal)
			}
			if tc.wantRefusal && called {
				t.Error("refused after reading")
			}
		})
	}
}

// TestBulkStops: the caller's error ends the read and is returned, and so
// is a cancelled context's.
func TestBulkStops(t *testing.T) {
	lib := newLibrary(t)
	defer db.SetPlanLimits(0, 0)()
	defer db.SetBulkLimits(3, 1, 1<<40)()
	stop := errors.New("disk full")
	calls := 0
	err := lib.d.Bulk(context.Background(), pencilbox.Filter{}, 0, db.BulkOptions{Sources: true}, func([]pencilbox.Puzzle) error {
		if calls++; calls == 4 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || calls != 4 {
		t.Errorf("err %v after %d calls, want %v after 4", err, calls, stop)
	}
	ctx, cancel := context.WithCancel(context.Background())
	calls = 0
	err = lib.d.Bulk(ctx, pencilbox.Filter{}, 0, db.BulkOptions{}, func([]pencilbox.Puzzle) error {
		if calls++; calls == 2 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v after %d calls", err, calls)
	}
}
