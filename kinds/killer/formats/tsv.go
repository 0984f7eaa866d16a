package formats

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"pencilbox/importers"
	"pencilbox/kinds/killer"
)

// tsvMeta are the columns of the Tatham tsv kept as the record's Meta.
var tsvMeta = []string{"level_asked", "tatham_grade", "size", "seed"}

// TSV reads the team's Tatham tsv (killer_sgt_dev.tsv): '#' comment
// lines, a header "#game_id\tsolution\t..." that names a game_id column,
// then one puzzle a row: the Solo killer ID, the solution (checked by the
// import against the solver's), and level_asked, tatham_grade, size and
// seed as Meta. It is detected by its header: game_id beside klevel_asked
// (Tatham's other games' files have a game_id too).
func TSV() importers.Format {
	return importers.Format{
		Name: "killer-tsv",
		Kind: kind,
		Detect: func(head []byte) bool {
			for _, l := range importers.HeadLines(head, 40) {
				if l[0] != '#' {
					return false
				}
				if bytes.IndexByte(l, '\t') >= 0 {
					names := tsvNames(string(l))
					return index(names, "game_id") >= 0 && index(names, "klevel_asked") >= 0
				}
			}
			return false
		},
		Read: readTSV,
	}
}

func tsvNames(l string) []string {
	names := strings.Split(strings.TrimPrefix(l, "#"), "\t")
	for i, n := range names {
		names[i] = strings.ToLower(strings.TrimSpace(n))
	}
	return names
}

func index(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func readTSV(r io.Reader, emit func(importers.Record) error) error {
	lr := importers.NewLineReader(r)
	var names []string
	puzzle, solution := -1, -1
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
		s := string(line)
		if s[0] == '#' {
			if names == nil && strings.Contains(s, "\t") {
				names = tsvNames(s)
				puzzle, solution = index(names, "game_id"), index(names, "solution")
			}
			continue
		}
		if puzzle < 0 {
			if err := emit(importers.Record{Line: lr.Line(), Text: clip(s),
				Err: fmt.Errorf("tsv: a row before a header naming the game_id column")}); err != nil {
				return err
			}
			continue
		}
		fields := strings.Split(s, "\t")
		if puzzle >= len(fields) {
			if err := emit(importers.Record{Line: lr.Line(), Text: clip(s),
				Err: fmt.Errorf("tsv: %d fields, the game_id column is field %d", len(fields), puzzle+1)}); err != nil {
				return err
			}
			continue
		}
		text := strings.TrimSpace(fields[puzzle])
		p, err := killer.ParseTatham(text)
		rec := record(lr.Line(), text, p, err)
		if err == nil && solution >= 0 && solution < len(fields) {
			sol := strings.TrimSpace(fields[solution])
			if err := p.Check(sol); err != nil {
				rec.Puzzle, rec.Err = nil, fmt.Errorf("tsv: the solution column: %w", err)
			}
			rec.Solution = sol
		}
		for i, n := range names {
			if i < len(fields) && index(tsvMeta, n) >= 0 {
				if v := strings.TrimSpace(fields[i]); v != "" {
					if rec.Meta == nil {
						rec.Meta = map[string]string{}
					}
					rec.Meta[n] = v
				}
			}
		}
		if err := emit(rec); err != nil {
			return err
		}
	}
}
