package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// PuzzLink is the head of a puzz.link / pzv.jp URL (pzprjs's notation,
// any host): "...?TYPE/[FLAG/...]W/H/BODY". Kinds that read this notation
// share the head and decode BODY, whose encoding is each kind's own.
type PuzzLink struct {
	Type  string   // the type named after '?', one of the names asked for
	Flags []string // option tokens before the size (such as "v:"), in order
	W, H  int      // columns and rows, as written (not checked against a kind's limits)
	Body  string   // the cell encoding, possibly empty
}

// ParsePuzzLink splits a puzz.link URL (or just its query, with or without
// the '?') into its head and body. types are the type names the caller
// reads (pzprjs has aliases, such as lightup for akari); the first is the
// one the messages show. Errors start with "url: " and say what is wrong.
func ParsePuzzLink(text string, types ...string) (PuzzLink, error) {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	q := t
	if i := strings.IndexByte(t, '?'); i >= 0 {
		q = t[i+1:]
	}
	parts := strings.Split(q, "/")
	var u PuzzLink
	for _, name := range types {
		if parts[0] == name {
			u.Type = name
		}
	}
	if u.Type == "" {
		return u, fmt.Errorf("url: puzzle type %q is not %s", parts[0], orList(types))
	}
	parts = parts[1:]
	// pzprjs puts option tokens before the size; a size starts with a digit.
	for len(parts) > 0 && parts[0] != "" && (parts[0][0] < '0' || parts[0][0] > '9') {
		u.Flags = append(u.Flags, parts[0])
		parts = parts[1:]
	}
	if len(parts) < 3 {
		return u, fmt.Errorf("url: want .../%s/W/H/BODY, got %q", types[0], q)
	}
	w, err1 := strconv.Atoi(parts[0])
	h, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return u, fmt.Errorf("url: bad size %q/%q", parts[0], parts[1])
	}
	for _, extra := range parts[3:] {
		if extra != "" {
			return u, fmt.Errorf("url: unexpected %q after the body", extra)
		}
	}
	u.W, u.H, u.Body = w, h, parts[2]
	return u, nil
}

// IsPuzzLink reports whether text (blanks around allowed) is one URL, with
// a '?', whose query names one of types.
func IsPuzzLink(text string, types ...string) bool {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	i := strings.IndexByte(t, '?')
	if i < 0 || strings.ContainsAny(t, " \t\r\n") {
		return false
	}
	for _, name := range types {
		if strings.HasPrefix(t[i+1:], name+"/") {
			return true
		}
	}
	return false
}

// orList writes "a", "a or b", "a, b or c".
func orList(names []string) string {
	switch len(names) {
	case 0:
		return "any type"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
