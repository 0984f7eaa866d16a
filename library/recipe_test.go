package library_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/library"
)

// TestParseRecipe: recipes are read as an editor writes them; a bad quota
// is refused naming it and saying what to write.
func TestParseRecipe(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // Recipe.String(), "" when refused
		n    int    // puzzles asked for
		says string
	}{
		{"rank=1:1, rank=2:1, rank=3:1, rank=4:1, rank=5:1, rank=7:2", "rank=1:1, rank=2:1, rank=3:1, rank=4:1, rank=5:1, rank=7:2", 7, ""},
		{"er=2-3:2, er=6.5-7.5:1", "er=2-3:2, er=6.5-7.5:1", 3, ""},
		{" rank = 5-6 : 2 ;\n er=7-:1\n", "rank=5-6:2, er=7-:1", 3, ""},
		{"stars=3:1", "stars=3:1", 1, ""},
		{"", "", 0, "no quota"},
		{"rank=1", "", 0, `quota "rank=1": write FIELD=RANGE:COUNT`},
		{"rank=1:0", "", 0, `the count "0" is not a number of puzzles`},
		{"rank=x:1", "", 0, `quota "rank=x:1": rank "x": write a whole number`},
		{"er=7.5-6:1", "", 0, `the range is empty`},
		{"clues=20:1", "", 0, `the field is rank or er`},
		{"rank=1:6000, rank=2:6000", "", 0, `more than 10000 puzzles`},
	} {
		r, err := library.ParseRecipe(tc.in, vocab)
		if tc.says != "" {
			if err == nil || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("ParseRecipe(%q) = %v, want an error saying %q", tc.in, err, tc.says)
			}
			continue
		}
		n := 0
		for _, q := range r {
			n += q.N
		}
		if err != nil || r.String() != tc.want || n != tc.n {
			t.Errorf("ParseRecipe(%q) = %q (%d puzzles), %v; want %q (%d)", tc.in, r, n, err, tc.want, tc.n)
		}
	}
}

// TestRecipeWeeks is an editor's month: build a week from a recipe with a
// seed (the same seed picks the same puzzles), publish it, build the next
// week with the same recipe and seed: no puzzle of the first appears, and
// every week runs easy to hard with the ranks the recipe asks for. When
// the library runs out, the recipe fails naming the short quota and what
// was available, and adds nothing.
func TestRecipeWeeks(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	if _, ok, err := library.Seed(ctx, d, registry()); err != nil || !ok {
		t.Fatalf("seed: %v %v", ok, err)
	}
	sets := d.Sets()
	recipe, err := library.ParseRecipe("rank=1:1, rank=2:1, rank=3:1, rank=4:1, rank=5:1, rank=7:2", vocab)
	if err != nil {
		t.Fatal(err)
	}
	f := pencilbox.Filter{Kind: "sudoku"}
	ranks := func(ids []int64) []int {
		var out []int
		for _, id := range ids {
			p, err := d.Puzzle(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, p.Rank)
		}
		return out
	}
	first, err := library.Pick(ctx, d, f, recipe, 42)
	if err != nil {
		t.Fatal(err)
	}
	again, err := library.Pick(ctx, d, f, recipe, 42)
	if err != nil || !slices.Equal(first, again) {
		t.Fatalf("seed 42 picked %v, then %v (%v)", first, again, err)
	}
	other, err := library.Pick(ctx, d, f, recipe, 43)
	if err != nil || slices.Equal(first, other) {
		t.Errorf("seeds 42 and 43 both picked %v (%v)", first, err)
	}
	seen := map[int64]string{}
	var weeks int
	for week := 1; ; week++ {
		name := "Week " + string(rune('0'+week))
		id, err := sets.Create(ctx, name, "")
		if err != nil {
			t.Fatal(err)
		}
		ids, err := library.BuildSet(ctx, sets, d, id, f, recipe, 42)
		var short *library.ShortError
		if errors.As(err, &short) {
			if weeks < 2 {
				t.Fatalf("week %d: the sample ran out: %v", week, err)
			}
			if !strings.Contains(err.Error(), "the recipe cannot be filled: rank=") || !strings.Contains(err.Error(), " unused puzzles available") ||
				len(short.Short) == 0 || short.Short[0].Available >= short.Short[0].Quota.N {
				t.Errorf("week %d: %v", week, err)
			}
			if _, left, _ := sets.Get(ctx, id); len(left) != 0 {
				t.Errorf("a failed recipe added %v", left)
			}
			break
		}
		if err != nil {
			t.Fatalf("week %d: %v", week, err)
		}
		if week == 1 && !slices.Equal(ids, first) {
			t.Errorf("week 1 built %v, Pick picked %v", ids, first)
		}
		if got := ranks(ids); !slices.Equal(got, []int{1, 2, 3, 4, 5, 7, 7}) {
			t.Errorf("week %d: ranks %v, want 1 2 3 4 5 7 7", week, got)
		}
		for _, p := range ids {
			if w, ok := seen[p]; ok {
				t.Errorf("puzzle %d in %s and %s", p, w, name)
			}
			seen[p] = name
		}
		if _, err := sets.Publish(ctx, id, "Daily Star", "", 0); err != nil {
			t.Fatal(err)
		}
		weeks++
		if weeks > 40 {
			t.Fatal("the recipe never runs out")
		}
	}
	// Once published, the puzzles are used even when their set is deleted.
	w1, _, err := sets.ByName(ctx, "Week 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := sets.Delete(ctx, w1.ID); err != nil {
		t.Fatal(err)
	}
	again, err = library.Pick(ctx, d, f, library.Recipe{recipe[0]}, 42)
	if err == nil && seen[again[0]] != "" {
		t.Errorf("after deleting Week 1, puzzle %d of %s is picked again", again[0], seen[again[0]])
	}
}

