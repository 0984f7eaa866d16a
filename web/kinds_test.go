package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"pencilbox"
)

// kindThrough is one kind added as a package (docs/ARCHITECTURE.md, How to
// add a kind), as TestKindsThroughTheSite takes it through the site.
type kindThrough struct {
	kind     string
	pastes   []string // texts pasted on the import page, one job each
	imported int      // the puzzles they add
	formats  []string // the export formats its list offers, pdf first
	solved   string   // what its board shows with the solution
}

var kindsThrough = []kindThrough{
	{
		kind: "slitherlink",
		pastes: []string{
			// a Janko block (the team's block file), its solution checked
			"begin\npuzzle slitherlink\nid 29_6x6\nrows 6\ncols 6\nproblem\n2 3 2 1 1 0\n- - - - - -\n- - 2 - 1 -\n1 - 3 - 2 -\n2 - - 1 - 3\n3 - 3 3 - -\n" +
				"solution\n- x - - - -\nx x x x x -\nx - - - x x\n- - x - x -\n- x x x x x\nx x - x - -\nend\n",
			// Loopy game IDs
			"7x7t0de:b3c3a3b1d12003a1132b2a212a3d2a3a23a2b\n7x7t0de:a33a2e1002b2212f2b2d32333a3e23a\n7x7t0dt:131b23a223e11b3b12b2c21a1a12a12322a3a2a\n",
		},
		imported: 4,
		formats:  []string{"pdf", "json", "url", "tatham", "pzprv3"},
		solved:   `class="edge`,
	},
	{
		kind: "killer",
		pastes: []string{
			// a Janko block (the team's block file), its solution checked
			"begin\npuzzle killer\nid 736_6x6\nsource https://www.janko.at/Raetsel/Sudoku/Killer/736.a.htm\nrows 6\ncols 6\nproblem\n6 11 - 11 6 12\n- 11 - - - -\n- - 4 - 11 -\n4 7 - 10 - 3\n- 12 - - - -\n8 - - - 10 -\n12 8 8 6 9 10\n12 4 6 6 9 10\n4 4 15 15 13 10\n1 3 3 7 13 11\n1 5 5 7 13 11\n2 2 5 7 14 14\nsolution\n4 5 6 2 1 3\n2 1 3 6 5 4\n6 4 1 3 2 5\n3 2 5 4 6 1\n1 6 4 5 3 2\n5 3 2 1 4 6\nend\n",
			// Solo killer IDs
			"2x3kada:zj,a_____________a___a_abbaa_aabaaabaca_,8a9_5_5_14_5_11g5_11a14a7b3c20b9e\n3x3kada:zzzc,aab__a_a______a__a_a___a_a________b__a_ab___abaaba__a___a_a___aa_aa__b_____aa__a____aa___ba_aaaaa_,13a9a19b16_8_7_8a12_9a7c10_14a11c10c17a5_16_6a12a10_13d10_10_13a17_8_13h5a23a12a11a19_7c8e17b\n",
		},
		imported: 3,
		formats:  []string{"pdf", "json", "tatham"}, // and cages, a list a puzzle over lines: TestKillerThroughTheSite reads it back
		solved:   `class="solved"`,
	},
}

// TestKindsThroughTheSite: each new kind goes through the site as a
// curator uses it: its notations pasted and imported, its list, a
// puzzle's page with the solution drawn and the step viewer walked to the
// end, every export its list offers (each text line parsing back as one
// of the imported puzzles), and a booklet.
func TestKindsThroughTheSite(t *testing.T) {
	e := newTestEnv(t, nil)
	c := e.client()
	tok := c.login()
	for _, tc := range kindsThrough {
		t.Run(tc.kind, func(t *testing.T) {
			k, err := testBundles.Kinds().Lookup(tc.kind)
			if err != nil {
				t.Fatal(err)
			}
			source := "through-" + tc.kind
			imported := 0
			for i, text := range tc.pastes {
				r := c.post("/import", url.Values{"csrf": {tok}, "text": {text}, "source": {source}})
				if r.code != http.StatusSeeOther {
					t.Fatalf("paste %d: %d %.300s", i+1, r.code, r.body)
				}
				j := waitJob(t, c, r.hdr.Get("Location"))
				if j.Rejected != 0 || j.Invalid != 0 {
					t.Errorf("paste %d: %+v", i+1, j)
				}
				imported += j.Imported
			}
			if imported != tc.imported {
				t.Fatalf("imported %d, want %d", imported, tc.imported)
			}
			list := "/puzzles?kind=" + tc.kind + "&source=" + source
			ids := rowIDs(c.get(list).body)
			if len(ids) != tc.imported {
				t.Fatalf("%s lists %v, want %d puzzles", list, ids, tc.imported)
			}
			page := c.get(list).body
			for _, f := range tc.formats {
				if !strings.Contains(page, "format="+f) {
					t.Errorf("the list does not offer %s", f)
				}
			}
			r := c.get(fmt.Sprintf("/puzzles/%d?solution=1", ids[0]))
			if r.code != 200 || !strings.Contains(r.body, "Hide the solution") || !strings.Contains(r.body, tc.solved) {
				t.Errorf("puzzle %d with its solution: %d, %q drawn: %v", ids[0], r.code, tc.solved, strings.Contains(r.body, tc.solved))
			}
			walkSteps(t, c, ids[0])
			givens := map[string]bool{}
			for _, id := range ids {
				givens[e.puzzle(id).Givens] = true
			}
			for _, f := range tc.formats {
				r := c.get("/export?kind=" + tc.kind + "&source=" + source + "&format=" + f)
				if r.code != 200 || r.body == "" || r.hdr.Get("Content-Disposition") == "" {
					t.Errorf("export as %s: %d %.200s", f, r.code, r.body)
					continue
				}
				switch f {
				case "pdf":
					if !strings.HasPrefix(r.body, "%PDF-") {
						t.Errorf("export as pdf: %.20q", r.body)
					}
				case "json":
					if n := strings.Count(r.body, `"kind":"`+tc.kind+`"`); n != tc.imported {
						t.Errorf("export as json: %d records of the kind, want %d", n, tc.imported)
					}
				default:
					n := 0
					for _, l := range strings.Split(r.body, "\n") {
						if l == "" || strings.HasPrefix(l, "#") {
							continue
						}
						p, err := k.Parse(l)
						if err != nil || !givens[p.Givens()] {
							t.Errorf("export as %s: %.60q reads as %v (%v)", f, l, p, err)
						}
						n++
					}
					if n != tc.imported {
						t.Errorf("export as %s: %d lines, want %d", f, n, tc.imported)
					}
				}
			}
			r = c.get("/booklet?kind=" + tc.kind + "&source=" + source + "&make=1&format=pdf&title=&per=4&order=rank&caption=stars&solutions=1")
			if r.code != 200 || r.hdr.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(r.body, "%PDF-") {
				t.Errorf("booklet: %d %s %.300s", r.code, r.hdr.Get("Content-Type"), r.body)
			}
			if n := e.matches(pencilbox.Filter{Kind: tc.kind, Status: "invalid"}); n != 0 {
				t.Errorf("%d puzzles of the kind are not unique", n)
			}
		})
	}
}
