package db_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
)

// pubLibrary is newLibrary with sets and publications: January (1-10)
// published in Times and on Web, February (5, 20, 30) on Web only, March
// (40, 41) unpublished. published, outlets and sets are their model.
type pubLibrary struct {
	library
	sets      db.SetStore
	published map[int64][]string // puzzle -> outlets
	inSet     map[int64][]string // puzzle -> set names
}

func newPubLibrary(t *testing.T) pubLibrary {
	t.Helper()
	ctx := context.Background()
	lib := pubLibrary{library: newLibrary(t), published: map[int64][]string{}, inSet: map[int64][]string{}}
	lib.sets = lib.d.Sets()
	for _, s := range []struct {
		name    string
		ids     []int64
		outlets []string
	}{
		{"January", []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, []string{"Times", "Web"}},
		{"February", []int64{5, 20, 30}, []string{"Web"}},
		{"March", []int64{40, 41}, nil},
	} {
		id, err := lib.sets.Create(ctx, s.name, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := lib.sets.Add(ctx, id, s.ids, true); err != nil {
			t.Fatal(err)
		}
		for _, o := range s.outlets {
			if _, err := lib.sets.Publish(ctx, id, o, "2026-01-05", 0); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range s.ids {
			lib.inSet[p] = append(lib.inSet[p], s.name)
			lib.published[p] = append(lib.published[p], s.outlets...)
		}
	}
	return lib
}

// matches is fixture.matches with the publishing filters.
func (lib pubLibrary) matches(f fixture, fl pencilbox.Filter) bool {
	id := f.id()
	switch {
	case fl.Published == "yes" && len(lib.published[id]) == 0,
		fl.Published == "no" && len(lib.published[id]) > 0,
		fl.Outlet != "" && !slices.Contains(lib.published[id], fl.Outlet),
		fl.InSet == "yes" && len(lib.inSet[id]) == 0,
		fl.InSet == "no" && len(lib.inSet[id]) > 0,
		fl.InSet != "" && fl.InSet != "yes" && fl.InSet != "no" && !slices.Contains(lib.inSet[id], fl.InSet):
		return false
	}
	for _, t := range fl.TagNot {
		if slices.Contains(f.tags, t) {
			return false
		}
	}
	rest := fl
	rest.Published, rest.Outlet, rest.InSet, rest.TagNot = "", "", "", nil
	return f.matches(rest)
}

// TestPublishingFilters: published, outlet, in_set and the excluded tags
// select what the sets and publications say, alone, together and with
// the other filters, under every plan, in every sort.
func TestPublishingFilters(t *testing.T) {
	for _, pl := range planLimits {
		t.Run(pl.name, func(t *testing.T) {
			ctx := context.Background()
			lib := newPubLibrary(t)
			defer lib.d.SetPlanLimits(pl.small, pl.dense)()
			for _, tc := range []struct {
				name string
				f    pencilbox.Filter
			}{
				{"published yes", pencilbox.Filter{Published: "yes"}},
				{"published no", pencilbox.Filter{Published: "no"}},
				{"outlet Times", pencilbox.Filter{Outlet: "Times"}},
				{"outlet Web", pencilbox.Filter{Outlet: "Web"}},
				{"outlet never used", pencilbox.Filter{Outlet: "Gazette"}},
				{"in a set", pencilbox.Filter{InSet: "yes"}},
				{"in no set", pencilbox.Filter{InSet: "no"}},
				{"in February", pencilbox.Filter{InSet: "February"}},
				{"in March", pencilbox.Filter{InSet: "March"}},
				{"in a missing set", pencilbox.Filter{InSet: "April"}},
				{"unused", pencilbox.Filter{}.Unused()},
				{"unused sudoku rank 3", pencilbox.Filter{Kind: "sudoku", RankMin: 3, RankMax: 3}.Unused()},
				{"without easy", pencilbox.Filter{TagNot: []string{"easy"}}},
				{"without easy or book", pencilbox.Filter{TagNot: []string{"easy", "book"}}},
				{"easy without book", pencilbox.Filter{Tag: "easy", TagNot: []string{"book"}}},
				{"Web in a set without dup", pencilbox.Filter{Outlet: "Web", InSet: "February", TagNot: []string{"dup"}}},
				{"unpublished in a set", pencilbox.Filter{Published: "no", InSet: "yes"}},
				{"published, Times, not in March", pencilbox.Filter{Published: "yes", Outlet: "Times", Source: "alpha"}},
			} {
				for _, sort := range sorts {
					f := tc.f
					f.Sort = sort
					var want []int64
					for _, id := range lib.want(pencilbox.Filter{Sort: sort}) {
						if lib.matches(lib.fx[id-1], f) {
							want = append(want, id)
						}
					}
					got := walk(t, lib.d, f, 7)
					if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
						t.Errorf("%s sort %q: ids %v\nwant %v", tc.name, sort, got, want)
					}
					n, err := lib.d.Count(ctx, f, 0)
					if err != nil || n != len(want) {
						t.Errorf("%s: Count = %d, %v; want %d", tc.name, n, err, len(want))
					}
					// Capped: up to limit+1.
					for _, limit := range []int{3, 40} {
						n, err := lib.d.Count(ctx, f, limit)
						if err != nil || n != min(len(want), limit+1) {
							t.Errorf("%s: Count(limit %d) = %d, %v; want %d", tc.name, limit, n, err, min(len(want), limit+1))
						}
					}
					ids, err := lib.d.IDs(ctx, f, 0)
					if err != nil || !slices.Equal(ids, want) && !(len(ids) == 0 && len(want) == 0) {
						t.Errorf("%s sort %q: IDs = %v, %v; want %v", tc.name, sort, ids, err, want)
					}
				}
			}
		})
	}
}

// TestPublishRecords: a publication is kept with each puzzle and its
// position, lists on the set and the puzzle, survives the set's edits and
// deletion, and is written to the audit log; an empty set, a repeat and
// a bad outlet or date are refused.
func TestPublishRecords(t *testing.T) {
	ctx := db.WithActor(context.Background(), "editor1")
	lib := newPubLibrary(t)
	s := lib.sets
	jan, ids, err := s.ByName(ctx, "January")
	if err != nil || len(ids) != 10 {
		t.Fatalf("January: %v %v", ids, err)
	}
	pubs, err := s.Publications(ctx, jan.ID)
	if err != nil || len(pubs) != 2 || pubs[0].Outlet != "Times" || pubs[1].Outlet != "Web" || pubs[0].Count != 10 || pubs[0].SetName != "January" {
		t.Fatalf("January's publications: %+v, %v", pubs, err)
	}
	// Puzzle 5 is in January (position 5) and February (position 1).
	sets, err := s.PuzzleSets(ctx, 5)
	if err != nil || len(sets) != 2 || sets[0].Name != "February" || sets[0].Pos != 1 || sets[1].Name != "January" || sets[1].Pos != 5 {
		t.Fatalf("sets of puzzle 5: %+v, %v", sets, err)
	}
	pp, err := s.PuzzlePublications(ctx, 5)
	if err != nil || len(pp) != 3 {
		t.Fatalf("publications of puzzle 5: %+v, %v", pp, err)
	}
	for _, bad := range []struct{ outlet, date, says string }{
		{"", "2026-01-05", "outlet needs a name"},
		{"Times", "5 Jan", "YYYY-MM-DD"},
		{"Times", "2026-01-05", "already published in Times on 2026-01-05"},
		{"Bad\noutlet", "2026-01-05", "no control characters"},
	} {
		if _, err := s.Publish(ctx, jan.ID, bad.outlet, bad.date, 0); err == nil || !strings.Contains(err.Error(), bad.says) {
			t.Errorf("Publish(%q, %q) = %v, want an error saying %q", bad.outlet, bad.date, err, bad.says)
		}
	}
	empty, err := s.Create(ctx, "Empty", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Publish(ctx, empty, "Times", "", 0); err == nil || !strings.Contains(err.Error(), "is empty") {
		t.Errorf("publishing an empty set: %v", err)
	}
	if _, err := s.Publish(ctx, 999, "Times", "", 0); !errors.Is(err, pencilbox.ErrNoSet) {
		t.Errorf("publishing a missing set: %v", err)
	}
	pub, err := s.Publish(ctx, jan.ID, "Gazette", "2026-02-01", 0)
	if err != nil || pub.Count != 10 || pub.Actor != "editor1" {
		t.Fatalf("Publish: %+v, %v", pub, err)
	}
	log, err := db.AuditStore{R: lib.d.R}.List(ctx, pencilbox.AuditFilter{Puzzle: 3})
	if err != nil || len(log) == 0 || log[0].Action != db.ActionSetPublish || log[0].Actor != "editor1" || !strings.Contains(log[0].Detail, "Gazette on 2026-02-01") {
		t.Fatalf("audit log of puzzle 3: %+v, %v", log, err)
	}
	// Edits (once reopened) and deletion of the set leave the records.
	// A publication printed as random images keeps its number, all 64
	// bits of it, in the set's and the puzzle's records and the audit row.
	const image = 0xfedcba9876543210
	if _, err := s.Publish(ctx, jan.ID, "Web", "2026-02-02", image); err != nil {
		t.Fatal(err)
	}
	ps, err := s.Publications(ctx, jan.ID)
	if err != nil || len(ps) != 4 || ps[2].Image != 0 || ps[3].Image != image {
		t.Fatalf("the set's publications: %+v, %v; want the last printed as images %d", ps, err, uint64(image))
	}
	if pp, err := s.PuzzlePublications(ctx, 3); err != nil || pp[len(pp)-1].Image != image {
		t.Fatalf("puzzle 3's publications: %+v, %v", pp, err)
	}
	if log, err := (db.AuditStore{R: lib.d.R}).List(ctx, pencilbox.AuditFilter{Puzzle: 3}); err != nil || !strings.Contains(log[0].Detail, "printed as random images") {
		t.Errorf("the audit row does not say the images were random: %+v, %v", log, err)
	}
	if _, err := s.Reopen(ctx, jan.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Remove(ctx, jan.ID, 3); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, jan.ID); err != nil {
		t.Fatal(err)
	}
	pp, err = s.PuzzlePublications(ctx, 3)
	if err != nil || len(pp) != 4 || pp[0].SetID != 0 || pp[0].SetName != "January" || pp[0].Pos != 3 {
		t.Fatalf("publications of puzzle 3 after the set's deletion: %+v, %v", pp, err)
	}
	n, err := lib.d.Count(ctx, pencilbox.Filter{Outlet: "Gazette"}, 0)
	if err != nil || n != 10 {
		t.Errorf("outlet Gazette after the set's deletion: %d, %v; want 10", n, err)
	}
	// The plan cache forgets counts at each set change.
	n, err = lib.d.Count(ctx, pencilbox.Filter{InSet: "January"}, 0)
	if err != nil || n != 0 {
		t.Errorf("in_set January after its deletion: %d, %v; want 0", n, err)
	}
	outlets, err := s.Outlets(ctx)
	if err != nil || !slices.Equal(outlets, []string{"Gazette", "Times", "Web"}) {
		t.Errorf("Outlets = %q, %v", outlets, err)
	}
}

// TestAddRefusesReuse: adding puzzles published or in another set is
// refused, naming them and why, and adds nothing; confirmed, they are
// added; those already in the set are not counted as reused.
func TestAddRefusesReuse(t *testing.T) {
	ctx := context.Background()
	lib := newPubLibrary(t)
	s := lib.sets
	apr, err := s.Create(ctx, "April", "")
	if err != nil {
		t.Fatal(err)
	}
	// 60 is unused, 40 in March, 5 published (and in two sets).
	_, err = s.Add(ctx, apr, []int64{60, 40, 5}, false)
	var re *pencilbox.ReuseError
	if !errors.As(err, &re) {
		t.Fatalf("Add of used puzzles: %v, want a ReuseError", err)
	}
	if len(re.Reused) != 2 || re.Reused[0].Puzzle != 40 || re.Reused[1].Puzzle != 5 {
		t.Fatalf("reused %+v", re.Reused)
	}
	for _, says := range []string{`2 of the puzzles are already used`, `set "April"`, `puzzle 40 in set "March" (position 1)`,
		`puzzle 5 in set "February" (position 1); in set "January" (position 5); published in Times on 2026-01-05`} {
		if !strings.Contains(err.Error(), says) {
			t.Errorf("message %q does not say %q", err, says)
		}
	}
	if _, ids, _ := s.Get(ctx, apr); len(ids) != 0 {
		t.Errorf("refused Add left %v in the set", ids)
	}
	if n, err := s.Add(ctx, apr, []int64{60}, false); err != nil || n != 1 {
		t.Errorf("Add of an unused puzzle: %d, %v", n, err)
	}
	// 60 is now in April: adding it again is no reuse, adding it to
	// another set is.
	if n, err := s.Add(ctx, apr, []int64{60}, false); err != nil || n != 0 {
		t.Errorf("Add of a puzzle already in the set: %d, %v", n, err)
	}
	if used, err := s.Reused(ctx, 0, []int64{60, 61}); err != nil || len(used) != 1 || used[0].Puzzle != 60 || used[0].Sets[0].Name != "April" {
		t.Errorf("Reused(60, 61) = %+v, %v", used, err)
	}
	if n, err := s.Add(ctx, apr, []int64{40, 5}, true); err != nil || n != 2 {
		t.Errorf("confirmed Add: %d, %v", n, err)
	}
}
