package pencilbox

import (
	"fmt"
	"strings"
	"unicode"
)

// Tag limits. Every way a tag reaches the library checks them with
// CheckTags: the admin's tag form and import form, `import --tag`, and
// every importer's tags (a "# tags:" comment, a tags column, a JSON
// record's list), so no path can store what the others refuse.
const (
	MaxTags   = 64 // distinct tags a puzzle
	MaxTagLen = 64 // bytes a tag
)

// CheckTags reports whether tags (as a puzzle or an import would get them;
// repeats count once) keep the limits: at most MaxTags, each 1 to
// MaxTagLen bytes of printable text (no control characters or line
// breaks). The error says which tag and which limit.
func CheckTags(tags []string) error {
	seen := make(map[string]bool, min(len(tags), MaxTags+1))
	for _, t := range tags {
		if seen[t] {
			continue
		}
		if err := checkTag(t); err != nil {
			return err
		}
		seen[t] = true
	}
	if len(seen) > MaxTags {
		return fmt.Errorf("%d tags: a puzzle takes at most %d", len(seen), MaxTags)
	}
	return nil
}

func checkTag(t string) error {
	switch {
	case t == "":
		return fmt.Errorf("an empty tag")
	case len(t) > MaxTagLen:
		return fmt.Errorf("tag %q is %d bytes long: a tag takes at most %d", clipTag(t), len(t), MaxTagLen)
	}
	for _, r := range t {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("tag %q: a tag holds no control characters or line breaks", clipTag(t))
		}
	}
	return nil
}

// clipTag shortens a refused tag for its message (whole runes).
func clipTag(t string) string {
	if len(t) <= 24 {
		return t
	}
	n := 24
	for n > 0 && !utf8Start(t[n]) {
		n--
	}
	return t[:n] + "..."
}

func utf8Start(b byte) bool { return b&0xc0 != 0x80 }

// SplitTags reads tags as people type them in a field ("Daily Jan 5,
// easy"): commas separate, blanks stay inside a tag (a run of them is one
// space, none at either end), each tag once, in order. Check the result
// with CheckTags.
func SplitTags(s string) []string {
	var out []string
	seen := map[string]bool{}
	for part := range strings.SplitSeq(s, ",") {
		t := strings.Join(strings.Fields(part), " ")
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// TagRule says the tag rule to those typing tags: how they are separated
// and the limits CheckTags keeps.
func TagRule() string {
	return fmt.Sprintf("Commas separate tags; a tag may hold spaces. At most %d tags, each up to %d bytes.", MaxTags, MaxTagLen)
}
