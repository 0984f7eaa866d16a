package formats_test

import (
	"strings"
	"testing"

	"pencilbox/importers"
	"pencilbox/kinds/nonogram"
	"pencilbox/kinds/nonogram/formats"
)

// FuzzFormats: any text through every Nonogram format, each forced: no
// panic, every record a puzzle or an error, and a puzzle read writes back
// (Pattern ID, .non, URL) to itself and keeps the solution it was given
// only when that solution keeps its clues.
func FuzzFormats(f *testing.F) {
	f.Add("begin\npuzzle nonogram\nid a\nrows 1\ncols 1\nproblem\n1\n1\nsolution\nx\nend\n")
	f.Add("3x3:1/3/1/1/3/1\t010/111/010\n2x2:1/1/1/1\n")
	f.Add("puzzle,solution,rank,tags\n3x3:1/3/1/1/3/1,010/111/010,1,a b\n\"2x2:1/1/1/1\",,,\n")
	f.Add("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"10\"\n====\nwidth 1\nheight 1\nrows\n\ncolumns\n\n")
	f.Add(`<puzzleset><puzzle><clues type="columns"><line><count>1</count></line></clues><clues type="rows"><line><count>1</count></line></clues><solution><image>|X|</image></solution></puzzle></puzzleset>`)
	f.Fuzz(func(t *testing.T, in string) {
		for _, fm := range formats.Formats() {
			err := fm.Read(strings.NewReader(in), func(r importers.Record) error {
				if (r.Err == nil) == (r.Puzzle == nil) {
					t.Fatalf("%s: a record with puzzle %v and error %v", fm.Name, r.Puzzle != nil, r.Err)
				}
				if r.Err != nil {
					return nil
				}
				p := r.Puzzle.(*nonogram.Puzzle)
				for _, text := range []string{p.TathamID(), p.NonText("", ""), p.URL()} {
					q, err := nonogram.Parse(text)
					if err != nil || q.TathamID() != p.TathamID() {
						t.Fatalf("%s: %q reads back as %v (%v)", fm.Name, text, q, err)
					}
				}
				if r.Solution != "" {
					cells, err := p.ParseSolution(r.Solution)
					if err != nil || p.Check(cells) != nil {
						t.Fatalf("%s: kept a solution that breaks the clues", fm.Name)
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
