package formats

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"pencilbox/importers"
)

// Column names that hold the puzzle and the solution, compared without
// case. A name starting with "puzzle" also counts (PuzzleR).
var (
	puzzleNames   = []string{"quizzes", "quiz", "puzzle", "puzzles", "sudoku", "givens", "grid", "question", "problem"}
	solutionNames = []string{"solutions", "solution", "answer", "solved"}
)

// CSV reads a table with a header naming the puzzle column (quizzes,
// puzzle, ...); a solution column (solutions, solution, ...) goes to
// Record.Solution, a tags column to Record.Tags, other non-empty columns
// to Record.Meta. The delimiter
// is the one of `,` `;` TAB the header uses most. Title lines without a
// delimiter before the header are skipped; a gsf `#!sudoku -cN,...` header
// names the columns after its directive, -cN being the puzzle column.
// Record.Text is the puzzle field.
func CSV() importers.Format {
	return importers.Format{
		Name:   "csv",
		Kind:   kind,
		Detect: detectCSV,
		Read:   readCSV,
	}
}

// maxTitles is how many lines without a delimiter may come before the
// header.
const maxTitles = 5

var errNoHeader = fmt.Errorf("csv: no header line naming the columns (such as quizzes,solutions) in the first %d lines", maxTitles)

type header struct {
	names    []string
	comma    rune
	puzzle   int
	solution int
}

// parseHeader reads a header line; ok is false when the line has no
// delimiter (a title line). puzzle is -1 when no column names the puzzle.
func parseHeader(l []byte) (h header, ok bool) {
	s := string(l)
	h.comma = ','
	best := strings.Count(s, ",")
	for _, c := range []rune{';', '\t'} {
		if n := strings.Count(s, string(c)); n > best {
			best, h.comma = n, c
		}
	}
	if best == 0 {
		return h, false
	}
	r := csv.NewReader(strings.NewReader(s))
	r.Comma = h.comma
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	names, err := r.Read()
	if err != nil {
		return h, false
	}
	h.puzzle, h.solution = -1, -1
	if strings.HasPrefix(names[0], "#!") {
		// gsf's "#!sudoku -c1,PuzzleR,...": the first field is a directive.
		f := strings.Fields(names[0])
		var keep []string
		for _, o := range f[1:] {
			if strings.HasPrefix(o, "-c") {
				if n, err := strconv.Atoi(o[2:]); err == nil && n >= 1 {
					h.puzzle = n - 1
				}
			} else if !strings.HasPrefix(o, "-") {
				keep = append(keep, o)
			}
		}
		names = append(keep, names[1:]...)
	}
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	h.names = names
	for i, n := range names {
		ln := strings.ToLower(n)
		if h.puzzle < 0 && (contains(puzzleNames, ln) || strings.HasPrefix(ln, "puzzle")) {
			h.puzzle = i
		}
		if h.solution < 0 && contains(solutionNames, ln) {
			h.solution = i
		}
	}
	return h, true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func detectCSV(head []byte) bool {
	for i, l := range importers.HeadLines(head, 4) {
		if l[0] == '#' && !bytes.HasPrefix(l, []byte("#!")) {
			continue
		}
		h, ok := parseHeader(l)
		if ok {
			return h.puzzle >= 0
		}
		_ = i
	}
	return false
}

func readCSV(r io.Reader, emit func(importers.Record) error) error {
	lr := importers.NewLineReader(importers.Buffered(r))
	var h header
	title := ""
	titles := 0
	for {
		line, long, err := lr.Next()
		if err == io.EOF {
			if titles > 0 {
				return emit(importers.Record{Line: 1, Err: errNoHeader})
			}
			return nil
		}
		if err != nil {
			return err
		}
		if long {
			if err := emit(importers.TooLong(lr.Line(), line)); err != nil {
				return err
			}
			continue
		}
		l := bytes.TrimLeft(line, " \t")
		if len(l) == 0 || l[0] == '#' && !bytes.HasPrefix(l, []byte("#!")) {
			continue
		}
		var ok bool
		h, ok = parseHeader(l)
		if !ok {
			if title == "" {
				title = string(l)
			}
			if titles++; titles == maxTitles {
				return emit(importers.Record{Line: lr.Line() - maxTitles + 1, Err: errNoHeader})
			}
			continue
		}
		if h.puzzle < 0 {
			return emit(importers.Record{Line: lr.Line(), Text: string(l),
				Err: fmt.Errorf("csv: no puzzle column (looked for %s)", strings.Join(puzzleNames, ", "))})
		}
		break
	}
	base := lr.Line() // csv counts lines from 1 after the header
	cr := importers.NewCapReader(lr.Reader(), importers.MaxLine)
	c := csv.NewReader(cr)
	c.Comma = h.comma
	c.Comment = '#'
	c.FieldsPerRecord = -1
	c.ReuseRecord = true
	last := base
	for {
		fields, err := c.Read()
		line := last + 1
		if len(fields) > 0 {
			l, _ := c.FieldPos(0)
			line = base + l
		}
		if err == io.EOF {
			return nil
		}
		if errors.Is(err, importers.ErrRecordTooLong) {
			if err := emit(importers.Record{Line: line, Err: fmt.Errorf("csv: record longer than %d bytes (skipped to the next line)", importers.MaxLine)}); err != nil {
				return err
			}
			if err := cr.SkipLine(); err != nil {
				return err
			}
			last = line
			continue
		}
		cr.Ack()
		last = line
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			if err := emit(importers.Record{Line: base + pe.StartLine, Err: fmt.Errorf("csv: %v", pe.Err)}); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		if err := emit(csvRecord(&h, line, fields, title)); err != nil {
			return err
		}
	}
}

func csvRecord(h *header, line int, fields []string, title string) importers.Record {
	blank := true
	for _, f := range fields {
		if strings.TrimSpace(f) != "" {
			blank = false
			break
		}
	}
	if blank {
		return importers.Record{Line: line, Err: fmt.Errorf("csv: empty row")}
	}
	if h.puzzle >= len(fields) {
		return importers.Record{Line: line, Text: strings.Join(fields, string(h.comma)),
			Err: fmt.Errorf("csv: row has %d fields, the puzzle column %q is field %d", len(fields), h.name(h.puzzle), h.puzzle+1)}
	}
	rec := lineRecord(line, strings.TrimSpace(fields[h.puzzle]))
	if h.solution >= 0 && h.solution < len(fields) {
		rec.Solution = strings.TrimSpace(fields[h.solution])
	}
	for i, f := range fields {
		if i == h.puzzle || i == h.solution {
			continue
		}
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		if strings.EqualFold(h.name(i), "tags") {
			rec.Tags = strings.FieldsFunc(f, func(r rune) bool { return r == ' ' || r == ',' || r == ';' })
			continue
		}
		if rec.Meta == nil {
			rec.Meta = map[string]string{}
			if title != "" {
				rec.Meta["title"] = title
			}
		}
		rec.Meta[h.name(i)] = f
	}
	return rec
}

func (h *header) name(i int) string {
	if i < len(h.names) && h.names[i] != "" {
		return h.names[i]
	}
	return "col" + strconv.Itoa(i+1)
}
