// Package formats reads the Killer Sudoku text formats into importer
// records: Janko's block files (solutions checked), Tatham's Solo killer
// IDs one a line, the team's Tatham tsv files, and typed cage lists. The
// shared json format reads killers through killer.Kind's Parse (its
// "puzzle" is the Tatham ID, which carries the cages). pzprjs (puzz.link)
// has no killer or sum-cage kind, so there is no URL format.
package formats

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"pencilbox/importers"
	"pencilbox/kinds/killer"
)

var kind = killer.Kind{}

// Formats lists the killer formats in detection order. Their names carry
// the kind ("killer-tatham"): Akari has a "tatham" and a "tsv", and the
// other kinds read Janko's block files too; import names are one
// namespace. The cage lists' is "cages", as the export's (and
// "killer-cages" finds it too).
func Formats() []importers.Format {
	return []importers.Format{Janko(), TSV(), Tatham(), CageList()}
}

func record(n int, text string, p *killer.Puzzle, err error) importers.Record {
	rec := importers.Record{Line: n, Text: text}
	if err != nil {
		rec.Err = err
		return rec
	}
	rec.Puzzle = p
	return rec
}

// clip keeps a rejected record's text short.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

// Tatham reads Solo killer game IDs, one a line ("3x3k:...",
// "2x3kadi:...").
func Tatham() importers.Format {
	return importers.Format{
		Name: "killer-tatham",
		Kind: kind,
		Detect: func(head []byte) bool {
			l := importers.Head(head, 1)
			return len(l) == 1 && kind.Sniff(string(l[0])) && !bytes.Contains(l[0], []byte("\t"))
		},
		Read: func(r io.Reader, emit func(importers.Record) error) error {
			return importers.ForLines(r, emit, func(n int, line []byte) importers.Record {
				s := string(bytes.TrimSpace(line))
				p, err := killer.ParseTatham(s)
				return record(n, s, p, err)
			})
		},
	}
}

// Janko reads the block files of ../shared/data/killer: "begin", "puzzle
// killer", "id", "source", "rows", "cols", "problem" and 2*rows lines (the
// sums, then the cage numbers), "solution" and rows lines, "end". The
// solution is checked against every rule: a block whose solution fails
// is rejected, its reason naming the solution's line. id and source go
// into the record's Meta.
func Janko() importers.Format {
	return importers.Format{
		Name: "killer-janko",
		Kind: kind,
		Detect: func(head []byte) bool {
			l := importers.Head(head, 2)
			return len(l) == 2 && string(l[0]) == "begin" && string(l[1]) == "puzzle killer"
		},
		Read: readJanko,
	}
}

// block is one Janko block as read.
type block struct {
	line             int // of "begin"
	text             strings.Builder
	kind, id, source string
	rows, cols       int
	problem          []string
	solution         []string
	solLine          int
	mode             string
	err              error
}

func (b *block) fail(format string, args ...any) {
	if b.err == nil {
		b.err = fmt.Errorf(format, args...)
	}
}

func readJanko(r io.Reader, emit func(importers.Record) error) error {
	lr := importers.NewLineReader(r)
	var b *block
	for {
		line, long, err := lr.Next()
		if err == io.EOF {
			if b != nil {
				return emit(importers.Record{Line: b.line, Text: clip(b.text.String()), Err: fmt.Errorf("janko: the block has no end line")})
			}
			return nil
		}
		if err != nil {
			return err
		}
		if long {
			if b != nil {
				b.fail("janko: line %d too long", lr.Line())
				continue
			}
			if err := emit(importers.TooLong(lr.Line(), line)); err != nil {
				return err
			}
			continue
		}
		s := strings.TrimSpace(string(line))
		if s == "" || s[0] == '#' {
			continue
		}
		if b == nil {
			if s != "begin" {
				if err := emit(importers.Record{Line: lr.Line(), Text: clip(s), Err: fmt.Errorf("janko: %q outside a block (begin ... end)", clip(s))}); err != nil {
					return err
				}
				continue
			}
			b = &block{line: lr.Line()}
			b.text.WriteString("begin\n")
			continue
		}
		if b.text.Len() < importers.MaxRecord {
			b.text.WriteString(s + "\n")
		}
		if s == "end" {
			if err := emit(b.record()); err != nil {
				return err
			}
			b = nil
			continue
		}
		b.add(s, lr.Line())
	}
}

