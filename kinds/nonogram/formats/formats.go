// Package formats reads the Nonogram text formats into importer records:
// Tatham's Pattern game IDs (and the team's tsv of them), the Janko block
// files with their solutions checked, the .non format (and .nonpack
// bundles), the web Paint-by-Number XML and the csv export's table. The shared json format reads
// nonograms through nonogram.Kind.
package formats

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"pencilbox/importers"
	"pencilbox/kinds/nonogram"
)

var kind = nonogram.Kind{}

// Formats lists the Nonogram formats in detection order.
func Formats() []importers.Format {
	return []importers.Format{Block(), PBN(), Non(), CSV(), Pattern(), Picture()}
}

// Pattern reads Tatham's Pattern game IDs, one a line ("10x10:2.1/3/..."),
// and the team's tsv of them: a line with tabs is read as game ID and
// solution (checked).
func Pattern() importers.Format {
	return importers.Format{
		Name: "pattern",
		Kind: kind,
		Detect: func(head []byte) bool {
			l := importers.Head(head, 1)
			if len(l) != 1 {
				return false
			}
			id, _, _ := bytes.Cut(l[0], []byte("\t"))
			return kind.Sniff(string(id))
		},
		Read: func(r io.Reader, emit func(importers.Record) error) error {
			return importers.ForLines(r, emit, func(n int, line []byte) importers.Record {
				s := string(bytes.TrimSpace(line))
				id, rest, tsv := strings.Cut(s, "\t")
				rec := importers.Record{Line: n, Text: s}
				p, err := nonogram.ParseTatham(id)
				if err != nil {
					rec.Err = err
					return rec
				}
				if tsv {
					sol, _, _ := strings.Cut(rest, "\t")
					if err := checkSolution(p, sol); err != nil {
						rec.Err = err
						return rec
					}
					rec.Solution = sol
				}
				rec.Puzzle = p
				return rec
			})
		},
	}
}

// checkSolution checks a solution a source gives (the kind's notation)
// against the clues, naming the first line that breaks them.
func checkSolution(p *nonogram.Puzzle, sol string) error {
	cells, err := p.ParseSolution(sol)
	if err != nil {
		return fmt.Errorf("the solution given: %w", err)
	}
	if err := p.Check(cells); err != nil {
		return fmt.Errorf("the solution given breaks the clues: %w", err)
	}
	return nil
}

// Non reads the .non format, one puzzle a file or several in a .nonpack
// (puzzles separated by a "====" line). The title, author, copyright and
// licence go to the record's note, the goal to its solution (checked).
func Non() importers.Format {
	return importers.Format{
		Name:   "non",
		Kind:   kind,
		Detect: func(head []byte) bool { return nonogram.SniffNon(string(head)) },
		Read:   readNon,
	}
}

func readNon(r io.Reader, emit func(importers.Record) error) error {
	lr := importers.NewLineReader(r)
	var buf strings.Builder
	start := 0
	// tags are those of the "# tags:" comment the non export writes
	// before a puzzle; they go to the next puzzle read.
	var tags []string
	flush := func() error {
		text := buf.String()
		buf.Reset()
		if strings.TrimSpace(text) == "" {
			return nil
		}
		rec := importers.Record{Line: start, Text: text, Tags: tags}
		tags = nil
		nr, err := nonogram.ParseNon(text)
		if err != nil {
			rec.Err = fmt.Errorf("%w (lines counted from the record's first, line %d)", err, start)
			return emit(rec)
		}
		if nr.Goal != "" {
			if err := checkSolution(nr.Puzzle, nr.Goal); err != nil {
				rec.Err = fmt.Errorf("goal: %w", err)
				return emit(rec)
			}
		}
		rec.Puzzle, rec.Solution, rec.Note = nr.Puzzle, nr.Goal, nr.Note()
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
		if t, ok := importers.TagsComment(line); ok {
			tags = t
			continue
		}
		if string(bytes.TrimSpace(line)) == "====" {
			if err := flush(); err != nil {
				return err
			}
			continue
		}
		if buf.Len() == 0 {
			start = lr.Line()
		}
		if buf.Len()+len(line) > importers.MaxRecord {
			return emit(importers.Record{Line: start, Err: fmt.Errorf("non: a puzzle longer than %d bytes", importers.MaxRecord)})
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
}

// PBN reads the web Paint-by-Number XML (webpbn.com's export), one-colour
// puzzles; the title, author and copyright go to the note, the goal image
// to the solution (checked). The document is read whole, up to
// importers.MaxRecord bytes (a 100x100 puzzle with its image is about
// 60 KB).
func PBN() importers.Format {
	return importers.Format{
		Name: "pbn",
		Kind: kind,
		Detect: func(head []byte) bool {
			return nonogram.SniffXML(string(head)) || bytes.Contains(head, []byte("<puzzleset")) || bytes.Contains(head, []byte("pbn-0"))
		},
		Read: readPBN,
	}
}

func readPBN(r io.Reader, emit func(importers.Record) error) error {
	b, err := io.ReadAll(io.LimitReader(r, importers.MaxRecord+1))
	if err != nil {
		return err
	}
	if len(b) > importers.MaxRecord {
		return emit(importers.Record{Line: 1, Err: fmt.Errorf("pbn: a document longer than %d bytes", importers.MaxRecord)})
	}
	recs, err := nonogram.ParseXML(string(b))
	if err != nil {
		return emit(importers.Record{Line: 1, Err: err})
	}
	for i, x := range recs {
		rec := importers.Record{Line: 1, Text: x.Puzzle.TathamID(), Puzzle: x.Puzzle}
		var note []string
		for _, s := range []string{x.Title, x.Author, x.Copyright} {
			if s != "" {
				note = append(note, s)
			}
		}
		if x.ID != "" {
			note = append(note, "id "+x.ID)
		}
		rec.Note = strings.Join(note, "; ")
		if x.Goal != "" {
			if err := checkSolution(x.Puzzle, x.Goal); err != nil {
				rec.Puzzle, rec.Err = nil, fmt.Errorf("puzzle %d: goal: %w", i+1, err)
			} else {
				rec.Solution = x.Goal
			}
		}
		if err := emit(rec); err != nil {
			return err
		}
	}
	return nil
}
