package pencilbox_test

import (
	"testing"

	"pencilbox"
)

func TestParseScaleRange(t *testing.T) {
	for _, tc := range []struct {
		in     string
		lo, hi float64
		bad    bool
	}{
		{"", 0, 0, false},
		{"6.5-7.5", 6.5, 7.5, false},
		{" 7.0 ", 7, 7, false},
		{"7", 7, 7, false},
		{"7-", 7, 0, false},
		{"-4.5", 0, 4.5, false},
		{"1.2-1.2", 1.2, 1.2, false},
		{"7.5-6.5", 0, 0, true},
		{"-", 0, 0, true},
		{"abc", 0, 0, true},
		{"0", 0, 0, true},
		{"1e3", 0, 0, true},
		{"NaN", 0, 0, true},
		{"Inf-", 0, 0, true},
		{"6.5-7.5-8", 0, 0, true},
		{"500", 0, 0, true},
		{"6.5\u20137.5", 6.5, 7.5, false}, // en dash
		{"7+", 0, 0, true},
	} {
		lo, hi, err := pencilbox.ParseScaleRange(tc.in, "er")
		if (err != nil) != tc.bad || lo != tc.lo || hi != tc.hi {
			t.Errorf("ParseScaleRange(%q) = %v, %v, %v; want %v, %v, bad %v", tc.in, lo, hi, err, tc.lo, tc.hi, tc.bad)
		}
		if err == nil && tc.in != "" {
			back := pencilbox.FormatScaleRange(lo, hi)
			lo2, hi2, err := pencilbox.ParseScaleRange(back, "er")
			if err != nil || lo2 != lo || hi2 != hi {
				t.Errorf("%q written back as %q reads %v-%v, %v", tc.in, back, lo2, hi2, err)
			}
		}
	}
}