// add reads one line of a block.
func (b *block) add(s string, n int) {
	key, val, _ := strings.Cut(s, " ")
	switch {
	case s == "begin":
		b.fail("janko: line %d: begin inside a block (no end before it)", n)
	case key == "puzzle":
		b.kind = val
	case key == "id":
		b.id = val
	case key == "source":
		b.source = val
	case key == "rows" || key == "cols":
		v, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil || v < 1 || v > killer.MaxN {
			b.fail("janko: line %d: %s %q: a killer is 4x4, 6x6 or 9x9", n, key, clip(val))
		}
		if key == "rows" {
			b.rows = v
		} else {
			b.cols = v
		}
	case s == "problem" || s == "solution":
		b.mode = s
		if s == "solution" {
			b.solLine = n + 1
		}
	case b.mode == "problem":
		if len(b.problem) > 2*killer.MaxN {
			b.fail("janko: line %d: more than %d problem lines", n, 2*killer.MaxN)
			return
		}
		b.problem = append(b.problem, s)
	case b.mode == "solution":
		if len(b.solution) > killer.MaxN {
			b.fail("janko: line %d: more than %d solution lines", n, killer.MaxN)
			return
		}
		b.solution = append(b.solution, s)
	default:
		b.fail("janko: line %d: %q: want a key (puzzle, id, source, rows, cols) or problem/solution", n, clip(s))
	}
}

// record is the block's record: the puzzle, its published solution
// checked, id and source as Meta.
func (b *block) record() importers.Record {
	rec := importers.Record{Line: b.line, Text: b.text.String()}
	fail := func(err error) importers.Record {
		rec.Text = clip(rec.Text)
		rec.Err = err
		return rec
	}
	if b.err != nil {
		return fail(b.err)
	}
	if b.kind != "killer" {
		return fail(fmt.Errorf("janko: block %s is a %q puzzle, not killer", b.id, b.kind))
	}
	if b.rows != b.cols {
		return fail(fmt.Errorf("janko: block %s is %dx%d: a killer is square", b.id, b.rows, b.cols))
	}
	p, err := killer.ParseJanko(b.rows, b.problem)
	if err != nil {
		return fail(fmt.Errorf("block %s: %w", b.id, err))
	}
	rec.Puzzle = p
	if len(b.solution) > 0 {
		sol, err := p.ParseSolution(strings.Join(b.solution, "\n"))
		if err != nil {
			return fail(fmt.Errorf("janko: block %s, published solution (line %d): %w", b.id, b.solLine, err))
		}
		rec.Solution = sol
	}
	rec.Meta = map[string]string{}
	if b.id != "" {
		rec.Meta["id"] = b.id
	}
	if b.source != "" {
		rec.Meta["source"] = b.source
	}
	return rec
}

// CageList reads typed cage lists (killer.ParseCageList), one after
// another: each starts at a size line ("9x9") and runs to the next size
// line. Blank lines and '#' comments are skipped; a "# tags: a b" comment
// gives its tags to the next list (the cages export writes them).
func CageList() importers.Format {
	return importers.Format{
		Name: "cages",
		Kind: kind,
		Detect: func(head []byte) bool {
			l := importers.Head(head, 2)
			return len(l) == 2 && kind.Sniff(string(l[0])+"\n"+string(l[1]))
		},
		Read: readCageLists,
	}
}

func readCageLists(r io.Reader, emit func(importers.Record) error) error {
	lr := importers.NewLineReader(r)
	var cur, tags, curTags []string
	var at []int // the file's line of each of cur's
	start := 0
	flush := func() error {
		if cur == nil {
			return nil
		}
		text := strings.Join(cur, "\n")
		p, err := killer.ParseCageList(text)
		n := start
		if err != nil {
			// Name the file's line: the list's own count skips the
			// file's blank and comment lines and starts at its size line.
			var le *killer.CageListError
			if errors.As(err, &le) && le.Line >= 1 && le.Line <= len(at) {
				n = at[le.Line-1]
				err = fmt.Errorf("cages: %w", le.Err)
			} else {
				err = fmt.Errorf("cages: %w", err)
			}
		}
		rec := record(n, text, p, err)
		rec.Tags = curTags
		cur, at, curTags = nil, nil, nil
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
		if long {
			if err := emit(importers.TooLong(lr.Line(), line)); err != nil {
				return err
			}
			continue
		}
		s := strings.TrimSpace(string(line))
		if s == "" || s[0] == '#' {
			if t, ok := importers.TagsComment(line); ok {
				tags = t
			}
			continue
		}
		if isSize(s) {
			if err := flush(); err != nil {
				return err
			}
			start = lr.Line()
			cur, at, curTags, tags = []string{}, nil, tags, nil
		}
		if cur == nil {
			if err := emit(importers.Record{Line: lr.Line(), Text: clip(s), Err: fmt.Errorf("cage list: %q before the size line (9x9)", clip(s))}); err != nil {
				return err
			}
			continue
		}
		if len(cur) > 4*killer.MaxCells {
			continue // too long a list: it fails in ParseCageList anyway
		}
		cur = append(cur, s)
		at = append(at, lr.Line())
	}
}

// isSize: "9x9" or "killer 9x9".
func isSize(s string) bool {
	s = strings.TrimSpace(strings.TrimPrefix(strings.ToLower(s), "killer"))
	a, b, ok := strings.Cut(s, "x")
	_, err1 := strconv.Atoi(a)
	_, err2 := strconv.Atoi(b)
	return ok && err1 == nil && err2 == nil
}
