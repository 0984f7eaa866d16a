package pencilbox_test

import (
	"strings"
	"testing"

	"pencilbox"
)

// TestParseRange: what a curator types in Stars or Clues (or --rank) is
// read as a number or a range, an en or em dash as the hyphen; anything
// else is refused with a sentence saying what to write.
func TestParseRange(t *testing.T) {
	for _, tc := range []struct {
		in     string
		lo, hi int
		says   string // "" = read
	}{
		{"", 0, 0, ""},
		{"5", 5, 5, ""},
		{" 5-6 ", 5, 6, ""},
		{"5-", 5, 0, ""},
		{"-6", 0, 6, ""},
		{"4\u20136", 4, 6, ""},   // en dash
		{"4 \u2014 6", 4, 6, ""}, // em dash
		{"4\u2212", 4, 0, ""},    // minus sign
		{"4+", 0, 0, `Stars "4+": write a whole number like 5, or a range like 5-6, 5- (5 and up) or -6 (up to 6)`},
		{"4,5", 0, 0, `Stars "4,5": write a whole number`},
		{"4.5", 0, 0, `Stars "4.5": write a whole number`},
		{"6-4", 0, 0, `Stars "6-4": the range is empty`},
		{"4-5-6", 0, 0, `Stars "4-5-6": write a whole number`},
	} {
		lo, hi, err := pencilbox.ParseRange(tc.in, "Stars")
		switch {
		case tc.says == "" && (err != nil || lo != tc.lo || hi != tc.hi):
			t.Errorf("ParseRange(%q) = %d, %d, %v; want %d, %d", tc.in, lo, hi, err, tc.lo, tc.hi)
		case tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says)):
			t.Errorf("ParseRange(%q) = %d, %d, %v; want an error saying %q", tc.in, lo, hi, err, tc.says)
		}
	}
}

// TestParseSize: a size, a range of sizes (each dimension on its own) or
// an open range; a malformed one is refused with a sentence saying what
// to write.
func TestParseSize(t *testing.T) {
	sz := func(w, h int) pencilbox.Size { return pencilbox.Size{W: w, H: h} }
	for in, want := range map[string][2]pencilbox.Size{
		"":             {},
		"10x10":        {sz(10, 10), sz(10, 10)},
		" 7X9 ":        {sz(7, 9), sz(7, 9)},
		"10×12":        {sz(10, 12), sz(10, 12)},
		"10x10-15x15":  {sz(10, 10), sz(15, 15)},
		"10x10–15x20":  {sz(10, 10), sz(15, 20)},
		"10x10-":       {sz(10, 10), {}},
		"-15x15":       {{}, sz(15, 15)},
		"1x1-10000x10": {sz(1, 1), sz(10000, 10)},
	} {
		lo, hi, err := pencilbox.ParseSize(in, "size")
		if err != nil || lo != want[0] || hi != want[1] {
			t.Errorf("ParseSize(%q) = %v, %v, %v; want %v, %v", in, lo, hi, err, want[0], want[1])
		}
	}
	for _, in := range []string{"10", "10x", "x10", "10x10x10", "0x5", "axb", "10x10-5x5", "10x10-12x8", "-", "10001x1", "10x10-15"} {
		_, _, err := pencilbox.ParseSize(in, "--size")
		if err == nil || !strings.Contains(err.Error(), "--size") || !strings.Contains(err.Error(), "write WIDTHxHEIGHT like 10x10") {
			t.Errorf("ParseSize(%q): %v, want a sentence naming --size and saying what to write", in, err)
		}
	}
}
