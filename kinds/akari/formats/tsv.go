package formats

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"pencilbox/importers"
	"pencilbox/kinds/akari"
)

// Columns of the team's tsv files, by preference.
var (
	tsvPuzzle = []string{"sgt_gameid", "puzzlink_url", "url", "pzprv3_question"}
	tsvMeta   = []string{"id", "name", "author", "source"}
)

// TSV reads the team's tab-separated files (janko_749.tsv,
// puzzlink_bank_2332.tsv, samples.tsv): a header line starting with '#'
// ("#id\t..." or "#name\t..."), the puzzle from the first of sgt_gameid,
// puzzlink_url, url, pzprv3_question, the published solution (a column
// named solution...) into Record.Solution, and id, name, author, source
// into Record.Meta. Record.Text is the puzzle field. Without a header
// naming a puzzle column, every row is rejected, saying so.
func TSV() importers.Format {
	return importers.Format{
		Name: "tsv",
		Kind: kind,
		Detect: func(head []byte) bool {
			// The header is the first '#' line with a tab; comment
			// lines may come before it.
			for _, l := range importers.HeadLines(head, 4) {
				if l[0] != '#' {
					return false
				}
				if bytes.IndexByte(l, '\t') >= 0 {
					_, _, ok := tsvHeader(string(l))
					return ok
				}
			}
			return false
		},
		Read: readTSV,
	}
}

// tsvHeader returns the clean column names ("#id" -> "id",
// "solution(#/L/.)" -> "solution"), the puzzle column and whether one was
// found.
func tsvHeader(l string) (names []string, puzzle int, ok bool) {
	names = strings.Split(strings.TrimPrefix(l, "#"), "\t")
	for i, n := range names {
		n = strings.TrimSpace(n)
		if j := strings.IndexByte(n, '('); j > 0 {
			n = n[:j]
		}
		names[i] = strings.ToLower(n)
	}
	for _, want := range tsvPuzzle {
		for i, n := range names {
			if n == want {
				return names, i, true
			}
		}
	}
	return names, -1, false
}

func readTSV(r io.Reader, emit func(importers.Record) error) error {
	lr := importers.NewLineReader(r)
	var names []string
	puzzle, solution := -1, -1
	noHeader := fmt.Errorf("tsv: a row before the header: a tsv file starts with a '#' line naming its tab-separated columns, one of %s", strings.Join(tsvPuzzle, ", "))
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
		if s[0] != '#' && (names == nil || puzzle < 0) {
			// Without a header that names the puzzle column no row can
			// be read: each is rejected, saying why, rather than the
			// file read as nothing (it said "rejected 0").
			if err := emit(importers.Record{Line: lr.Line(), Text: clip(s), Err: noHeader}); err != nil {
				return err
			}
			continue
		}
		if names == nil {
			var ok bool
			if !strings.Contains(s, "\t") {
				continue // comments before the header
			}
			names, puzzle, ok = tsvHeader(s)
			if !ok {
				puzzle = -1
				noHeader = fmt.Errorf("tsv: the header (line %d) has no puzzle column", lr.Line())
				if err := emit(importers.Record{Line: lr.Line(), Text: clip(s),
					Err: fmt.Errorf("tsv: no puzzle column (looked for %s)", strings.Join(tsvPuzzle, ", "))}); err != nil {
					return err
				}
				continue
			}
			for i, n := range names {
				if strings.HasPrefix(n, "solution") {
					solution = i
					break
				}
			}
			continue
		}
		if s[0] == '#' {
			continue
		}
		fields := strings.Split(s, "\t")
		if puzzle >= len(fields) {
			if err := emit(importers.Record{Line: lr.Line(), Text: s,
				Err: fmt.Errorf("tsv: %d fields, the puzzle column %q is field %d", len(fields), names[puzzle], puzzle+1)}); err != nil {
				return err
			}
			continue
		}
		text := strings.TrimSpace(fields[puzzle])
		p, err := akari.Parse(text)
		rec := record(lr.Line(), text, p, err)
		if err == nil {
			if w := crossCheck(p, names, puzzle, fields); w != "" {
				rec.Warning = joinWarn(rec.Warning, w)
			}
		}
		if solution >= 0 && solution < len(fields) {
			rec.Solution = strings.TrimSpace(fields[solution])
		}
		for i, n := range names {
			if i < len(fields) && contains(tsvMeta, n) {
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

// crossCheck parses the other notations of the row (puzzlink_url beside
// sgt_gameid, ...) and says where they give a different puzzle.
func crossCheck(p *akari.Puzzle, names []string, puzzle int, fields []string) string {
	var out []string
	id := p.TathamID()
	for i, n := range names {
		if i == puzzle || i >= len(fields) || !contains(tsvPuzzle, n) {
			continue
		}
		v := strings.TrimSpace(fields[i])
		if v == "" {
			continue
		}
		q, err := akari.Parse(v)
		switch {
		case err != nil:
			out = append(out, fmt.Sprintf("tsv: column %s does not parse: %v", n, err))
		case q.TathamID() != id:
			out = append(out, fmt.Sprintf("tsv: column %s gives %s, column %s gives %s", n, q.TathamID(), names[puzzle], id))
		}
	}
	return strings.Join(out, "; ")
}

// clip keeps a rejected row's text short.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

func joinWarn(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
