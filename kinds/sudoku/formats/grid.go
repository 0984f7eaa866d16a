package formats

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"pencilbox/importers"
	"pencilbox/kinds/sudoku"
)

// Grid is the 9-lines-of-9-cells form (.sdk, .ss, hand-typed): optional
// `|` `+` separators and separator lines such as `---+---+---`, cells
// possibly space-separated, a SadMan `[Puzzle]` header (other `[...]`
// sections are skipped), several grids separated by blank lines or simply
// following each other.
func Grid() importers.Format {
	return importers.Format{
		Name:   "grid",
		Kind:   kind,
		Loose:  true,
		Detect: func(head []byte) bool { return detectBlock(head, gridRow) },
		Read: func(r io.Reader, emit func(importers.Record) error) error {
			return readBlocks(r, emit, gridRow)
		},
	}
}

// Table is the textbook style `** | *4 | *5 | ...`: cells separated by
// `|`; `**` or `*` an empty cell, `N` or `*N` a given N; 9 rows a grid.
func Table() importers.Format {
	return importers.Format{
		Name:   "table",
		Kind:   kind,
		Detect: func(head []byte) bool { return detectBlock(head, tableRow) },
		Read: func(r io.Reader, emit func(importers.Record) error) error {
			return readBlocks(r, emit, tableRow)
		},
	}
}

// rowKind says what one line of a block format is.
type rowKind int

const (
	rowCells     rowKind = iota // a row (possibly bad)
	rowSeparator                // a separator line, ignored
)

// rowParser reads one trimmed line into dst (9 cells). It returns the
// number of cells found, or an error naming the bad character.
type rowParser func(line []byte, dst *[9]uint8) (rowKind, int, error)

func gridRow(l []byte, dst *[9]uint8) (rowKind, int, error) {
	if sudoku.IsSeparatorLine(l) {
		return rowSeparator, 0, nil
	}
	n := 0
	for i, b := range l {
		switch {
		case b == ' ' || b == '\t' || b == '|' || b == '+':
			continue
		case b >= '1' && b <= '9':
			if n < 9 {
				dst[n] = b - '0'
			}
		case isEmpty(b):
			if n < 9 {
				dst[n] = 0
			}
		default:
			return rowCells, n, fmt.Errorf("position %d: %s is not a digit or an empty mark", i+1, badChar(b))
		}
		n++
	}
	return rowCells, n, nil
}

func tableRow(l []byte, dst *[9]uint8) (rowKind, int, error) {
	if sudoku.IsSeparatorLine(l) {
		return rowSeparator, 0, nil
	}
	toks := bytes.Split(l, []byte("|"))
	if len(toks) > 1 && len(bytes.TrimSpace(toks[0])) == 0 {
		toks = toks[1:]
	}
	if len(toks) > 1 && len(bytes.TrimSpace(toks[len(toks)-1])) == 0 {
		toks = toks[:len(toks)-1]
	}
	for i, t := range toks {
		t = bytes.TrimSpace(t)
		var d uint8
		switch {
		case len(t) == 1 && t[0] >= '1' && t[0] <= '9':
			d = t[0] - '0'
		case len(t) == 2 && t[0] == '*' && t[1] >= '1' && t[1] <= '9':
			d = t[1] - '0'
		case len(t) == 0, string(t) == "*", string(t) == "**", len(t) == 1 && isEmpty(t[0]):
		default:
			return rowCells, i, fmt.Errorf("column %d: %q is not N, *N, * or **", i+1, clip(t))
		}
		if i < 9 {
			dst[i] = d
		}
	}
	return rowCells, len(toks), nil
}

func clip(b []byte) string {
	if len(b) > 20 {
		return string(b[:20]) + "..."
	}
	return string(b)
}

// detectBlock claims a head whose first row (after separators and a
// [Puzzle] header) has exactly 9 good cells, as has the second if present.
func detectBlock(head []byte, parse rowParser) bool {
	// Rows of '.', '#', 'X' and 0-4 with a black cell are an Akari grid.
	for _, l := range importers.HeadLines(head, 12) {
		if bytes.ContainsAny(l, "#X") && len(bytes.Trim(l, ".#X01234 \t")) == 0 {
			return false
		}
	}
	var dst [9]uint8
	rows := 0
	for _, l := range importers.Head(head, 6) {
		if l[0] == '[' {
			continue
		}
		k, n, err := parse(l, &dst)
		if k == rowSeparator {
			continue
		}
		if err != nil || n != 9 {
			return false
		}
		rows++
		if rows == 2 {
			break
		}
	}
	return rows > 0
}

// readBlocks streams grids of 9 rows. A grid ends after its ninth row; a
// blank line, a [section] header or the end of input ends a short one,
// which is a bad record.
func readBlocks(r io.Reader, emit func(importers.Record) error, parse rowParser) error {
	lr := importers.NewLineReader(r)
	var (
		g     sudoku.Grid
		rows  int
		start int
		err0  error
		text  strings.Builder
		skip  bool // inside a [State] or other non-puzzle section
		tags  []string
	)
	flush := func() error {
		if rows == 0 {
			return nil
		}
		rec := importers.Record{Line: start, Text: text.String(), Tags: tags}
		tags = nil
		switch {
		case err0 != nil:
			rec.Err = err0
		case rows != 9:
			rec.Err = fmt.Errorf("grid has %d rows, want 9", rows)
		default:
			p := &sudoku.Puzzle{Grid: g}
			rec.Puzzle = p
		}
		rows, err0, g = 0, nil, sudoku.Grid{}
		text.Reset()
		return emit(rec)
	}
	for {
		line, long, err := lr.Next()
		if err == io.EOF {
			return flush()
		}
		if err != nil {
			return err
		}
		l := bytes.TrimLeft(line, " \t")
		switch {
		case len(l) == 0:
			skip = false
			if err := flush(); err != nil {
				return err
			}
			continue
		case !long && l[0] == '[':
			if err := flush(); err != nil {
				return err
			}
			skip = !bytes.EqualFold(l, []byte("[Puzzle]"))
			continue
		case skip:
			continue
		case !long && l[0] == '#':
			if t, ok := importers.TagsComment(l); ok && rows == 0 {
				tags = t
			}
			continue
		}
		var dst [9]uint8
		var k rowKind
		var n int
		if long {
			k, err = rowCells, importers.ErrLineTooLong
		} else {
			k, n, err = parse(l, &dst)
		}
		if k == rowSeparator {
			continue
		}
		if rows == 0 {
			start = lr.Line()
		} else {
			text.WriteByte('\n')
		}
		if len(l) > 200 {
			text.Write(l[:200])
			text.WriteString("...")
		} else {
			text.Write(l)
		}
		if err0 == nil {
			switch {
			case err != nil:
				err0 = fmt.Errorf("row %d: %v", rows+1, err)
			case n != 9:
				err0 = fmt.Errorf("row %d has %d cells, want 9", rows+1, n)
			default:
				copy(g[rows*9:], dst[:])
			}
		}
		rows++
		if rows == 9 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
}
