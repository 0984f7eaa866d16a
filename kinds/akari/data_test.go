package akari_test

import (
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/akari"
)

// record is one puzzle of a shared collection with its published solution.
type record struct {
	id, tatham, url, solution string
	sgtDiff                   string
	nodes                     string // counter_nodes: 1 = no search needed
}

func loadJanko(tb testing.TB) []record {
	tb.Helper()
	var out []record
	for _, l := range shared.LinesOrSample(tb, "data/akari/janko_749.tsv") {
		f := strings.Split(l, "\t")
		if len(f) < 9 {
			tb.Fatalf("janko line with %d fields: %.60s", len(f), l)
		}
		out = append(out, record{id: f[0], tatham: f[4], url: f[5], solution: f[6], sgtDiff: f[8]})
	}
	return out
}

func loadBank(tb testing.TB) []record {
	tb.Helper()
	var out []record
	for _, l := range shared.LinesOrSample(tb, "data/akari/puzzlink_bank_2332.tsv") {
		f := strings.Split(l, "\t")
		if len(f) < 9 {
			tb.Fatalf("bank line with %d fields: %.60s", len(f), l)
		}
		out = append(out, record{id: f[0], url: f[1], tatham: f[2], solution: f[3], sgtDiff: f[5], nodes: f[8]})
	}
	return out
}

func mustParse(tb testing.TB, text string) *akari.Puzzle {
	tb.Helper()
	p, err := akari.Parse(text)
	if err != nil {
		tb.Fatalf("Parse(%.80q): %v", text, err)
	}
	return p
}

// TestCollections parses both notations of every puzzle of both collections,
// checks they give the same grid, and solves: unique with the published
// solution.
func TestCollections(t *testing.T) {
	for _, set := range []struct {
		name string
		load func(testing.TB) []record
	}{{"janko", loadJanko}, {"bank", loadBank}} {
		t.Run(set.name, func(t *testing.T) {
			recs := set.load(t)
			for _, rc := range recs {
				pt, err := akari.ParseTatham(rc.tatham)
				if err != nil {
					t.Errorf("%s: tatham: %v", rc.id, err)
					continue
				}
				pu, err := akari.ParseURL(rc.url)
				if err != nil {
					t.Errorf("%s: url: %v", rc.id, err)
					continue
				}
				if string(pt.Cells) != string(pu.Cells) || pt.W != pu.W {
					t.Errorf("%s: tatham and url give different grids", rc.id)
					continue
				}
				res := pt.Solve()
				if res.Status != engine.Unique {
					t.Errorf("%s: status %v, want unique", rc.id, res.Status)
					continue
				}
				if res.Solution != rc.solution {
					t.Errorf("%s: solution differs from the published one", rc.id)
				}
			}
		})
	}
}
