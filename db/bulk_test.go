package db_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// bulkRead collects a Bulk read.
func bulkRead(t *testing.T, d *db.DB, f pencilbox.Filter, limit int, opt db.BulkOptions) []pencilbox.Puzzle {
	t.Helper()
	var got []pencilbox.Puzzle
	err := d.Bulk(context.Background(), f, limit, opt, func(ps []pencilbox.Puzzle) error {
		if len(ps) == 0 {
			t.Errorf("an empty part was handed on")
		}
		got = append(got, ps...)
		return nil
	})
	if err != nil {
		t.Fatalf("%+v: %v", f, err)
	}
	return got
}

// lean is what a lean bulk read holds of a stored puzzle.
func lean(p pencilbox.Puzzle) pencilbox.Puzzle {
	p.Canonical, p.Verdict, p.Meta, p.Created = "", engine.NA, nil, time.Time{}
	var srcs []pencilbox.Source
	for _, s := range p.Sources {
		srcs = append(srcs, pencilbox.Source{ID: s.ID, PuzzleID: s.PuzzleID, Label: s.Label})
	}
	p.Sources = srcs
	return p
}

// storedPuzzles reads every puzzle of d as DB.Puzzle does, by id.
func storedPuzzles(t *testing.T, d *db.DB) map[int64]pencilbox.Puzzle {
	t.Helper()
	ctx := context.Background()
	ids, err := d.IDs(ctx, pencilbox.Filter{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]pencilbox.Puzzle{}
	for _, id := range ids {
		if out[id], err = d.Puzzle(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// sameAsStored fails unless every puzzle is as DB.Puzzle read it, less
// what opt leaves out.
func sameAsStored(t *testing.T, stored map[int64]pencilbox.Puzzle, name string, got []pencilbox.Puzzle, opt db.BulkOptions) {
	t.Helper()
	for _, p := range got {
		want := stored[p.ID]
		if !opt.Sources {
			want.Sources = nil
		}
		if !opt.Full {
			want = lean(want)
		}
		if !reflect.DeepEqual(p, want) {
			t.Fatalf("%s: puzzle %d\n got %+v\nwant %+v", name, p.ID, p, want)
		}
	}
}

// TestBulk: an export's bulk read yields the filter's puzzles in its
// order, each as DB.Puzzle reads it (lean: the columns text formats
// write, and the sources' labels), in spans and in lists, whatever the
// parts' boundaries. Every filter in id order without an id list or a
// text search is read in spans when its sets are probed per row.
func TestBulk(t *testing.T) {
	lib := newLibrary(t)
	ctx := context.Background()
	stored := storedPuzzles(t, lib.d)
	for _, pl := range planLimits {
		for _, size := range []int{3, 1000} {
			t.Run(fmt.Sprintf("%s/parts of %d", pl.name, size), func(t *testing.T) {
				defer lib.d.SetPlanLimits(pl.small, pl.dense)()
				defer lib.d.SetBulkLimits(int64(size), 1, 1<<40, size)()
				for _, tc := range filterCases {
					for _, s := range sorts {
						for _, desc := range []bool{false, true} {
							f := tc.f
							f.Sort, f.Desc = s, desc
							want := lib.want(f)
							spans, err := lib.d.ReadsInSpans(ctx, f, 0)
							if err != nil {
								t.Fatal(err)
							}
							// Sets are probed per row under "probes+dense", some
							// under "mixed", none by default.
							inOrder := (s == pencilbox.SortID || s == "") && !desc
							sets := f.Source != "" || f.Tag != "" || f.Technique != ""
							search := f.Q != "" && tc.name != "q only punctuation = any"
							wantSpans := inOrder && f.IDs == nil && !search && len(want) > 0 && (!sets || pl.small == 0)
							if spans != wantSpans && !(sets && pl.name == "mixed") {
								t.Errorf("%s sort=%q desc=%v: in spans %v, want %v", tc.name, s, desc, spans, wantSpans)
							}
							for _, opt := range []db.BulkOptions{{}, {Sources: true}, {Sources: true, Full: true}} {
								name := fmt.Sprintf("%s sort=%q desc=%v %+v", tc.name, s, desc, opt)
								got := bulkRead(t, lib.d, f, 0, opt)
								if ids := pageIDs(got); !slices.Equal(ids, want) {
									t.Fatalf("%s:\n got %v\nwant %v", name, ids, want)
								}
								sameAsStored(t, stored, name, got, opt)
							}
						}
					}
				}
			})
		}
	}
}

// TestBulkLimit: a limit keeps the first puzzles of the order, across
// parts, in spans and in lists, and stops there.
func TestBulkLimit(t *testing.T) {
	lib := newLibrary(t)
	defer lib.d.SetPlanLimits(0, 0)()
	defer lib.d.SetBulkLimits(4, 1, 1<<40, 3)()
	for _, f := range []pencilbox.Filter{{Kind: "sudoku"}, {Kind: "sudoku", Sort: pencilbox.SortScore, Desc: true}} {
		want := lib.want(f)
		for _, limit := range []int{1, 3, 4, 5, len(want) - 1, len(want), len(want) + 10} {
			got := bulkRead(t, lib.d, f, limit, db.BulkOptions{})
			if ids := pageIDs(got); !slices.Equal(ids, want[:min(limit, len(want))]) {
				t.Errorf("%+v limit %d: got %v", f, limit, ids)
			}
		}
	}
}

// TestBulkIDs: a list of ids is read in its own order, ids not stored
// left out; IDs lists a filter's matches in its order.
func TestBulkIDs(t *testing.T) {
	lib := newLibrary(t)
	ctx := context.Background()
	defer lib.d.SetBulkLimits(4, 1, 1<<40, 3)()
	ids := []int64{50, 3, 9999, 1, 2, 88, 0, 17, 16, 15, 14}
	var got []pencilbox.Puzzle
	err := lib.d.BulkIDs(ctx, ids, db.BulkOptions{Sources: true}, func(ps []pencilbox.Puzzle) error {
		got = append(got, ps...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{50, 3, 1, 2, 88, 17, 16, 15, 14}
	if g := pageIDs(got); !slices.Equal(g, want) {
		t.Errorf("BulkIDs: got %v, want %v", g, want)
	}
	sameAsStored(t, storedPuzzles(t, lib.d), "BulkIDs", got, db.BulkOptions{Sources: true})
	for _, f := range []pencilbox.Filter{{}, {Tag: "dup", Sort: pencilbox.SortRank, Desc: true}, {Q: "gamma", Sort: pencilbox.SortClues}} {
		got, err := lib.d.IDs(ctx, f, 0)
		if err != nil {
			t.Fatal(err)
		}
		if want := lib.want(f); !slices.Equal(got, want) {
			t.Errorf("IDs %+v:\n got %v\nwant %v", f, got, want)
		}
	}
}

// TestBulkSpans: spans are for what they read well, a large share of the
// library in id order; the rest is read in lists.
func TestBulkSpans(t *testing.T) {
	lib := newLibrary(t)
	ctx := context.Background()
	defer lib.d.SetPlanLimits(0, 0)()
	all := len(lib.want(pencilbox.Filter{}))
	for _, tc := range []struct {
		name       string
		f          pencilbox.Filter
		limit, min int
		share      int64
		spans      bool
	}{
		{"score order", pencilbox.Filter{Sort: pencilbox.SortScore}, 0, 1, 1, false},
		{"descending", pencilbox.Filter{Desc: true}, 0, 1, 1, false},
		{"fewer matches than the least", pencilbox.Filter{}, 0, all + 1, 1, false},
		{"a limit under the least", pencilbox.Filter{}, 5, 10, 1, false},
		{"a small share", pencilbox.Filter{RankMin: 8, RankMax: 8}, 0, 1, 2, false},
		{"every puzzle", pencilbox.Filter{}, 0, all, 1, true},
		{"most puzzles, a share of a half", pencilbox.Filter{Kind: "sudoku"}, 0, 1, 2, true},
	} {
		defer lib.d.SetBulkLimits(7, tc.min, tc.share, 3)()
		got, err := lib.d.ReadsInSpans(ctx, tc.f, tc.limit)
		if err != nil || got != tc.spans {
			t.Errorf("%s: in spans %v (%v), want %v", tc.name, got, err, tc.spans)
		}
	}
}

// TestBulkStops: the caller's error ends the read and is returned, and so
// is a cancelled context's, in spans and in lists.
func TestBulkStops(t *testing.T) {
	lib := newLibrary(t)
	defer lib.d.SetPlanLimits(0, 0)()
	defer lib.d.SetBulkLimits(3, 1, 1<<40, 3)()
	for _, f := range []pencilbox.Filter{{}, {Sort: pencilbox.SortScore}} {
		stop := errors.New("disk full")
		calls := 0
		err := lib.d.Bulk(context.Background(), f, 0, db.BulkOptions{Sources: true}, func([]pencilbox.Puzzle) error {
			if calls++; calls == 4 {
				return stop
			}
			return nil
		})
		if !errors.Is(err, stop) || calls != 4 {
			t.Errorf("%+v: err %v after %d calls, want %v after 4", f, err, calls, stop)
		}
		ctx, cancel := context.WithCancel(context.Background())
		calls = 0
		err = lib.d.Bulk(ctx, f, 0, db.BulkOptions{}, func([]pencilbox.Puzzle) error {
			if calls++; calls == 2 {
				cancel()
			}
			return nil
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%+v cancelled: err %v after %d calls", f, err, calls)
		}
	}
}

// TestBulkSlowReaders: exports whose writers are stuck (a download to a
// slow client) hold no reader connection while they wait, so however
// many there are, the list still answers.
func TestBulkSlowReaders(t *testing.T) {
	lib := newLibrary(t)
	defer lib.d.SetPlanLimits(0, 0)()
	defer lib.d.SetBulkLimits(3, 1, 1<<40, 3)()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stuck := make(chan struct{}, 1000)
	n := 2*runtime.NumCPU() + 8 // more than the reader pool holds
	var wg sync.WaitGroup
	for i := range n {
		f := pencilbox.Filter{Sort: pencilbox.SortScore} // read in lists
		if i%2 == 0 {
			f = pencilbox.Filter{} // in spans
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			lib.d.Bulk(ctx, f, 0, db.BulkOptions{Sources: true}, func([]pencilbox.Puzzle) error {
				stuck <- struct{}{}
				<-ctx.Done()
				return ctx.Err()
			})
		}()
	}
	// A deadlock would show as the exports or the page never coming: the
	// test gives up after a minute rather than hang.
	deadline := time.After(time.Minute)
	for i := range n {
		select {
		case <-stuck:
		case <-deadline:
			cancel()
			t.Fatalf("%d of %d exports reached their writers", i, n)
		}
	}
	pctx, pcancel := context.WithTimeout(context.Background(), time.Minute)
	defer pcancel()
	if _, err := lib.d.Puzzles(pctx, pencilbox.Filter{Limit: 5}); err != nil {
		t.Errorf("a list page while %d exports wait on their writers: %v", n, err)
	}
	cancel()
	wg.Wait()
}