// TestRecipeER: quotas on the second rating (ER bands) pick puzzles in
// their bands, ordered by ER; a band outside the filter's ER range or with
// too few puzzles is short.
func TestRecipeER(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	importFiles(t, d, easyFiles, library.Options{Second: bundles.SecondRaters()})
	recipe, err := library.ParseRecipe("er=2-3:2, er=1-1.5:1", vocab)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := library.Pick(ctx, d, pencilbox.Filter{Kind: "sudoku"}, recipe, 7)
	if err != nil {
		t.Fatal(err)
	}
	var ers []float64
	for _, id := range ids {
		p, err := d.Puzzle(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		ers = append(ers, p.Scales[0])
	}
	if len(ers) != 3 || !slices.IsSorted(ers) || ers[0] < 1 || ers[0] > 1.5 || ers[1] < 2 || ers[2] > 3 {
		t.Errorf("ERs %v: want one in 1-1.5, then two in 2-3, in order", ers)
	}
	_, err = library.Pick(ctx, d, pencilbox.Filter{Kind: "sudoku", ScaleMin: 5}, recipe, 7)
	var short *library.ShortError
	if !errors.As(err, &short) || len(short.Short) != 2 || short.Short[0].Available != 0 ||
		!strings.Contains(err.Error(), "er=2-3:2 wants 2, 0 unused puzzles available; er=1-1.5:1 wants 1, 0 unused puzzles available") {
		t.Errorf("bands outside the filter: %v", err)
	}
	_, err = library.Pick(ctx, d, pencilbox.Filter{Kind: "sudoku"}, library.Recipe{{Field: "er", Lo: 1, Hi: 1.5, N: 100000, Text: "er=1-1.5:100000"}}, 7)
	if !errors.As(err, &short) || short.Short[0].Available == 0 {
		t.Errorf("a band asking too many: %v", err)
	}
}

var _ pencilbox.BulkReader = (*db.DB)(nil)

// vocab is what the registered kinds declare (Sudoku's er scale).
var vocab = pencilbox.NewVocabulary(bundles.Kinds(), bundles.SecondRaters())
