package slitherlink_test

import (
	"strings"
	"testing"

	"pencilbox/kinds/slitherlink"
)

// pzprjs's own slither test puzzle (test/script/slither.js): its URL body
// and its pzprv3 question.
const (
	pzprURL   = "https://puzz.link/p?slither/5/5/cbcbcddad"
	pzprv3Q   = "pzprv3/slither/5/5/2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3 /1 0 0 0 0 0 /"
	pzprGrid  = "2..1.\n.2..1\n..2..\n3..3.\n.0..3\n"
	pzprLoopy = "5x5t0:2b1b2b1b2b3b3b0b3"
)

func TestNotationsAgree(t *testing.T) {
	k := slitherlink.Kind{}
	for _, text := range []string{pzprURL, "http://pzv.jp/p.html?slither/5/5/cbcbcddad", pzprv3Q,
		strings.ReplaceAll(strings.TrimSuffix(pzprv3Q, "/"), "/", "\n"), pzprGrid,
		"2 - - 1 -\n- 2 - - 1\n- - 2 - -\n3 - - 3 -\n- 0 - - 3", pzprLoopy, "5x5t0dh:2b1b2b1b2b3b3b0b3"} {
		p := mustParse(t, text)
		if p.GridText() != pzprGrid {
			t.Errorf("%q reads\n%s, want\n%s", text, p.GridText(), pzprGrid)
		}
		if p.LoopyID() != pzprLoopy || p.Givens() != pzprLoopy {
			t.Errorf("%q: Loopy ID %s, want %s", text, p.LoopyID(), pzprLoopy)
		}
		if p.URL() != pzprURL {
			t.Errorf("%q: URL %s, want %s", text, p.URL(), pzprURL)
		}
		if !strings.HasPrefix(pzprv3Q, p.Pzprv3()) {
			t.Errorf("%q: pzprv3 %s, want the question of %s", text, p.Pzprv3(), pzprv3Q)
		}
		if !k.Sniff(text) && text != pzprGrid {
			t.Errorf("Sniff(%q) = false", text)
		}
	}
	// A grid of dots and digits alone is Akari's too: Akari claims it.
	if k.Sniff(pzprGrid) || k.Sniff("10x10:a") || k.Sniff("hello") {
		t.Error("Sniff claims an Akari grid, an Akari ID or prose")
	}
}

// TestRoundTrips: each writer's text reads back as the same puzzle, on
// every sample puzzle and its images.
func TestRoundTrips(t *testing.T) {
	for _, j := range loadJanko(t) {
		for tr := 0; tr < 8; tr++ {
			p := j.p.Transform(tr)
			for _, text := range []string{p.LoopyID(), p.URL(), p.GridText(), p.Pzprv3()} {
				q := mustParse(t, text)
				if q.LoopyID() != p.LoopyID() {
					t.Fatalf("%s image %d: %.60q reads as %s", j.id, tr, text, q.LoopyID())
				}
			}
			if p.Canonical() != j.p.Canonical() {
				t.Fatalf("%s image %d: canonical form differs", j.id, tr)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "empty slitherlink puzzle"},
		{"3x3t0:a", "loopy id: description ends after 1 of 9 cells"},
		{"3x3t0:i1", "loopy id: description has 1 extra character after the last cell (from position 2)"},
		{"3x3t0:z", `loopy id: description character 1 'z' runs 17 cells past the end of the 3x3 grid`},
		{"3x3t0:a4g", "loopy id: description character 2: clue 4 on the square grid, where a cell has 4 sides and clues are 0-3"},
		{"3x3t1:i", "loopy id: grid type t1 is not the square grid (t0)"},
		{"3x3t0dq:i", `loopy id: bad parameters "dq" after t0 (want a difficulty such as dh)`},
		{"3x3t0:a#g", `loopy id: description character 2 '#' is not a-z or 0-3`},
		{"999x3t0:a", "loopy id: size 999x3 exceeds 200x200"},
		{"https://puzz.link/p?slither/f/5/5/cbcbcddad", `url: flag "f": the variant whose loop passes every dot is not plain Slitherlink`},
		{"https://puzz.link/p?slither/5/5/c.bcbcddad", "url: body character 2 '.': a clue whose number is hidden (?) is not a Slitherlink clue this kind keeps"},
		{"https://puzz.link/p?slither/2/2/4", "url: body character 1 '4': clue 4 on the square grid (clues are 0-3)"},
		{"https://puzz.link/p?akari/2/2/4", `url: puzzle type "akari" is not slither`},
		{"https://puzz.link/p?slither/0/2/4", "url: size 0x2: width and height must be at least 1"},
		{"pzprv3/slither/2/2/. 4 /. . /", `pzprv3: row 1 column 2: "4" is not . or 0-3`},
		{"pzprv3/slither/2/2/. . /", "pzprv3: 1 rows, want 2"},
		{"pzprv3/slither/2/2/f/. . /. . /", "pzprv3: flag f: the variant whose loop passes every dot is not plain Slitherlink"},
		{"pzprv3/lightup/2/2/. . /. . /", `pzprv3: puzzle type "lightup" is not slither`},
		{"1.-\n12", "grid: row 2 has 2 cells, want 3"},
		{"1.-\n1x2", `grid: line 2 position 2: 'x' is not 0-3, . or -`},
	} {
		_, err := slitherlink.Parse(tc.text)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q): %v, want %q", tc.text, err, tc.want)
		}
	}
}
