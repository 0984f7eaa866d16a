// Package formats reads the Akari text formats (Tatham game IDs, pzprv3,
// hand-typed grids, the team's tsv files) into importer records. puzz.link
// URLs are read by the kind-independent importers.URLFormat through
// akari.Kind.
package formats

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/akari"
)

var kind = akari.Kind{}

// Formats lists the Akari formats in detection order (the hand-typed grid
// is loose).
func Formats() []importers.Format {
	return []importers.Format{TSV(), Pzprv3(), Tatham(), Grid()}
}

func record(n int, text string, p *akari.Puzzle, err error) importers.Record {
	rec := importers.Record{Line: n, Text: text}
	if err != nil {
		rec.Err = err
		return rec
	}
	rec.Puzzle = p
	rec.Warning = importers.Warnings(p)
	return rec
}

// Tatham reads Simon Tatham's Light Up game IDs, one per line
// ("10x10:b2o2hB..." or the long "10x10b20s2d0:...").
func Tatham() importers.Format {
	return importers.Format{
		Name: "tatham",
		Kind: kind,
		Detect: func(head []byte) bool {
			l := importers.Head(head, 1)
			return len(l) == 1 && isTathamHead(l[0])
		},
		Read: func(r io.Reader, emit func(importers.Record) error) error {
			return importers.ForLines(r, emit, func(n int, line []byte) importers.Record {
				s := string(bytes.TrimSpace(line))
				p, err := akari.ParseTatham(s)
				return record(n, s, p, err)
			})
		},
	}
}

// isTathamHead reports digits 'x' digits then ':' or 'b', and no '/' in
// the description (Light Up never writes one; a Pattern ID always does).
func isTathamHead(t []byte) bool {
	if d := bytes.IndexByte(t, ':'); d >= 0 && bytes.IndexByte(bytes.Fields(t[d:])[0], '/') >= 0 {
		return false
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(t) || t[i] != 'x' {
		return false
	}
	i++
	j := i
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > j && i < len(t) && (t[i] == ':' || t[i] == 'b')
}

// Pzprv3 reads pzprjs's pzprv3 notation: one-line records
// "pzprv3/lightup/ROWS/COLS/row/row/.../" and files with a "pzprv3" line,
// then the type, rows and cols lines and one line per row; lines after the
// rows (answers, history) are skipped up to the next "pzprv3". Lights and
// marks in a question are ignored with a warning.
func Pzprv3() importers.Format {
	return importers.Format{
		Name: "pzprv3",
		Kind: kind,
		Detect: func(head []byte) bool {
			// pzprv3 holds every pzprjs puzzle: claim only lightup's
			// (the type is the second item, after a '/' or on the
			// second line).
			l := importers.Head(head, 2)
			if len(l) == 0 || !bytes.HasPrefix(l[0], []byte("pzprv3")) {
				return false
			}
			if i := bytes.IndexByte(l[0], '/'); i >= 0 {
				typ, _, _ := bytes.Cut(l[0][i+1:], []byte("/"))
				return string(typ) == "lightup" || string(typ) == "akari"
			}
			return len(l) == 2 && (string(l[1]) == "lightup" || string(l[1]) == "akari")
		},
		Read: readPzprv3,
	}
}

func readPzprv3(r io.Reader, emit func(importers.Record) error) error {
	return importers.ReadPzprv3(r, emit, akari.MaxSize, func(text string) (engine.Puzzle, error) {
		p, err := akari.ParsePzprv3(text)
		if err != nil {
			return nil, err
		}
		return p, nil
	})
}

// Grid reads hand-typed grids: rows of '.' (white), '#' or 'X' (black),
// '0'-'4' (clue), blanks between cells allowed; grids separated by blank
// lines. A line starting with '#' that holds anything but grid characters
// is a comment.
func Grid() importers.Format {
	return importers.Format{
		Name:   "akari-grid",
		Kind:   kind,
		Loose:  true,
		Detect: detectGrid,
		Read:   readGrid,
	}
}

func isGridLine(l []byte) bool {
	cells := 0
	for _, b := range l {
		switch b {
		case '.', '#', 'X', '0', '1', '2', '3', '4':
			cells++
		case ' ', '\t':
		default:
			return false
		}
	}
	return cells > 0
}

func detectGrid(head []byte) bool {
	rows := 0
	for _, l := range importers.HeadLines(head, 3) {
		if isGridLine(l) {
			rows++
			continue
		}
		if l[0] == '#' && rows == 0 {
			continue // a comment before the grid
		}
		break
	}
	return rows >= 2
}

// maxRowText bounds the text kept of one grid row (200 cells with blanks).
const maxRowText = 2*akari.MaxSize + 16

func readGrid(r io.Reader, emit func(importers.Record) error) error {
	lr := importers.NewLineReader(r)
	var (
		text  strings.Builder
		rows  int
		start int
		err0  error
	)
	flush := func() error {
		if rows == 0 {
			return nil
		}
		s := text.String()
		text.Reset()
		rows = 0
		if err0 != nil {
			err := err0
			err0 = nil
			return emit(importers.Record{Line: start, Text: s, Err: err})
		}
		p, err := akari.ParseGrid(s)
		return emit(record(start, s, p, err))
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
		if len(l) == 0 {
			if err := flush(); err != nil {
				return err
			}
			continue
		}
		if !long && l[0] == '#' && !isGridLine(l) {
			continue
		}
		if rows == 0 {
			start = lr.Line()
		}
		rows++
		if rows > 1 {
			text.WriteByte('\n')
		}
		switch {
		case long || len(l) > maxRowText:
			text.Write(l[:min(len(l), 80)])
			text.WriteString("...")
			if err0 == nil {
				err0 = fmt.Errorf("grid: row %d is longer than %d characters", rows, maxRowText)
			}
		case rows > akari.MaxSize:
			if err0 == nil {
				err0 = fmt.Errorf("grid: more than %d rows", akari.MaxSize)
			}
		default:
			text.Write(l)
		}
	}
}
