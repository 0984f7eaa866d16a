package importers

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"pencilbox/engine"
)

// ReadPzprv3 splits a file of pzprjs's pzprv3 texts into records and hands
// each to parse, the kind's reader of one pzprv3 text: a record is a
// one-line text ("pzprv3/kind/rows/cols/...") or a header line "pzprv3",
// the kind, the rows and the columns, then that many rows (pzprv3.1's
// flag line "f" after the header ends it: the parser says why). A header
// whose row count is not 1..maxRows is handed on at once for the parser
// to say what is wrong. Lines outside a record (before the first pzprv3
// line) are refused, comments and blank lines skipped; a line too long to
// read is refused and the record in the making handed on. Every kind that
// reads pzprv3 files shares this, its parser alone being its own.
func ReadPzprv3(r io.Reader, emit func(Record) error, maxRows int, parse func(text string) (engine.Puzzle, error)) error {
	lr := NewLineReader(r)
	var (
		lines []string // the record so far: header and rows
		start int
		want  = -1 // lines the record needs (4 + rows) once known
		skip  bool // after a record, up to the next pzprv3 line
	)
	record := func(text string) Record {
		rec := Record{Line: start, Text: text}
		p, err := parse(text)
		if err != nil {
			rec.Err = err
			return rec
		}
		rec.Puzzle, rec.Warning = p, Warnings(p)
		return rec
	}
	flush := func() error {
		if len(lines) == 0 {
			return nil
		}
		text := strings.Join(lines, "\n")
		lines, want = lines[:0], -1
		return emit(record(text))
	}
	for {
		line, long, err := lr.Next()
		if err == io.EOF {
			return flush()
		}
		if err != nil {
			return err
		}
		l := bytes.TrimSpace(line)
		if long {
			if err := flush(); err != nil {
				return err
			}
			if err := emit(TooLong(lr.Line(), line)); err != nil {
				return err
			}
			skip = true
			continue
		}
		if bytes.HasPrefix(l, []byte("pzprv3")) {
			if err := flush(); err != nil {
				return err
			}
			skip = false
			start = lr.Line()
			if bytes.IndexByte(l, '/') >= 0 {
				if err := emit(record(string(l))); err != nil {
					return err
				}
				skip = true
				continue
			}
			lines = append(lines, string(l))
			continue
		}
		if skip || len(lines) == 0 {
			if !skip && len(l) > 0 && l[0] != '#' {
				if err := emit(Record{Line: lr.Line(), Text: clipLine(string(l)),
					Err: fmt.Errorf("pzprv3: line outside a record (want a pzprv3 line first)")}); err != nil {
					return err
				}
				skip = true
			}
			continue
		}
		if len(l) == 0 && len(lines) < 4 {
			continue // blank lines inside the header
		}
		lines = append(lines, string(line))
		if len(lines) == 3 {
			rows, err := strconv.Atoi(strings.TrimSpace(lines[2]))
			if err != nil || rows < 1 || rows > maxRows {
				// Let the parser say what is wrong with the header.
				if err := flush(); err != nil {
					return err
				}
				skip = true
				continue
			}
			want = 4 + rows
		}
		// pzprv3.1 may put the flag line "f" before the rows: the
		// parser rejects it, so the record ends there.
		if len(lines) == 5 && strings.TrimSpace(lines[4]) == "f" {
			want = 5
		}
		if len(lines) == want {
			if err := flush(); err != nil {
				return err
			}
			skip = true
		}
	}
}

// clipLine shortens a refused line's text to what a report shows.
func clipLine(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}
