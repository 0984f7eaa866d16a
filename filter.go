package pencilbox

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseRange reads a range as the admin's URLs and the CLI's flags write
// it: "5", "5-6", "5-" or "-6" (0 = open end). what names it in errors.
func ParseRange(s, what string) (lo, hi int, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, nil
	}
	a, b, dash := strings.Cut(s, "-")
	if !dash {
		b = a
	}
	conv := func(t string) (int, error) {
		t = strings.TrimSpace(t)
		if t == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 || n > 1_000_000 {
			return 0, fmt.Errorf("%s %q: want a number or a range like 5-6", what, s)
		}
		return n, nil
	}
	if lo, err = conv(a); err != nil {
		return 0, 0, err
	}
	if hi, err = conv(b); err != nil {
		return 0, 0, err
	}
	if hi != 0 && lo > hi {
		return 0, 0, fmt.Errorf("%s %q: the range is empty", what, s)
	}
	return lo, hi, nil
}
