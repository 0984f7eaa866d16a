package pencilbox

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxScale bounds the second-rating figures a filter accepts (Sudoku
// Explainer's scale ends near 12).
const MaxScale = 100

// ParseScaleRange reads a second-rating range as the URLs and the CLI write
// it: "6.5-7.5", "7.0" (exactly 7.0), "7-" (7.0 and up), "-4.5" (up to
// 4.5); decimals to the tenth. what names it in errors.
func ParseScaleRange(s, what string) (lo, hi float64, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, nil
	}
	a, b, dash := strings.Cut(rangeDashes.Replace(s), "-")
	if !dash {
		b = a
	}
	conv := func(t string) (float64, error) {
		t = strings.TrimSpace(t)
		if t == "" {
			return 0, nil
		}
		v, err := strconv.ParseFloat(t, 64)
		if err != nil || v <= 0 || v > MaxScale || strings.ContainsAny(t, "eEnN+") {
			return 0, fmt.Errorf("%s %q: want a rating or a range like 6.5-7.5, 7-, -4.5", what, s)
		}
		return v, nil
	}
	if lo, err = conv(a); err != nil {
		return 0, 0, err
	}
	if hi, err = conv(b); err != nil {
		return 0, 0, err
	}
	if !dash && lo == 0 {
		return 0, 0, fmt.Errorf("%s %q: want a rating or a range like 6.5-7.5, 7-, -4.5", what, s)
	}
	if dash && lo == 0 && hi == 0 {
		return 0, 0, fmt.Errorf("%s %q: give at least one end of the range", what, s)
	}
	if hi != 0 && lo > hi {
		return 0, 0, fmt.Errorf("%s %q: the range is empty", what, s)
	}
	return lo, hi, nil
}

// FormatScaleRange writes lo-hi back as ParseScaleRange reads it ("" when both
// are open).
func FormatScaleRange(lo, hi float64) string {
	f := func(v float64) string {
		if v == 0 {
			return ""
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	switch {
	case lo == 0 && hi == 0:
		return ""
	case lo == hi:
		return f(lo)
	}
	return f(lo) + "-" + f(hi)
}
