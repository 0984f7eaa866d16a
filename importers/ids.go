package importers

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"pencilbox/engine"
)

// IDsFormat reads Simon Tatham's game IDs ("PARAMS:DESC", one a line) of
// several kinds in one file, each line going to the kind whose Sniff
// claims it, as URLFormat does for puzz.link URLs: the tatham export of a
// set holding several kinds writes them so, and a kind's own format
// (detected from the first line) rejected every line of the others.
// It is detected only when the head's IDs belong to two kinds or more; a
// file of one kind's IDs stays with that kind's format. Format.Kind is nil;
// each record's Puzzle says its kind.
func IDsFormat(kinds engine.Registry) Format {
	return Format{
		Name:   "ids",
		Detect: func(head []byte) bool { return detectIDs(kinds, head) },
		Read: func(r io.Reader, emit func(Record) error) error {
			return ForLines(r, emit, func(n int, line []byte) Record {
				return readID(kinds, n, string(bytes.TrimSpace(line)))
			})
		},
	}
}

// idsHead is how many of the head's lines detection looks at.
const idsHead = 64

// isIDLine reports a line that looks like a game ID: "WxH" and letters or
// digits before a ':', no blanks.
func isIDLine(l []byte) bool {
	params, _, ok := bytes.Cut(l, []byte(":"))
	if !ok || bytes.ContainsAny(l, " \t") || len(params) < 3 || params[0] < '0' || params[0] > '9' {
		return false
	}
	return bytes.IndexByte(params, 'x') > 0
}

// detectIDs claims a head whose lines are all game IDs, claimed by at
// least two different kinds.
func detectIDs(kinds engine.Registry, head []byte) bool {
	seen := map[string]bool{}
	for _, l := range Head(head, idsHead) {
		if !isIDLine(l) {
			return false
		}
		k := kinds.Detect(string(l))
		if k == nil || !k.Sniff(string(l)) {
			return false
		}
		seen[k.Name()] = true
	}
	return len(seen) >= 2
}

func readID(kinds engine.Registry, n int, text string) Record {
	for _, k := range kinds {
		if k.Sniff(text) {
			return Parse(k, n, text)
		}
	}
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = k.Name()
	}
	return Record{Line: n, Text: text, Err: fmt.Errorf("ids: %.40q is not a game ID of a known kind (%s)", text, strings.Join(names, ", "))}
}
