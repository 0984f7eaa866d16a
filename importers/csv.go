package importers

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"pencilbox/engine"
)

// CSVKind is a kind's declaration that it reads the rows of a csv table:
// the names its puzzle and solution columns go by, which puzzle texts it
// takes, and how it reads one row. The table itself (header, delimiter,
// title lines, quoting, tags and other columns) is read by the shared
// reader, CSVFormat, so that a table holding several kinds (the csv
// export of a filter without a kind) is read row by row by the kind each
// row belongs to, as IDsFormat reads game IDs.
type CSVKind struct {
	Kind engine.Kind
	// Puzzle and Solution are the lower-case names of the columns that
	// hold the puzzle and its solution, compared without case; a name
	// starting with "puzzle" also names the puzzle column (PuzzleR).
	Puzzle, Solution []string
	// Takes reports whether a row's puzzle field is this kind's (a quick
	// look at its shape, not a parse); nil means Kind.Sniff.
	Takes func(puzzle string) bool
	// Row reads one row: its puzzle field and its solution field ("" when
	// the table has no solution column or the row leaves it empty), both
	// trimmed. It returns the record with Puzzle or Err, and the solution
	// to check in Solution; a kind that checks a solution against its
	// rules as it reads (as its other formats do) does it here. Line and
	// Text (the puzzle field) are the caller's.
	Row func(line int, puzzle, solution string) Record
}

func (k CSVKind) takes(puzzle string) bool {
	if k.Takes != nil {
		return k.Takes(puzzle)
	}
	return k.Kind.Sniff(puzzle)
}

// CSVFormat is the format "csv" reading the rows of the kinds given, with
// a header naming the puzzle column (one of the names the kinds declare);
// a solution column goes to the kind's Row, a tags column to
// Record.Tags, other non-empty columns to Record.Meta (with the title
// line, if any, as "title"). The delimiter is the one of `,` `;` TAB the
// header uses most. Title lines without a delimiter before the header are
// skipped; a gsf `#!sudoku -cN,...` header names the columns after its
// directive, -cN being the puzzle column. Record.Text is the puzzle
// field.
//
// With one kind every row is that kind's. With several a row goes to the
// first kind that takes its puzzle field. A row none takes is read by the
// table's kind so far: the kind every row taken before it was, or before
// any, the first kind whose column names the header uses (so a mistyped
// row of a one-kind table is that kind's bad record with its own reason,
// "80 cells, want 81", as when that kind alone read csv). In a table
// whose rows were of several kinds it is a bad record giving every kind's
// reason, unless a kind's parser reads it after all.
//
// A kind lists CSVFormat(its declaration) among its formats; NewRegistry
// makes the csv formats of several kinds one, at the place of the first.
func CSVFormat(kinds ...CSVKind) Format {
	t := csvKinds(kinds)
	f := Format{
		Name:   "csv",
		Detect: t.detect,
		Read:   t.read,
		csv:    kinds,
	}
	if len(kinds) == 1 {
		f.Kind = kinds[0].Kind
	}
	return f
}

type csvKinds []CSVKind

// maxTitles is how many lines without a delimiter may come before the
// header.
const maxTitles = 5

var errNoHeader = fmt.Errorf("csv: no header line naming the columns (such as quizzes,solutions) in the first %d lines", maxTitles)

type csvHeader struct {
	names    []string
	comma    rune
	puzzle   int
	solution int
}

