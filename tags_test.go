package pencilbox_test

import (
	"strings"
	"testing"

	"pencilbox"
)

// TestSplitTags: a tag field is split at commas only: "Daily Jan 5" is
// one tag, blanks around and inside a tag are tidied, repeats count once.
func TestSplitTags(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"easy", "easy"},
		{"Daily Jan 5", "Daily Jan 5"},
		{"Daily Jan 5, easy", "Daily Jan 5|easy"},
		{" a ,b,, c\td ,a", "a|b|c d"},
		{"book1,book1, book1 ", "book1"},
		{",,  ,", ""},
	} {
		if got := strings.Join(pencilbox.SplitTags(tc.in), "|"); got != tc.want {
			t.Errorf("SplitTags(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
