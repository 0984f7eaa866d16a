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