// names lists the kinds' column names, each once, in the kinds' order.
func (ks csvKinds) names(solution bool) []string {
	var out []string
	for _, k := range ks {
		list := k.Puzzle
		if solution {
			list = k.Solution
		}
		for _, n := range list {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// parseHeader reads a header line; ok is false when the line has no
// delimiter (a title line). puzzle is -1 when no column names the puzzle.
func (ks csvKinds) parseHeader(l []byte) (h csvHeader, ok bool) {
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
	puzzles, solutions := ks.names(false), ks.names(true)
	for i, n := range names {
		ln := strings.ToLower(n)
		if h.puzzle < 0 && (slices.Contains(puzzles, ln) || strings.HasPrefix(ln, "puzzle")) {
			h.puzzle = i
		}
		if h.solution < 0 && slices.Contains(solutions, ln) {
			h.solution = i
		}
	}
	return h, true
}

// naming is the index of the first kind whose puzzle column names are
// name, or 0.
func (ks csvKinds) naming(name string) int {
	for i, k := range ks {
		if slices.Contains(k.Puzzle, strings.ToLower(name)) {
			return i
		}
	}
	return 0
}

func (ks csvKinds) detect(head []byte) bool {
	for _, l := range HeadLines(head, 4) {
		if l[0] == '#' && !bytes.HasPrefix(l, []byte("#!")) {
			continue
		}
		if h, ok := ks.parseHeader(l); ok {
			return h.puzzle >= 0
		}
	}
	return false
}

// csvTable is one table being read: its header and title, and the kind
// its rows were so far (for a row no kind takes).
type csvTable struct {
	kinds csvKinds
	h     csvHeader
	title string
	// taken is the index of the kind every row taken so far was, or
	// noneTaken, or severalTaken; named that of the first kind whose
	// puzzle column names the header's (0 when none does: a gsf -cN
	// column, a "puzzle..." name), the table's kind before any row.
	taken, named int
}

const (
	noneTaken    = -1
	severalTaken = -2
)

func (ks csvKinds) read(r io.Reader, emit func(Record) error) error {
	lr := NewLineReader(Buffered(r))
	t := &csvTable{kinds: ks, taken: noneTaken}
	titles := 0
	for {
		line, long, err := lr.Next()
		if err == io.EOF {
			if titles > 0 {
				return emit(Record{Line: 1, Err: errNoHeader})
			}
			return nil
		}
		if err != nil {
			return err
		}
		if long {
			if err := emit(TooLong(lr.Line(), line)); err != nil {
				return err
			}
			continue
		}
		l := bytes.TrimLeft(line, " \t")
		if len(l) == 0 || l[0] == '#' && !bytes.HasPrefix(l, []byte("#!")) {
			continue
		}
		var ok bool
		t.h, ok = ks.parseHeader(l)
		if !ok {
			if t.title == "" {
				t.title = string(l)
			}
			if titles++; titles == maxTitles {
				return emit(Record{Line: lr.Line() - maxTitles + 1, Err: errNoHeader})
			}
			continue
		}
		if t.h.puzzle < 0 {
			return emit(Record{Line: lr.Line(), Text: string(l),
				Err: fmt.Errorf("csv: no puzzle column (looked for %s)", strings.Join(ks.names(false), ", "))})
		}
		t.named = ks.naming(t.h.name(t.h.puzzle))
		break
	}
	base := lr.Line() // csv counts lines from 1 after the header
	cr := NewCapReader(lr.Reader(), MaxLine)
	c := csv.NewReader(cr)
	c.Comma = t.h.comma
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
		if errors.Is(err, ErrRecordTooLong) {
			if err := emit(Record{Line: line, Err: fmt.Errorf("csv: record longer than %d bytes (skipped to the next line)", MaxLine)}); err != nil {
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
			if err := emit(Record{Line: base + pe.StartLine, Err: fmt.Errorf("csv: %v", pe.Err)}); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		if err := emit(t.record(line, fields)); err != nil {
			return err
		}
	}
}

func (t *csvTable) record(line int, fields []string) Record {
	h := &t.h
	blank := true
	for _, f := range fields {
		if strings.TrimSpace(f) != "" {
			blank = false
			break
		}
	}
	if blank {
		return Record{Line: line, Err: fmt.Errorf("csv: empty row")}
	}
	if h.puzzle >= len(fields) {
		return Record{Line: line, Text: strings.Join(fields, string(h.comma)),
			Err: fmt.Errorf("csv: row has %d fields, the puzzle column %q is field %d", len(fields), h.name(h.puzzle), h.puzzle+1)}
	}
	puzzle, solution := strings.TrimSpace(fields[h.puzzle]), ""
	if h.solution >= 0 && h.solution < len(fields) {
		solution = strings.TrimSpace(fields[h.solution])
	}
	rec := t.row(line, puzzle, solution)
	rec.Line, rec.Text = line, puzzle
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
			if t.title != "" {
				rec.Meta["title"] = t.title
			}
		}
		rec.Meta[h.name(i)] = f
	}
	return rec
}

// row gives the row to the kind that takes its puzzle field (see
// CSVFormat).
func (t *csvTable) row(line int, puzzle, solution string) Record {
	if len(t.kinds) == 1 {
		return t.kinds[0].Row(line, puzzle, solution)
	}
	for i, k := range t.kinds {
		if k.takes(puzzle) {
			switch t.taken {
			case noneTaken:
				t.taken = i
			case i, severalTaken:
			default:
				t.taken = severalTaken
			}
			return k.Row(line, puzzle, solution)
		}
	}
	switch t.taken {
	case noneTaken:
		return t.kinds[t.named].Row(line, puzzle, solution)
	case severalTaken:
	default:
		return t.kinds[t.taken].Row(line, puzzle, solution)
	}
	reasons := make([]string, len(t.kinds))
	names := make([]string, len(t.kinds))
	for i, k := range t.kinds {
		rec := k.Row(line, puzzle, solution)
		if rec.Err == nil {
			return rec // a text the kind reads though its quick look passed it by
		}
		names[i] = k.Kind.Name()
		reasons[i] = names[i] + ": " + rec.Err.Error()
	}
	return Record{Line: line, Err: fmt.Errorf("csv: %.40q is no puzzle of %s (%s)",
		puzzle, strings.Join(names, " or "), strings.Join(reasons, "; "))}
}

func (h *csvHeader) name(i int) string {
	if i < len(h.names) && h.names[i] != "" {
		return h.names[i]
	}
	return "col" + strconv.Itoa(i+1)
}
