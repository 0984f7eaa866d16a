// Package formats reads the Slitherlink text formats into importer
// records: the team's Janko block files (the published solution checked),
// Tatham's Loopy game IDs and the team's Loopy tsv, pzprjs's pzprv3 text
// and hand-typed grids. puzz.link URLs are read by the kind-independent
// importers.URLFormat through slitherlink.Kind.
package formats

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/slitherlink"
)

var kind = slitherlink.Kind{}

// Formats lists the Slitherlink formats in detection order (the hand-typed
// grid is loose).
func Formats() []importers.Format {
	return []importers.Format{Janko(), TSV(), Pzprv3(), Loopy(), Grid()}
}

func record(n int, text string, p *slitherlink.Puzzle, err error) importers.Record {
	rec := importers.Record{Line: n, Text: text}
	if err != nil {
		rec.Err = err
		return rec
	}
	rec.Puzzle = p
	return rec
}

// isLoopyHead reports digits 'x' digits 't'.
func isLoopyHead(t []byte) bool {
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
	return i > j && i < len(t) && t[i] == 't'
}

// Loopy reads Simon Tatham's Loopy game IDs, one per line ("10x10t0:..."
// or "10x10t0dh:...").
func Loopy() importers.Format {
	return importers.Format{
		Name: "loopy",
		Kind: kind,
		Detect: func(head []byte) bool {
			l := importers.Head(head, 1)
			return len(l) == 1 && isLoopyHead(l[0])
		},
		Read: func(r io.Reader, emit func(importers.Record) error) error {
			return importers.ForLines(r, emit, func(n int, line []byte) importers.Record {
				s := string(bytes.TrimSpace(line))
				p, err := slitherlink.ParseLoopy(s)
				return record(n, s, p, err)
			})
		},
	}
}

// TSV reads the team's Loopy tsv (slitherlink_sgt_dev.tsv): '#' comment
// lines, a "#game_id\tsolution\t..." header, then one puzzle a line; the
// solution column goes to Record.Solution (checked by the import), the
// level asked and Tatham's grade to Record.Meta.
func TSV() importers.Format {
	return importers.Format{
		Name: "slitherlink-tsv",
		Kind: kind,
		Detect: func(head []byte) bool {
			header := false
			for _, l := range importers.HeadLines(head, 16) {
				switch {
				case bytes.HasPrefix(l, []byte("#game_id\t")):
					header = true
				case l[0] == '#':
				default:
					return header && isLoopyHead(l)
				}
			}
			return false
		},
		Read: readTSV,
	}
}

// tsvMeta are the columns kept in Record.Meta.
var tsvMeta = []string{"level_asked", "tatham_grade", "seed"}

