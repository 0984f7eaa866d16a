package importers

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"pencilbox/engine"
)

// URLFormat reads puzz.link style URLs, one per line, of any kind in kinds:
// each line goes to the kind whose Sniff claims it, so URLs of several
// kinds can be mixed in one file. Format.Kind is nil; each record's Puzzle
// says its kind.
func URLFormat(kinds engine.Registry) Format {
	return Format{
		Name:   "url",
		Detect: detectURL,
		Read: func(r io.Reader, emit func(Record) error) error {
			return ForLines(r, emit, func(n int, line []byte) Record {
				return readURL(kinds, n, string(bytes.TrimSpace(line)))
			})
		},
	}
}

// isURLLine reports a line that looks like ...?type/... with a scheme or
// host before the '?'.
func isURLLine(l []byte) bool {
	i := bytes.IndexByte(l, '?')
	if i < 0 || bytes.ContainsAny(l, " \t") {
		return false
	}
	head, q := l[:i], l[i+1:]
	j := bytes.IndexByte(q, '/')
	return j > 0 && (bytes.Contains(head, []byte("://")) || bytes.HasSuffix(head, []byte("/p")) ||
		bytes.HasSuffix(head, []byte(".html")))
}

// detectURL claims a head whose first data line is a URL.
func detectURL(head []byte) bool {
	lines := Head(head, 1)
	return len(lines) == 1 && isURLLine(lines[0])
}

func readURL(kinds engine.Registry, n int, text string) Record {
	for _, k := range kinds {
		if k.Sniff(text) {
			return Parse(k, n, text)
		}
	}
	typ := ""
	if i := strings.IndexByte(text, '?'); i >= 0 {
		typ, _, _ = strings.Cut(text[i+1:], "/")
	}
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = k.Name()
	}
	if typ == "" {
		return Record{Line: n, Text: text, Err: fmt.Errorf("not a puzzle URL (want https://puzz.link/p?TYPE/W/H/BODY)")}
	}
	return Record{Line: n, Text: text, Err: fmt.Errorf("url: puzzle type %q is not supported (known kinds: %s)", typ, strings.Join(names, ", "))}
}
