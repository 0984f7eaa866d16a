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