func readTSV(r io.Reader, emit func(importers.Record) error) error {
	lr := importers.NewLineReader(r)
	var names []string
	for {
		line, long, err := lr.Next()
		if err == io.EOF {
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
		if importers.IsBlank(line) {
			continue
		}
		s := strings.TrimRight(string(line), "\r\n")
		if strings.HasPrefix(s, "#game_id\t") {
			names = strings.Split(s[1:], "\t")
			continue
		}
		if s[0] == '#' {
			continue
		}
		if names == nil {
			if err := emit(importers.Record{Line: lr.Line(), Text: clip(s),
				Err: fmt.Errorf("slitherlink-tsv: a row before the header: the file starts with a \"#game_id<TAB>solution...\" line")}); err != nil {
				return err
			}
			continue
		}
		fields := strings.Split(s, "\t")
		text := strings.TrimSpace(fields[0])
		p, err := slitherlink.ParseLoopy(text)
		rec := record(lr.Line(), text, p, err)
		for i, n := range names {
			if i == 0 || i >= len(fields) {
				continue
			}
			v := strings.TrimSpace(fields[i])
			switch {
			case n == "solution":
				rec.Solution = v
			case contains(tsvMeta, n) && v != "":
				if rec.Meta == nil {
					rec.Meta = map[string]string{}
				}
				rec.Meta[n] = v
			}
		}
		if err == nil && rec.Solution != "" {
			if err := slitherlink.CheckSolution(p, rec.Solution); err != nil {
				rec.Puzzle, rec.Err = nil, fmt.Errorf("slitherlink-tsv: the solution column is not a solution: %v", err)
			}
		}
		if err := emit(rec); err != nil {
			return err
		}
	}
}

// Janko reads the team's block files of Janko.at puzzles: blocks of
// "begin", "puzzle slitherlink", "id KEY", "source URL", "rows R",
// "cols C", "problem" and R rows of '0'-'3'/'-' cells, "solution" and R
// rows of 'x' (inside) / '-' (outside) cells, "end". A published solution
// is checked against its clues and the one-loop rule (CheckSolution) and a
// block whose solution breaks them is rejected, the reason naming the
// line; a good one goes to Record.Solution, which the import checks
// against the solver's.
func Janko() importers.Format {
	return importers.Format{
		Name: "slitherlink-janko",
		Kind: kind,
		Detect: func(head []byte) bool {
			l := importers.Head(head, 2)
			return len(l) == 2 && string(l[0]) == "begin" && string(bytes.Join(bytes.Fields(l[1]), []byte(" "))) == "puzzle slitherlink"
		},
		Read: readJanko,
	}
}

// block is one Janko block being read.
type block struct {
	start      int // line of "begin"
	id, source string
	rows, cols int
	problem    []string
	solution   []string
	solLine    int // line of "solution"
	err        error
}

func (b *block) fail(format string, args ...any) {
	if b.err == nil {
		b.err = fmt.Errorf(format, args...)
	}
}

func readJanko(r io.Reader, emit func(importers.Record) error) error {
	lr := importers.NewLineReader(r)
	var (
		b       *block
		section *[]string // the rows being read: problem or solution
	)
	finish := func() error {
		rec := b.record()
		b, section = nil, nil
		return emit(rec)
	}
	for {
		line, long, err := lr.Next()
		if err == io.EOF {
			if b != nil {
				b.fail("slitherlink-janko: the block has no \"end\" line")
				return finish()
			}
			return nil
		}
		if err != nil {
			return err
		}
		n := lr.Line()
		if long {
			if b != nil {
				b.fail("slitherlink-janko: line %d is longer than %d bytes", n, importers.MaxLine)
				continue
			}
			if err := emit(importers.TooLong(n, line)); err != nil {
				return err
			}
			continue
		}
		l := strings.TrimSpace(string(line))
		if l == "" || l[0] == '#' {
			continue
		}
		if b == nil {
			if l != "begin" {
				if err := emit(importers.Record{Line: n, Text: clip(l),
					Err: fmt.Errorf("slitherlink-janko: line %d is outside a block (want \"begin\")", n)}); err != nil {
					return err
				}
				continue
			}
			b = &block{start: n}
			continue
		}
		if section != nil && !isKeyLine(l) {
			*section = append(*section, l)
			if len(*section) == b.rows {
				section = nil
			}
			continue
		}
		section = nil
		key, val, _ := strings.Cut(l, " ")
		val = strings.TrimSpace(val)
		switch key {
		case "end":
			if err := finish(); err != nil {
				return err
			}
		case "begin":
			b.fail("slitherlink-janko: line %d: \"begin\" inside a block (its \"end\" is missing)", n)
			if err := finish(); err != nil {
				return err
			}
			b = &block{start: n}
		case "puzzle":
			if val != "slitherlink" {
				b.fail("slitherlink-janko: line %d: puzzle %q is not slitherlink", n, val)
			}
		case "id":
			b.id = val
		case "source":
			b.source = val
		case "rows", "cols":
			v, err := strconv.Atoi(val)
			if err != nil || v < 1 || v > slitherlink.MaxSize {
				b.fail("slitherlink-janko: line %d: %s %q is not a number 1-%d", n, key, val, slitherlink.MaxSize)
				v = 0
			}
			if key == "rows" {
				b.rows = v
			} else {
				b.cols = v
			}
		case "problem", "solution":
			if b.rows == 0 {
				b.fail("slitherlink-janko: line %d: %s before a good \"rows\" line", n, key)
				continue
			}
			if key == "problem" {
				section = &b.problem
			} else {
				section, b.solLine = &b.solution, n
			}
		default:
			b.fail("slitherlink-janko: line %d: unknown key %q", n, key)
		}
	}
}

// isKeyLine reports a line that starts with one of a block's keys ("end",
// "solution", ...) rather than a row of cells: a block whose rows fall
// short then says so instead of reading its next key as a row.
func isKeyLine(l string) bool {
	key, _, _ := strings.Cut(l, " ")
	switch key {
	case "begin", "end", "puzzle", "id", "source", "rows", "cols", "problem", "solution":
		return true
	}
	return false
}

// record checks the block and makes its record.
func (b *block) record() importers.Record {
	text := strings.Join(b.problem, "\n")
	rec := importers.Record{Line: b.start, Text: text}
	if b.id != "" || b.source != "" {
		rec.Meta = map[string]string{}
		if b.id != "" {
			rec.Meta["id"] = b.id
		}
		if b.source != "" {
			rec.Meta["source"] = b.source
		}
	}
	if b.err == nil && len(b.problem) < b.rows {
		b.fail("slitherlink-janko: the problem has %d rows, want %d", len(b.problem), b.rows)
	}
	if b.err != nil {
		rec.Err = b.err
		return rec
	}
	p, err := slitherlink.ParseGrid(text)
	if err != nil {
		rec.Err = fmt.Errorf("slitherlink-janko: problem: %w", err)
		return rec
	}
	if b.cols != 0 && p.W != b.cols {
		rec.Err = fmt.Errorf("slitherlink-janko: the problem has %d columns, \"cols\" says %d", p.W, b.cols)
		return rec
	}
	if b.solution != nil {
		sol, err := b.solutionText()
		if err == nil {
			if e := slitherlink.CheckSolution(p, sol); e != nil {
				err = fmt.Errorf("slitherlink-janko: the solution (line %d) is not one: %v", b.solLine, e)
			}
		}
		if err != nil {
			rec.Err = err
			return rec
		}
		rec.Solution = sol
	}
	rec.Puzzle = p
	return rec
}

// solutionText turns the solution rows ('x' inside, '-' outside) into the
// kind's notation, naming the line of a bad row.
func (b *block) solutionText() (string, error) {
	if len(b.solution) < b.rows {
		return "", fmt.Errorf("slitherlink-janko: the solution (line %d) has %d rows, want %d", b.solLine, len(b.solution), b.rows)
	}
	rows := make([]string, len(b.solution))
	for r, l := range b.solution {
		var sb strings.Builder
		for _, f := range strings.Fields(l) {
			switch f {
			case "x":
				sb.WriteByte('1')
			case "-":
				sb.WriteByte('0')
			default:
				return "", fmt.Errorf("slitherlink-janko: line %d: solution cell %q is not x (inside) or - (outside)", b.solLine+1+r, f)
			}
		}
		if sb.Len() != b.cols {
			return "", fmt.Errorf("slitherlink-janko: line %d: solution row %d has %d cells, want %d", b.solLine+1+r, r+1, sb.Len(), b.cols)
		}
		rows[r] = sb.String()
	}
	return strings.Join(rows, "/"), nil
}

// Pzprv3 reads pzprjs's pzprv3 text of slither: one-line records
// "pzprv3/slither/ROWS/COLS/row/.../" and files with a "pzprv3" line, then
// the type, rows and cols lines and one line per row; what follows the
// rows (the answer's lines) is skipped up to the next "pzprv3".
func Pzprv3() importers.Format {
	return importers.Format{
		Name: "slitherlink-pzprv3",
		Kind: kind,
		Detect: func(head []byte) bool {
			l := importers.Head(head, 2)
			if len(l) == 0 || !bytes.HasPrefix(l[0], []byte("pzprv3")) {
				return false
			}
			if bytes.IndexByte(l[0], '/') >= 0 {
				return bytes.Contains(l[0], []byte("/slither/"))
			}
			return len(l) == 2 && string(l[1]) == "slither"
		},
		Read: readPzprv3,
	}
}

func readPzprv3(r io.Reader, emit func(importers.Record) error) error {
	return importers.ReadPzprv3(r, emit, slitherlink.MaxSize, func(text string) (engine.Puzzle, error) {
		p, err := slitherlink.ParsePzprv3(text)
		if err != nil {
			return nil, err
		}
		return p, nil
	})
}

// Grid reads hand-typed grids: rows of '0'-'3' (clue) and '.' or '-' (no
// clue), blanks between cells allowed; grids separated by blank lines. A
// line starting with '#' is a comment.
func Grid() importers.Format {
	return importers.Format{
		Name:   "slitherlink-grid",
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
		case '.', '-', '0', '1', '2', '3':
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
	for _, l := range importers.Head(head, 3) {
		if !isGridLine(l) {
			break
		}
		rows++
	}
	return rows >= 2
}

// maxRowText bounds the text kept of one grid row (MaxSize cells with
// blanks).
const maxRowText = 2*slitherlink.MaxSize + 16

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
		p, err := slitherlink.ParseGrid(s)
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
		if !long && l[0] == '#' {
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
		case rows > slitherlink.MaxSize:
			if err0 == nil {
				err0 = fmt.Errorf("grid: more than %d rows", slitherlink.MaxSize)
			}
		default:
			text.Write(l)
		}
	}
}

// clip keeps a rejected line's text short.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
