package pencilbox

import (
	"fmt"
	"slices"
	"strings"
)

// The publishing filters, as the admin's URLs, the JSON API and the CLI's
// flags write them: published=yes|no, outlet=NAME, in_set=yes|no|NAME and
// tag=-NAME (a tag to exclude; repeatable, combinable with one tag to
// include).

// ParseYesNo reads "yes", "no" or "" (any); what names it in errors.
func ParseYesNo(s, what string) (string, error) {
	switch s = strings.ToLower(strings.TrimSpace(s)); s {
	case "", "yes", "no":
		return s, nil
	}
	return "", fmt.Errorf("%s %q: want yes or no", what, s)
}

// ParseTagFilter reads tag filter values: each value holds tags separated
// by commas (as tags are typed: SplitTags), a tag written -NAME is
// excluded, any other included. At most one tag is included. A backslash
// at the start of a name takes the rest as written (UnescapeTag): \-neg
// is the tag "-neg", which -NAME would otherwise read as an exclusion, and
// -\-neg excludes it; the same in the URL, the API and the CLI, which all
// read the filter here. what names it in errors.
func ParseTagFilter(values []string, what string) (tag string, not []string, err error) {
	for _, v := range values {
		for _, t := range SplitTags(v) {
			if name, ok := strings.CutPrefix(t, "-"); ok {
				name = UnescapeTag(strings.TrimSpace(name))
				if name == "" {
					return "", nil, fmt.Errorf("%s %q: write -NAME to exclude the tag NAME", what, t)
				}
				if !slices.Contains(not, name) {
					not = append(not, name)
				}
				continue
			}
			t = UnescapeTag(t)
			if t == "" {
				return "", nil, fmt.Errorf("%s %q: write \\NAME for a tag NAME that begins with - or \\", what, v)
			}
			if tag != "" && tag != t {
				return "", nil, fmt.Errorf("%s: one tag to include at a time (%q and %q); exclude others with -NAME", what, tag, t)
			}
			tag = t
		}
	}
	return tag, not, nil
}

// UnescapeTag reads a tag as a filter writes it: a leading backslash is
// dropped and the rest taken as written, so that a tag beginning with '-'
// (\-neg) or with a backslash (\\x) can be named. Tags are stored as
// typed; only the filter escapes.
func UnescapeTag(t string) string {
	if rest, ok := strings.CutPrefix(t, `\`); ok {
		return rest
	}
	return t
}

// EscapeTag writes a tag so that ParseTagFilter reads it back as that tag
// to include: one that begins with '-' or a backslash gets a backslash
// before it.
func EscapeTag(t string) string {
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, `\`) {
		return `\` + t
	}
	return t
}

// FormatTagFilter writes a tag filter back as ParseTagFilter reads it:
// "easy, -sample, -old" (a tag beginning with '-' or a backslash
// escaped: EscapeTag).
func FormatTagFilter(tag string, not []string) string {
	var parts []string
	if tag != "" {
		parts = append(parts, EscapeTag(tag))
	}
	for _, t := range not {
		parts = append(parts, "-"+EscapeTag(t))
	}
	return strings.Join(parts, ", ")
}

// Unused is f narrowed to the puzzles never published and in no set: what
// a new set may take without asking.
func (f Filter) Unused() Filter {
	f.Published, f.InSet = "no", "no"
	return f
}
