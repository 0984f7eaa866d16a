package nonogram_test

import (
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/nonogram"
)

// pzprjs's own nonogram test URL (test/script/nonogram.js) and the
// solution its failcheck list accepts.
const pzprURL = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"

func TestURLPzprjs(t *testing.T) {
	p, err := nonogram.ParseURL(pzprURL)
	if err != nil {
		t.Fatal(err)
	}
	// Columns from the pzprv3 of the same puzzle: 2 1, 1 1 1, 1, 1 1 1,
	// 2 1, empty; rows 2 1, 1 1, 1 2, empty, 1 1, 3.
	if got, want := p.TathamID(), "6x6:2.1/1.1.1/1/1.1.1/2.1//2.1/1.1/1.2//1.1/3"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	if p.URL() != pzprURL {
		t.Errorf("written back %s", p.URL())
	}
	r := p.Solve()
	if r.Status != engine.Unique || r.Solution != "110100/100010/010110/000000/100010/011100" {
		t.Errorf("%v %s", r.Status, r.Solution)
	}
	if q, err := nonogram.Parse(pzprURL); err != nil || q.TathamID() != p.TathamID() {
		t.Errorf("Parse: %v", err)
	}
	if !(nonogram.Kind{}).Sniff(pzprURL) || (nonogram.Kind{}).Sniff("https://puzz.link/p?akari/3/3/a") {
		t.Error("Sniff")
	}
}

// TestURLRoundTrip: every sample puzzle, large runs (16+, written "-xx")
// and runs of more than 20 empty slots write back to themselves.
func TestURLRoundTrip(t *testing.T) {
	ids := []string{"40x1:" + strings.Repeat("1/", 20) + strings.Repeat("/", 20) + "20", "1x1:/"}
	for _, rc := range loadJanko(t) {
		ids = append(ids, rc.p.TathamID())
	}
	for _, id := range ids {
		p := mustParse(t, id)
		q, err := nonogram.ParseURL(p.URL())
		if err != nil {
			t.Fatalf("%s: %s: %v", id, p.URL(), err)
		}
		if q.TathamID() != id {
			t.Fatalf("%s -> %s -> %s", id, p.URL(), q.TathamID())
		}
	}
}

func TestURLErrors(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{"https://puzz.link/p?akari/3/3/a", "not nonogram"},
		{"https://puzz.link/p?nonogram/3", "want .../nonogram/W/H/BODY"},
		{"https://puzz.link/p?nonogram/3/y/a", "bad size"},
		{"https://puzz.link/p?nonogram/2/2/..", "'?' clue"},
		{"https://puzz.link/p?nonogram/2/2/1-", "ends inside a number"},
		{"https://puzz.link/p?nonogram/2/2/1!", "unexpected"},
		{"https://puzz.link/p?nonogram/2/2/3", "run of 3"},
	} {
		if _, err := nonogram.ParseURL(tc.url); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.url, err, tc.want)
		}
	}
}
