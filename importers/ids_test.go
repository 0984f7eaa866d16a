package importers_test

import (
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/akari"
	akariimp "pencilbox/kinds/akari/formats"
	"pencilbox/kinds/killer"
	killerimp "pencilbox/kinds/killer/formats"
	"pencilbox/kinds/slitherlink"
	slitherimp "pencilbox/kinds/slitherlink/formats"
	"pencilbox/kinds/sudoku"
	sudokuimp "pencilbox/kinds/sudoku/formats"
)

// A set of several kinds as the tatham export writes it: Solo killer IDs,
// Loopy IDs and Light Up IDs, each after its tags comment.
const mixedIDs = `3x3k:zzzc,bc__a_aa__a__a___a_aaaabba___a______b___dabbcaa____aa____a___a__baa__aaba__ac__a_aa_a__,26b27c25_5_15c30e15_11b8b10f8b21a9a22a21c24d12_8_13a5b11_18d11d14_13a23h
# tags: sample
8x8t0:011c01a3c3b3b2b2d1b2d2a1c2b1a1a31c02c20b2a
10x10:1h1bBdBe1k2b0c2n2cBb4k2eBdBb1h1
2x2k:p,_a_a_aaba_____aa,6_3a7a4b6_7a7d
`

// TestIDsFormatMixesKinds: a file of game IDs of several kinds is read
// whole, each line by its kind (the first line's kind's own format had
// rejected every other line: a set exported as tatham did not import).
func TestIDsFormatMixesKinds(t *testing.T) {
	kinds := engine.Registry{sudoku.Kind{}, akari.Kind{}, killer.Kind{}, slitherlink.Kind{}}
	reg := importers.NewRegistry(kinds, sudokuimp.Formats(), akariimp.Formats(), killerimp.Formats(), slitherimp.Formats())
	f, r, err := importers.Open(strings.NewReader(mixedIDs), reg, "")
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "ids" {
		t.Fatalf("detected %s, want ids", f.Name)
	}
	var got []string
	if err := f.Read(r, func(rec importers.Record) error {
		if rec.Err != nil {
			t.Errorf("line %d: %v", rec.Line, rec.Err)
			return nil
		}
		got = append(got, rec.Puzzle.Kind().Name())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if want := "killer slitherlink akari killer"; strings.Join(got, " ") != want {
		t.Errorf("kinds %q, want %q", strings.Join(got, " "), want)
	}
	// One kind's IDs stay with that kind's own format.
	for _, tc := range []struct{ in, format string }{
		{"8x8t0:011c01a3c3b3b2b2d1b2d2a1c2b1a1a31c02c20b2a\n", "loopy"},
		{"2x2k:p,_a_a_aaba_____aa,6_3a7a4b6_7a7d\n", "killer-tatham"},
		{"10x10:1h1bBdBe1k2b0c2n2cBb4k2eBdBb1h1\n", "tatham"},
	} {
		f, _, err := importers.Open(strings.NewReader(tc.in), reg, "")
		if err != nil || f.Name != tc.format {
			t.Errorf("%.20s: %s %v, want %s", tc.in, f.Name, err, tc.format)
		}
	}
	// A line no kind claims is rejected at its line, the rest read.
	f = importers.IDsFormat(kinds)
	var bad []int
	n := 0
	if err := f.Read(strings.NewReader(mixedIDs+"9x9zz:nonsense\n"), func(rec importers.Record) error {
		n++
		if rec.Err != nil {
			bad = append(bad, rec.Line)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n != 5 || len(bad) != 1 || bad[0] != 6 {
		t.Errorf("%d records, bad at %v; want 5, bad at line 6", n, bad)
	}
}
