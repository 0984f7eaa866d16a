package export

import (
	"bufio"
	"encoding/json"
	"io"
	"time"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/importers"
)

// jsonWriter writes JSON Lines: everything stored about each puzzle, in
// the record the json importer reads back (importers.JSONRecord).
type jsonWriter struct {
	w   *bufio.Writer
	enc *json.Encoder
}

func openJSON(w io.Writer, _ *writeEnv) (writer, error) {
	b := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	return &jsonWriter{b, enc}, nil
}

func (j *jsonWriter) write(p pencilbox.Puzzle, _ int) error {
	r := importers.JSONRecord{
		ID: p.ID, Kind: p.Kind, Puzzle: p.Givens, Canonical: p.Canonical, Status: p.Status.String(),
		Solution: p.Solution, Rank: p.Rank, Score: p.Score, Clues: p.Clues, Width: p.Width, Height: p.Height,
		Tags: p.Tags, Note: p.Note, Meta: p.Meta, Created: p.Created.UTC().Format(time.RFC3339),
	}
	if p.Hypothesis != engine.HypothesisNA {
		r.Hypothesis = p.Hypothesis.String()
	}
	if len(p.Profile) > 0 {
		r.Profile = map[string]int{}
		for _, c := range p.Profile {
			r.Profile[c.ID] = c.N
		}
	}
	for _, s := range p.Sources {
		r.Sources = append(r.Sources, importers.JSONSource{Label: s.Label, File: s.File, Line: s.Line, Text: s.Text})
	}
	return j.enc.Encode(r)
}

func (j *jsonWriter) close() error { return j.w.Flush() }
