package akari_test

import (
	"testing"

	"pencilbox/engine/akari"
)

// FuzzParse: no notation makes the parsers panic; whatever parses writes
// back (URL, Tatham ID) to the same grid, and small puzzles solve and rate
// consistently.
func FuzzParse(f *testing.F) {
	for _, s := range []string{sampleURL, sampleTatham, samplePzpr, sampleGrid, "3x1:a1a", "https://puzz.link/p?akari/3/3/1", "pzprv3\nlightup\n1\n1\n#\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := akari.Parse(text)
		if err != nil {
			return
		}
		for _, out := range []string{p.URL(), p.TathamID()} {
			q, err := akari.Parse(out)
			if err != nil {
				t.Fatalf("%q -> %q: %v", text, out, err)
			}
			if q.W != p.W || q.H != p.H || string(q.Cells) != string(p.Cells) {
				t.Fatalf("%q -> %q: different grid", text, out)
			}
		}
		if p.W*p.H <= 64 {
			r := p.Solve()
			if rt := p.Rate(false); rt.Status != r.Status || rt.Solution != r.Solution {
				t.Fatalf("%q: Solve %v, Rate %v", text, r.Status, rt.Status)
			}
		}
	})
}
