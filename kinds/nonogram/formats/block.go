package formats

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"pencilbox/importers"
	"pencilbox/kinds/nonogram"
)

// Block reads the block files of the team's Janko collection: blocks of
// "begin", "puzzle nonogram", "id KEY", "source URL", "rows R", "cols C",
// "problem" and its C column clues then R row clues (runs separated by
// spaces, "0" an empty line), "solution" and R rows of 'x' filled and '-'
// empty cells (spaces between them allowed), "end". A solution given is
// checked against the clues: a block whose solution breaks them is a bad
// record naming the block's line and the line of the puzzle it breaks.
func Block() importers.Format {
	return importers.Format{
		Name: "nonogram-block",
		Kind: kind,
		Detect: func(head []byte) bool {
			l := importers.Head(head, 2)
			return len(l) == 2 && string(l[0]) == "begin" && string(l[1]) == "puzzle nonogram"
		},
		Read: readBlocks,
	}
}

// maxClueLines is the most clue lines a block can need (MaxSize columns
// and MaxSize rows). Lines past it are not kept, so a block that never
// ends (a million clue lines) costs no more memory than a legal one; the
// block is then a bad record naming the line where it went over.
const maxClueLines = 2 * nonogram.MaxSize

type block struct {
	start    int
	id, src  string
	w, h     int
	clues    [][]int
	solution []string
	mode     string
	err      error
	text     strings.Builder
}

func (b *block) record() importers.Record {
	rec := importers.Record{Line: b.start, Text: b.text.String()}
	if b.id != "" {
		rec.Note = "id " + b.id
	}
	if b.src != "" {
		rec.Meta = map[string]string{"source": b.src}
	}
	if b.err != nil {
		rec.Err = b.err
		return rec
	}
	if b.w < 1 || b.h < 1 {
		rec.Err = fmt.Errorf("block %s: no rows and cols lines", b.id)
		return rec
	}
	if len(b.clues) != b.w+b.h {
		rec.Err = fmt.Errorf("block %s: %d clue lines, want %d (%d columns then %d rows)", b.id, len(b.clues), b.w+b.h, b.w, b.h)
		return rec
	}
	p, err := nonogram.New(b.w, b.h, b.clues[b.w:], b.clues[:b.w])
	if err != nil {
		rec.Err = fmt.Errorf("block %s: %w", b.id, err)
		return rec
	}
	if len(b.solution) > 0 {
		sol := strings.Join(b.solution, "/")
		if err := checkSolution(p, sol); err != nil {
			rec.Err = fmt.Errorf("block %s: %w", b.id, err)
			return rec
		}
		rec.Solution = sol
	}
	rec.Puzzle = p
	return rec
}

func readBlocks(r io.Reader, emit func(importers.Record) error) error {
	lr := importers.NewLineReader(r)
	var b *block
	fail := func(n int, format string, args ...any) {
		if b.err == nil {
			b.err = fmt.Errorf("line %d: "+format, append([]any{n}, args...)...)
		}
	}
	for {
		line, long, err := lr.Next()
		if err == io.EOF {
			if b != nil {
				b.err = fmt.Errorf("block %s: no end line", b.id)
				return emit(b.record())
			}
			return nil
		}
		if err != nil {
			return err
		}
		n := lr.Line()
		if long {
			if err := emit(importers.TooLong(n, line)); err != nil {
				return err
			}
			continue
		}
		l := strings.TrimSpace(string(line))
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if b == nil {
			if l != "begin" {
				if err := emit(importers.Record{Line: n, Text: l, Err: fmt.Errorf("want begin, got %.40q", l)}); err != nil {
					return err
				}
				continue
			}
			b = &block{start: n}
		}
		if b.text.Len() < importers.MaxRecord {
			b.text.WriteString(l)
			b.text.WriteByte('\n')
		}
		key, val, _ := strings.Cut(l, " ")
		switch {
		case l == "begin":
			if n != b.start {
				fail(n, "begin inside the block that began at line %d", b.start)
			}
		case l == "end":
			if b.mode == "solution" && len(b.solution) != b.h {
				fail(n, "%d solution rows, want %d", len(b.solution), b.h)
			}
			if err := emit(b.record()); err != nil {
				return err
			}
			b = nil
		case key == "puzzle":
			if val != "nonogram" {
				fail(n, "puzzle %q is not a nonogram", val)
			}
		case key == "id":
			b.id = val
		case key == "source":
			b.src = val
		case key == "rows" || key == "cols":
			v, err := strconv.Atoi(val)
			if err != nil || v < 1 || v > nonogram.MaxSize {
				fail(n, "%s %q: want 1-%d", key, val, nonogram.MaxSize)
				continue
			}
			if key == "rows" {
				b.h = v
			} else {
				b.w = v
			}
		case l == "problem" || l == "solution":
			b.mode = l
		case b.mode == "problem":
			if len(b.clues) >= maxClueLines {
				fail(n, "more than %d clue lines", maxClueLines)
				continue
			}
			c, err := nonogram.ParseRuns(l)
			if err != nil {
				fail(n, "%v", err)
				continue
			}
			b.clues = append(b.clues, c)
		case b.mode == "solution":
			if len(b.solution) >= nonogram.MaxSize || len(l) > 2*nonogram.MaxSize {
				fail(n, "solution row %d: more than %d rows or cells", len(b.solution)+1, nonogram.MaxSize)
				continue
			}
			row := strings.Map(func(r rune) rune {
				switch r {
				case ' ', '\t':
					return -1
				case 'x', 'X', '#', '1':
					return '1'
				case '-', '.', '0':
					return '0'
				}
				return '?'
			}, l)
			if i := strings.IndexByte(row, '?'); i >= 0 {
				fail(n, "solution row %d: a cell that is neither x nor -", len(b.solution)+1)
				continue
			}
			b.solution = append(b.solution, row)
		default:
			fail(n, "unexpected %.40q", l)
		}
	}
}
