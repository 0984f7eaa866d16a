package engine_test

import (
	"slices"
	"testing"

	"pencilbox/engine"
)

// TestParsePuzzLink: the head of a puzz.link URL as every kind reading the
// notation needs it, from any host, with option tokens and aliases.
func TestParsePuzzLink(t *testing.T) {
	for _, c := range []struct {
		in    string
		want  engine.PuzzLink
		types []string
	}{
		{"https://puzz.link/p?akari/10/8/abc", engine.PuzzLink{Type: "akari", W: 10, H: 8, Body: "abc"}, []string{"akari", "lightup"}},
		{"\ufeff  http://pzv.jp/p.html?lightup/3/2/g/ \n", engine.PuzzLink{Type: "lightup", W: 3, H: 2, Body: "g"}, []string{"akari", "lightup"}},
		{"?slither/v:/x/5/5/", engine.PuzzLink{Type: "slither", Flags: []string{"v:", "x"}, W: 5, H: 5}, []string{"slither"}},
		{"nonogram/4/3/12g", engine.PuzzLink{Type: "nonogram", W: 4, H: 3, Body: "12g"}, []string{"nonogram"}},
	} {
		got, err := engine.ParsePuzzLink(c.in, c.types...)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got.Type != c.want.Type || got.W != c.want.W || got.H != c.want.H || got.Body != c.want.Body || !slices.Equal(got.Flags, c.want.Flags) {
			t.Errorf("%q: got %+v, want %+v", c.in, got, c.want)
		}
	}
}

// TestParsePuzzLinkErrors: each fault of the head is named.
func TestParsePuzzLinkErrors(t *testing.T) {
	for _, c := range []struct {
		in, want string
		types    []string
	}{
		{"https://puzz.link/p?sudoku/9/9/g", `url: puzzle type "sudoku" is not akari, lightup or bijutsukan`, []string{"akari", "lightup", "bijutsukan"}},
		{"https://puzz.link/p?akari/9/9/g", `url: puzzle type "akari" is not slither`, []string{"slither"}},
		{"https://puzz.link/p?slither/3", `url: want .../slither/W/H/BODY, got "slither/3"`, []string{"slither"}},
		{"https://puzz.link/p?slither/3/x/g", `url: bad size "3"/"x"`, []string{"slither"}},
		{"https://puzz.link/p?slither/3/3/g/zz", `url: unexpected "zz" after the body`, []string{"slither"}},
		{"", `url: puzzle type "" is not slither`, []string{"slither"}},
	} {
		_, err := engine.ParsePuzzLink(c.in, c.types...)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
}

// TestIsPuzzLink: one URL naming one of the types, nothing else.
func TestIsPuzzLink(t *testing.T) {
	for in, want := range map[string]bool{
		"https://puzz.link/p?sudoku/9/9/g":  true,
		" ?sudoku/9/9/g\n":                  true,
		"https://puzz.link/p?sudokux/9/9/g": false,
		"https://puzz.link/p?akari/9/9/g":   false,
		"sudoku/9/9/g":                      false,
		"?sudoku/9/9/g ?sudoku/9/9/g":       false,
	} {
		if got := engine.IsPuzzLink(in, "sudoku", "number_place"); got != want {
			t.Errorf("IsPuzzLink(%q) = %v, want %v", in, got, want)
		}
	}
}
