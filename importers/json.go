package importers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"pencilbox"
	"pencilbox/engine"
)

// JSONRecord is one line of the json format (JSON Lines): what
// `pencilbox export --format json` writes for each puzzle. Import reads
// kind, puzzle, solution (checked), note, tags, meta and sources (kept as
// the puzzle's sources: export, then import into another library, keeps
// where each puzzle came from); the analysis fields are the engine's to
// compute again and are ignored.
type JSONRecord struct {
	ID        int64   `json:"id,omitempty"`
	Kind      string  `json:"kind"`
	Puzzle    string  `json:"puzzle"`
	Canonical string  `json:"canonical,omitempty"`
	Status    string  `json:"status,omitempty"`
	Solution  string  `json:"solution,omitempty"`
	Rank      int     `json:"rank,omitempty"`
	Score     float64 `json:"score,omitempty"`
	// Figures are the kind's second rating and Verdict its own verdict,
	// written after Score under the keys the kind declares (engine.Scale,
	// engine.Verdict: Sudoku's er, ep, ed and hypothesis) by the json
	// export; an import rates the puzzle anew and ignores them.
	Figures []JSONFigure `json:"-"`
	// Pending lists the keys of the kind's declared scales the rating
	// queue has not rated yet, written as "pending": ["er", "ep", "ed"]
	// where their figures would be (as the API writes it): a pending
	// puzzle has no figure keys, and one with nothing to rate has
	// neither figures nor this list. An import ignores it.
	Pending    []string          `json:"-"`
	Verdict    string            `json:"-"`
	VerdictKey string            `json:"-"`
	Clues      int               `json:"clues,omitempty"`
	Width      int               `json:"width,omitempty"`
	Height     int               `json:"height,omitempty"`
	Profile    map[string]int    `json:"profile,omitempty"`
	Tags       []string          `json:"tags,omitempty"`
	Note       string            `json:"note,omitempty"`
	Meta       map[string]string `json:"meta,omitempty"`
	Sources    []JSONSource      `json:"sources,omitempty"`
	Created    string            `json:"created,omitempty"`
}

// JSONFigure is one figure of a second rating under its declared key.
type JSONFigure struct {
	Key   string
	Value float64
}

// JSONSource is one place a puzzle was imported from.
type JSONSource struct {
	Label string `json:"label"`
	File  string `json:"file"`
	Line  int    `json:"line"`
	Text  string `json:"text,omitempty"`
}

// JSONFormat reads JSON Lines of any kind of kinds.
func JSONFormat(kinds engine.Registry) Format {
	return Format{
		Name: "json",
		Detect: func(head []byte) bool {
			l := Head(head, 1)
			return len(l) == 1 && bytes.HasPrefix(bytes.TrimSpace(l[0]), []byte("{")) && bytes.Contains(l[0], []byte(`"kind"`))
		},
		Read: func(r io.Reader, emit func(Record) error) error {
			return ForLines(r, emit, func(n int, line []byte) Record {
				return readJSON(kinds, n, line)
			})
		},
	}
}

func readJSON(kinds engine.Registry, n int, line []byte) Record {
	var j JSONRecord
	if err := json.Unmarshal(line, &j); err != nil {
		return Record{Line: n, Text: clipText(line), Err: fmt.Errorf("json: %v", err)}
	}
	k, err := kinds.Lookup(j.Kind)
	if err != nil {
		return Record{Line: n, Text: clipText(line), Err: fmt.Errorf("json: %v", err)}
	}
	rec := Parse(k, n, j.Puzzle)
	rec.Text = string(line)
	if rec.Err != nil {
		rec.Text = clipText(line)
		return rec
	}
	if j.Status == engine.Unique.String() {
		rec.Solution = j.Solution
	}
	rec.Note, rec.Meta, rec.Tags = j.Note, j.Meta, j.Tags
	for i, s := range j.Sources {
		if err := checkJSONSource(s); err != nil {
			rec.Puzzle, rec.Text = nil, clipText(line)
			rec.Err = fmt.Errorf("json: source %d of %d: %w", i+1, len(j.Sources), err)
			return rec
		}
	}
	rec.Sources = j.Sources
	return rec
}

// checkJSONSource refuses a source a library could not have written:
// no label, a label over pencilbox.MaxSourceLabel, a line below 0. The
// number of sources and their texts are bounded by the line's MaxLine.
func checkJSONSource(s JSONSource) error {
	switch {
	case strings.TrimSpace(s.Label) == "":
		return errors.New("no label")
	case s.Line < 0:
		return fmt.Errorf("line %d", s.Line)
	}
	return pencilbox.CheckSourceLabel(s.Label)
}

// clipText keeps a bad line's text short in reports.
func clipText(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}
