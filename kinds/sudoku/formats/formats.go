// Package formats reads the Sudoku text formats (line, grid, table, csv,
// OpenSudoku xml) into importer records. puzz.link URLs are read by the
// kind-independent importers.URLFormat through sudoku.Kind.
package formats

import (
	"bytes"
	"fmt"
	"io"

	"pencilbox/importers"
	"pencilbox/kinds/sudoku"
)

// Formats lists the Sudoku formats in detection order (most specific
// first; the hand-typed grid is loose).
func Formats() []importers.Format {
	return []importers.Format{XML(), CSV(), Table(), Line(), Grid()}
}

var kind = sudoku.Kind{}

// Line is the 81-character line form (.txt, .sdm): one puzzle per line,
// empty cells `. 0 * - _`, the rest of the line after white space kept as
// the note; '#' lines are comments.
func Line() importers.Format {
	return importers.Format{
		Name:   "line",
		Kind:   kind,
		Detect: detectLine,
		Read: func(r io.Reader, emit func(importers.Record) error) error {
			first := true
			return importers.ForLines(r, func(rec importers.Record) error {
				if first {
					first = false
					if isHeader(rec) {
						return nil
					}
				}
				return emit(rec)
			}, func(n int, line []byte) importers.Record {
				return lineRecord(n, string(bytes.TrimLeft(line, " \t")))
			})
		},
	}
}

// isHeader reports whether a line file's first record is a header
// ("puzzle", "Puzzle Rating Source"): a line that is not a puzzle and has
// letters but no digit and no empty-cell dot, so it cannot be a mistyped
// puzzle, which must be reported.
func isHeader(rec importers.Record) bool {
	if rec.Err == nil {
		return false
	}
	letters := false
	for i := 0; i < len(rec.Text); i++ {
		c := rec.Text[i]
		switch {
		case c >= '0' && c <= '9' || c == '.':
			return false
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letters = true
		}
	}
	return letters
}

func detectLine(head []byte) bool {
	lines := importers.Head(head, 2)
	for _, l := range lines {
		if kind.Sniff(string(l)) {
			return true
		}
	}
	return false
}

// lineRecord parses one line: cells up to the first white space, the rest
// is the note.
func lineRecord(n int, s string) importers.Record {
	rec := importers.Record{Line: n, Text: s}
	cells := s
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || s[i] == '\t' {
			cells = s[:i]
			rec.Note = trimSpace(s[i:])
			break
		}
	}
	g, err := sudoku.ParseLine(cells)
	if err != nil {
		rec.Err = err
		return rec
	}
	rec.Puzzle = &sudoku.Puzzle{Grid: g}
	return rec
}

func trimSpace(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

func isEmpty(b byte) bool {
	return b == '.' || b == '0' || b == '*' || b == '-' || b == '_'
}

func badChar(b byte) string {
	if b >= 0x80 || b < 0x20 {
		return fmt.Sprintf("byte 0x%02x", b)
	}
	return fmt.Sprintf("%q", rune(b))
}
