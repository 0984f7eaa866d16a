package export

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/importers"
)

// jsonWriter writes JSON Lines: everything stored about each puzzle, in
// the record the json importer reads back (importers.JSONRecord).
type jsonWriter struct {
	w     *bufio.Writer
	rec   importers.JSONRecord // one puzzle's, its map and slice reused
	buf   []byte               // one line, reused
	kinds Kinds                // their declared scales and verdicts name the figures
}

func openJSON(w io.Writer, env *writeEnv) (writer, error) {
	return &jsonWriter{w: bufio.NewWriterSize(w, 256<<10), kinds: env.kinds}, nil
}

func (j *jsonWriter) write(p pencilbox.Puzzle, _ int) error {
	figures := j.rec.Figures
	fillRecord(&j.rec, p)
	var field string
	j.rec.Figures, field = j.kinds.figures(figures, p)
	j.rec.Pending = j.kinds.pending(j.rec.Pending[:0], p)
	if j.rec.Verdict != "" {
		j.rec.VerdictKey = field
	}
	var err error
	if j.buf, err = appendRecord(j.buf[:0], j.rec); err != nil {
		return err
	}
	_, err = j.w.Write(j.buf)
	return err
}

func (j *jsonWriter) close() error { return j.w.Flush() }

// fillRecord makes r what the json format holds of a stored puzzle,
// reusing r's profile map and sources slice.
func fillRecord(r *importers.JSONRecord, p pencilbox.Puzzle) {
	profile, sources, pending := r.Profile, r.Sources[:0], r.Pending[:0]
	clear(profile)
	*r = importers.JSONRecord{Pending: pending,
		ID: p.ID, Kind: p.Kind, Puzzle: p.Givens, Canonical: p.Canonical, Status: p.Status.String(),
		Solution: p.Solution, Rank: p.Rank, Score: p.Score, Clues: p.Clues, Width: p.Width, Height: p.Height,
		Tags: p.Tags, Note: p.Note, Meta: p.Meta, Created: p.Created.UTC().Format(time.RFC3339),
	}
	if p.Verdict != engine.NA {
		r.Verdict = p.Verdict.String()
	}
	if len(p.Profile) > 0 {
		if profile == nil {
			profile = map[string]int{}
		}
		for _, c := range p.Profile {
			profile[c.ID] = c.N
		}
		r.Profile = profile
	}
	for _, s := range p.Sources {
		sources = append(sources, importers.JSONSource{Label: s.Label, File: s.File, Line: s.Line, Text: s.Text})
	}
	if len(sources) > 0 {
		r.Sources = sources
	}
}

// appendRecord appends r as one line of JSON, byte for byte as
// encoding/json's Encoder writes it without HTML escaping (fields in
// order, omitempty, map keys sorted). Written by hand: reflection was
// half the time of a json export of 10^6 puzzles.
func appendRecord(b []byte, r importers.JSONRecord) ([]byte, error) {
	b = append(b, '{')
	first := true
	key := func(k string) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"', ':')
	}
	str := func(k, v string, omitEmpty bool) {
		if v != "" || !omitEmpty {
			key(k)
			b = appendJSONString(b, v)
		}
	}
	num := func(k string, v int64) {
		if v != 0 {
			key(k)
			b = strconv.AppendInt(b, v, 10)
		}
	}
	num("id", r.ID)
	str("kind", r.Kind, false)
	str("puzzle", r.Puzzle, false)
	str("canonical", r.Canonical, true)
	str("status", r.Status, true)
	str("solution", r.Solution, true)
	num("rank", int64(r.Rank))
	if r.Score != 0 {
		if math.IsNaN(r.Score) || math.IsInf(r.Score, 0) {
			return b, fmt.Errorf("json: unsupported value: %v", r.Score)
		}
		key("score")
		b = appendJSONFloat(b, r.Score)
	}
	for _, f := range r.Figures {
		if f.Value != 0 {
			if math.IsNaN(f.Value) || math.IsInf(f.Value, 0) {
				return b, fmt.Errorf("json: unsupported value: %v", f.Value)
			}
			key(f.Key)
			b = appendJSONFloat(b, f.Value)
		}
	}
	if len(r.Pending) > 0 {
		key(pencilbox.PendingWord)
		b = appendJSONArray(b, r.Pending, appendJSONString)
	}
	if r.VerdictKey != "" {
		str(r.VerdictKey, r.Verdict, true)
	}
	num("clues", int64(r.Clues))
	num("width", int64(r.Width))
	num("height", int64(r.Height))
	if len(r.Profile) > 0 {
		key("profile")
		b = appendJSONObject(b, r.Profile, func(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) })
	}
	if len(r.Tags) > 0 {
		key("tags")
		b = appendJSONArray(b, r.Tags, appendJSONString)
	}
	str("note", r.Note, true)
	if len(r.Meta) > 0 {
		key("meta")
		b = appendJSONObject(b, r.Meta, appendJSONString)
	}
	if len(r.Sources) > 0 {
		key("sources")
		b = appendJSONArray(b, r.Sources, func(b []byte, s importers.JSONSource) []byte {
			b = append(b, `{"label":`...)
			b = appendJSONString(b, s.Label)
			b = append(b, `,"file":`...)
			b = appendJSONString(b, s.File)
			b = append(b, `,"line":`...)
			b = strconv.AppendInt(b, int64(s.Line), 10)
			if s.Text != "" {
				b = append(b, `,"text":`...)
				b = appendJSONString(b, s.Text)
			}
			return append(b, '}')
		})
	}
	str("created", r.Created, true)
	return append(b, '}', '\n'), nil
}

// appendJSONArray writes items, each by item.
func appendJSONArray[T any](b []byte, items []T, item func([]byte, T) []byte) []byte {
	b = append(b, '[')
	for i, v := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = item(b, v)
	}
	return append(b, ']')
}

// appendJSONObject writes m with its keys sorted, as encoding/json does.
func appendJSONObject[V any](b []byte, m map[string]V, value func([]byte, V) []byte) []byte {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = value(b, m[k])
	}
	return append(b, '}')
}

// appendJSONFloat writes f as encoding/json does: the shortest decimal,
// in exponent form below 1e-6 or from 1e21, with a one-digit negative
// exponent unpadded.
func appendJSONFloat(b []byte, f float64) []byte {
	form := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		form = 'e'
	}
	b = strconv.AppendFloat(b, f, form, -1, 64)
	if form == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendJSONString quotes s as encoding/json does without HTML escaping:
// quotes, backslashes and control characters escaped, invalid UTF-8 as
// U+FFFD, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
