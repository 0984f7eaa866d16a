package pencilbox

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseRange reads a range as the admin's URLs and the CLI's flags write
// it: "5", "5-6", "5-" or "-6" (0 = open end; an en dash reads as the
// hyphen). what names it in errors, which say what to write instead.
func ParseRange(s, what string) (lo, hi int, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, nil
	}
	a, b, dash := strings.Cut(rangeDashes.Replace(s), "-")
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
			return 0, fmt.Errorf("%s %q: write a whole number like 5, or a range like 5-6, 5- (5 and up) or -6 (up to 6)", what, s)
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

// Size is a board's width (columns) and height (rows), as a size filter
// bounds them; 0 is an open end.
type Size struct{ W, H int }

// String writes s as ParseSize reads it: "10x12" (width x height).
func (s Size) String() string { return strconv.Itoa(s.W) + "x" + strconv.Itoa(s.H) }

// MaxSizeSide is the largest width or height a size filter takes: far
// past any stored board, it keeps the numbers small.
const MaxSizeSide = 10000

// ParseSize reads a size filter as the URL's size= and the CLI's --size
// write it: "10x10" (that size), "10x10-15x15" (width and height each
// from 10 to 15), "10x10-" (at least), "-15x15" (at most); "x" may be
// "X" or "×", the dash an en dash. what names it in errors, which say
// what to write instead.
func ParseSize(s, what string) (lo, hi Size, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return lo, hi, nil
	}
	bad := func(why string) (Size, Size, error) {
		return Size{}, Size{}, fmt.Errorf("%s %q: %s; write WIDTHxHEIGHT like 10x10, or a range like 10x10-15x15, 10x10- (that size and up) or -15x15 (up to it)", what, s, why)
	}
	a, b, dash := strings.Cut(rangeDashes.Replace(s), "-")
	if !dash {
		b = a
	}
	one := func(t string) (Size, bool) {
		t = strings.TrimSpace(t)
		if t == "" {
			return Size{}, true
		}
		w, h, ok := strings.Cut(strings.NewReplacer("X", "x", "\u00d7", "x").Replace(t), "x")
		if !ok {
			return Size{}, false
		}
		wn, err1 := strconv.Atoi(strings.TrimSpace(w))
		hn, err2 := strconv.Atoi(strings.TrimSpace(h))
		if err1 != nil || err2 != nil || wn < 1 || hn < 1 || wn > MaxSizeSide || hn > MaxSizeSide {
			return Size{}, false
		}
		return Size{wn, hn}, true
	}
	var ok bool
	if lo, ok = one(a); !ok {
		return bad(fmt.Sprintf("%q is not a size of 1 to %d a side", strings.TrimSpace(a), MaxSizeSide))
	}
	if hi, ok = one(b); !ok {
		return bad(fmt.Sprintf("%q is not a size of 1 to %d a side", strings.TrimSpace(b), MaxSizeSide))
	}
	if lo == (Size{}) && hi == (Size{}) {
		return bad("no size")
	}
	if hi != (Size{}) && (lo.W > hi.W || lo.H > hi.H) {
		return bad("the range is empty")
	}
	return lo, hi, nil
}

// rangeDashes reads the dashes a keyboard or a word processor gives (en
// and em dash, minus sign) as the hyphen of a range: "4–6" is 4-6.
var rangeDashes = strings.NewReplacer("\u2013", "-", "\u2014", "-", "\u2212", "-")

// The text search's limits. Every word of a search is a prefix to expand
// and a condition for the search index to evaluate, so a search's cost
// grows with its words; these bounds keep every search cheap. Real
// searches are a few words: a source label, a file name, a tag.
const (
	MaxQueryChars = 200 // characters in a search
	MaxQueryWords = 16  // words in a search, as QueryWords splits it
)

// QueryWords splits free text into the words of a search: runs of
// letters, digits and underscores (any non-ASCII character counts as a
// letter).
func QueryWords(q string) []string {
	return strings.FieldsFunc(q, func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127)
	})
}

// CheckQuery reports a search over MaxQueryChars characters or
// MaxQueryWords words, saying what to change. It measures the length
// before splitting, so a huge search costs one pass over its bytes.
func CheckQuery(q string) error {
	if n := utf8.RuneCountInString(q); n > MaxQueryChars {
		return fmt.Errorf("the search is %d characters long, but at most %d are allowed: shorten it by %d", n, MaxQueryChars, n-MaxQueryChars)
	}
	if n := len(QueryWords(q)); n > MaxQueryWords {
		return fmt.Errorf("the search has %d words, but at most %d are allowed: remove %d", n, MaxQueryWords, n-MaxQueryWords)
	}
	return nil
}
