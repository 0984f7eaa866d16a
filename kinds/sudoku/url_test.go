package sudoku_test

import (
	"strings"
	"testing"

	"pencilbox/kinds/sudoku"
)

const top1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

func grid(t *testing.T, s string) sudoku.Grid {
	t.Helper()
	g, err := sudoku.ParseLine(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestURLEncode(t *testing.T) {
	tests := []struct{ givens, body string }{
		{strings.Repeat(".", 81), "zzzzg"},
		{"5" + strings.Repeat(".", 80), "5zzzz"},
		{strings.Repeat(".", 80) + "9", "zzzz9"},
		{strings.Repeat(".", 21) + "1" + strings.Repeat(".", 59), "zg1zzy"},
		{top1, "4i3m6h8p1j5h9h8j6i7g2n1g27h5g3j4g9n"},
	}
	for _, tc := range tests {
		g := grid(t, tc.givens)
		want := "https://puzz.link/p?sudoku/9/9/" + tc.body
		if got := g.URL(); got != want {
			t.Errorf("URL(%s) = %s, want %s", tc.givens, got, want)
		}
		back, err := sudoku.ParseURL(want)
		if err != nil || back != g {
			t.Errorf("ParseURL(%s) = %s, %v; want %s", want, back.String(), err, tc.givens)
		}
	}
}

func TestURLRoundTrip(t *testing.T) {
	for _, s := range []string{top1,
		"123456789456789123789123456214365897365897214897214365531642978642978531978531642",
		"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"} {
		g := grid(t, s)
		back, err := sudoku.ParseURL(g.URL())
		if err != nil || back != g {
			t.Errorf("round trip of %s via %s: %s, %v", s, g.URL(), back.String(), err)
		}
	}
}

func TestParseURLHostsAndErrors(t *testing.T) {
	ok := []string{
		"https://puzz.link/p?sudoku/9/9/zzzzg",
		"http://pzv.jp/p.html?sudoku/9/9/zzzzg",
		"  https://pzprxs.vercel.app/p?sudoku/9/9/zzzzg/  ",
		"?sudoku/9/9/zzzzg",
		"https://puzz.link/p?sudoku/9/9/zzzzz", // the last run past the end is clamped as pzprjs does
	}
	for _, s := range ok {
		if _, err := sudoku.ParseURL(s); err != nil {
			t.Errorf("ParseURL(%q): %v", s, err)
		}
	}
	bad := []struct{ in, err string }{
		{"https://puzz.link/p?akari/9/9/zzzzg", "url: not a puzz.link sudoku URL (want ...?sudoku/9/9/BODY)"},
		{"https://puzz.link/p?sudoku/4/4/g1k23k3g", "url: size 4x4; only 9x9 sudoku is supported"},
		{"https://puzz.link/p?sudoku/9/9", `url: want .../sudoku/W/H/BODY, got "sudoku/9/9"`},
		{"https://puzz.link/p?sudoku/9/x/zz", `url: bad size "9"/"x"`},
		{"https://puzz.link/p?sudoku/9/9/zzz", "url: body ends after 60 of 81 cells"},
		{"https://puzz.link/p?sudoku/9/9/zzzzg1", "url: body has 1 extra characters after the last cell (from position 6)"},
		{"https://puzz.link/p?sudoku/9/9/a", "url: body position 1: 'a' is the number 10, not a digit 1-9"},
		{"https://puzz.link/p?sudoku/9/9/0", "url: body position 1: '0' is the number 0, not a digit 1-9"},
		{"https://puzz.link/p?sudoku/9/9/z.", "url: body position 2: '.' is a given of unknown value, not a digit 1-9"},
		{"https://puzz.link/p?sudoku/9/9/-10", "url: body position 1: '-' starts a number above 15, not a digit 1-9"},
		{"https://puzz.link/p?sudoku/9/9/zA", "url: body position 2: 'A' is not a sudoku code (1-9 or g-z)"},
	}
	for _, tc := range bad {
		_, err := sudoku.ParseURL(tc.in)
		if err == nil || err.Error() != tc.err {
			t.Errorf("ParseURL(%q) error = %v, want %q", tc.in, err, tc.err)
		}
	}
}

func TestKindAcceptsURL(t *testing.T) {
	k := sudoku.Kind{}
	u := grid(t, top1)
	url := u.URL()
	if !k.Sniff(url) || !k.Sniff(" "+url+"\n") {
		t.Fatalf("Sniff(%q) = false", url)
	}
	if k.Sniff("https://puzz.link/p?akari/10/10/hcscl") {
		t.Error("Sniff claims an akari URL")
	}
	p, err := k.Parse(url)
	if err != nil || p.Givens() != top1 {
		t.Fatalf("Parse(%q) = %v, %v", url, p, err)
	}
	if p, err := k.Parse(top1); err != nil || p.Givens() != top1 {
		t.Fatalf("Parse(line) = %v, %v", p, err)
	}
}
