package pencilbox_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"pencilbox"
)

// TestParseTagFilter: tag=NAME includes, tag=-NAME excludes, repeated or
// as a typed list, and writes back the same; a tag beginning with '-' is
// named \-NAME (it was read as an exclusion, so the tag "-neg" could not
// be selected); two tags to include, or a bare "-", are refused saying
// what to write.
func TestParseTagFilter(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		tag  string
		not  []string
		says string
	}{
		{nil, "", nil, ""},
		{[]string{"easy"}, "easy", nil, ""},
		{[]string{"-sample"}, "", []string{"sample"}, ""},
		{[]string{"easy", "-sample", "-old"}, "easy", []string{"sample", "old"}, ""},
		{[]string{"easy, -sample , - old"}, "easy", []string{"sample", "old"}, ""},
		{[]string{"-sample", "-sample"}, "", []string{"sample"}, ""},
		{[]string{"Daily Jan 5"}, "Daily Jan 5", nil, ""},
		{[]string{"easy", "hard"}, "", nil, `one tag to include at a time ("easy" and "hard")`},
		{[]string{"-"}, "", nil, `write -NAME`},
		// a tag that begins with '-' (or a backslash) is named escaped
		{[]string{`\-neg`}, "-neg", nil, ""},
		{[]string{`\-neg, -\-old`}, "-neg", []string{"-old"}, ""},
		{[]string{`-\-neg`, "-plain"}, "", []string{"-neg", "plain"}, ""},
		{[]string{`\\x`}, `\x`, nil, ""},
		{[]string{`- \\x`}, "", []string{`\x`}, ""},
		{[]string{`\`}, "", nil, `write \NAME`},
	} {
		tag, not, err := pencilbox.ParseTagFilter(tc.in, "Tag")
		if tc.says != "" {
			if err == nil || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("ParseTagFilter(%q) = %v, want an error saying %q", tc.in, err, tc.says)
			}
			continue
		}
		if err != nil || tag != tc.tag || !slices.Equal(not, tc.not) {
			t.Errorf("ParseTagFilter(%q) = %q, %q, %v; want %q, %q", tc.in, tag, not, err, tc.tag, tc.not)
			continue
		}
		back := pencilbox.FormatTagFilter(tag, not)
		tag2, not2, err := pencilbox.ParseTagFilter([]string{back}, "Tag")
		if err != nil || tag2 != tag || !slices.Equal(not2, not) {
			t.Errorf("FormatTagFilter(%q, %q) = %q reads back as %q, %q, %v", tag, not, back, tag2, not2, err)
		}
	}
}

// TestParsePublishing: yes/no and a publication date are read as typed,
// anything else refused saying what to write.
func TestParsePublishing(t *testing.T) {
	for _, tc := range []struct{ in, want, says string }{
		{"", "", ""}, {"yes", "yes", ""}, {" NO ", "no", ""}, {"maybe", "", `published "maybe": want yes or no`},
	} {
		got, err := pencilbox.ParseYesNo(tc.in, "published")
		if tc.says == "" && (err != nil || got != tc.want) || tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says)) {
			t.Errorf("ParseYesNo(%q) = %q, %v; want %q or an error saying %q", tc.in, got, err, tc.want, tc.says)
		}
	}
	now := time.Date(2026, 12, 1, 22, 0, 0, 0, time.UTC)
	for _, tc := range []struct{ in, want, says string }{
		{"", "2026-12-01", ""}, {"2026-12-07", "2026-12-07", ""}, {"7 Dec", "", "write it as YYYY-MM-DD"}, {"2026-02-30", "", "YYYY-MM-DD"},
	} {
		got, err := pencilbox.ParseDate(tc.in, now)
		if tc.says == "" && (err != nil || got != tc.want) || tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says)) {
			t.Errorf("ParseDate(%q) = %q, %v; want %q or an error saying %q", tc.in, got, err, tc.want, tc.says)
		}
	}
}
