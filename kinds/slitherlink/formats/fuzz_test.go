package formats_test

import (
	"bytes"
	"testing"

	"pencilbox/importers"
	"pencilbox/kinds/slitherlink"
	slitherimp "pencilbox/kinds/slitherlink/formats"
)

// FuzzFormats: any bytes to every Slitherlink format: no panic, every
// record a puzzle or an error with a line, and a record's solution (the
// Janko blocks', the tsv's) is one CheckSolution accepts.
func FuzzFormats(f *testing.F) {
	for _, name := range []string{"janko.txt", "ids.txt", "sample.pzprv3", "hand.txt"} {
		f.Add([]byte(testdataFile(f, name)))
	}
	f.Add([]byte("#game_id\tsolution\n2x1t0:33\t11\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, fm := range slitherimp.Formats() {
			err := fm.Read(bytes.NewReader(in), func(r importers.Record) error {
				if (r.Err == nil) == (r.Puzzle == nil) {
					t.Fatalf("%s: record at line %d with puzzle %v and error %v", fm.Name, r.Line, r.Puzzle, r.Err)
				}
				if r.Line < 1 {
					t.Fatalf("%s: record at line %d", fm.Name, r.Line)
				}
				if r.Err == nil && r.Solution != "" {
					if err := slitherlink.CheckSolution(r.Puzzle.(*slitherlink.Puzzle), r.Solution); err != nil {
						t.Fatalf("%s: line %d: solution %q: %v", fm.Name, r.Line, r.Solution, err)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatalf("%s: %v", fm.Name, err)
			}
		}
	})
}
