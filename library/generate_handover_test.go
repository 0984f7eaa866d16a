package library_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
	"pencilbox/library"
)

// countingRater is a second rater that counts the ratings it gives, per
// puzzle's givens.
type countingRater struct {
	engine.SecondRater
	mu    sync.Mutex
	calls map[string]int
}

func newCounting() *countingRater {
	return &countingRater{SecondRater: bundles.SecondRaters()["sudoku"], calls: map[string]int{}}
}

func (c *countingRater) RateSecond(p engine.Puzzle, steps bool) engine.SecondRating {
	c.mu.Lock()
	c.calls[p.Givens()]++
	c.mu.Unlock()
	return c.SecondRater.RateSecond(p, steps)
}

func (c *countingRater) count(givens string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls[givens]
}

// TestGenerateRatesOnce: a generate run with a second rater stores each
// puzzle with the ER, EP, ED and technique a fresh rating gives, rating
// it once (the run's rating is handed to the store), not again in the
// import; when the import's rater is another one, it rates with its own.
func TestGenerateRatesOnce(t *testing.T) {
	tests := []struct {
		name string
		er   bool // an ER target (else: rated, not filtered)
		lo   float64
		hi   float64
		// otherImport gives the import its own rater: then each stored
		// puzzle is rated once by the run and once by the import.
		otherImport bool
	}{
		{name: "ER target", er: true, lo: 2.0, hi: 4.5},
		{name: "open ER target", er: true, lo: 1.0},
		{name: "rated, no target", er: false},
		{name: "import's own rater", er: true, lo: 2.0, hi: 4.5, otherImport: true},
	}
	fresh := bundles.SecondRaters()["sudoku"]
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := MustOpen(t)
			run := newCounting()
			imp := run
			if tc.otherImport {
				imp = newCounting()
			}
			o := library.GenerateOptions{Kind: sudoku.Kind{}, Count: 6, Seed: 7, Jobs: 1,
				Second: run, Scale: tc.er, ScaleLo: tc.lo, ScaleHi: tc.hi}
			j, err := library.Generate(context.Background(), d, registry(), o,
				library.Options{Jobs: 2, Second: engine.SecondRaters{"sudoku": imp}})
			if err != nil {
				t.Fatal(err)
			}
			if j.Imported != 6 {
				t.Fatalf("job %+v, want 6 imported", j)
			}
			stored := 0
			for _, p := range all(t, d) {
				if p.Kind != "sudoku" {
					continue
				}
				stored++
				ep, err := sudoku.Kind{}.Parse(p.Givens)
				if err != nil {
					t.Fatal(err)
				}
				want := fresh.RateSecond(ep, false)
				if !want.Rated() {
					want = engine.SecondRating{}
				}
				if !p.ScaleRated || p.Scales != want.Values || p.ScaleNote != want.Note {
					t.Errorf("%s: stored ER %v/%v/%v %q (rated %t), a fresh rating gives %v/%v/%v %q",
						p.Givens, p.Scales[0], p.Scales[1], p.Scales[2], p.ScaleNote, p.ScaleRated, want.Values[0], want.Values[1], want.Values[2], want.Note)
				}
				if tc.er && (p.Scales[0] < tc.lo || (tc.hi > 0 && p.Scales[0] > tc.hi)) {
					t.Errorf("%s: ER %v outside the target %v-%v", p.Givens, p.Scales[0], tc.lo, tc.hi)
				}
				if n := run.count(p.Givens); n != 1 {
					t.Errorf("%s: the run's rater rated it %d times, want 1", p.Givens, n)
				}
				if tc.otherImport {
					if n := imp.count(p.Givens); n != 1 {
						t.Errorf("%s: the import's own rater rated it %d times, want 1", p.Givens, n)
					}
				}
			}
			if stored != 6 {
				t.Errorf("%d Sudoku stored, want 6", stored)
			}
		})
	}
}

// TestImportRatesEachPuzzle: an import that is not a generate run rates
// every new puzzle with the import's rater, as before the hand-over, even
// one a generate run made and rated.
func TestImportRatesEachPuzzle(t *testing.T) {
	d := MustOpen(t)
	var made []string
	o := library.GenerateOptions{Kind: sudoku.Kind{}, Count: 4, Seed: 7, Jobs: 1, Second: newCounting()}
	if _, err := library.Make(context.Background(), nil, o, func(g library.Generated) error {
		made = append(made, g.Puzzle.Givens())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	imp := newCounting()
	j, err := library.Import(context.Background(), d, registry(), []library.Input{{Name: "made.txt", R: strings.NewReader(strings.Join(made, "\n") + "\n")}},
		library.Options{Second: engine.SecondRaters{"sudoku": imp}})
	if err != nil {
		t.Fatal(err)
	}
	if j.Imported != len(made) {
		t.Fatalf("job %+v, want %d imported", j, len(made))
	}
	for _, g := range made {
		if n := imp.count(g); n != 1 {
			t.Errorf("%s: rated %d times by the import, want 1", g, n)
		}
	}
	var rated []pencilbox.Puzzle
	for _, p := range all(t, d) {
		if p.Kind == "sudoku" && p.ScaleRated && p.Scales[0] > 0 {
			rated = append(rated, p)
		}
	}
	if len(rated) != len(made) {
		t.Errorf("%d of %d imported puzzles have an ER", len(rated), len(made))
	}
}
