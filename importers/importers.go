// Package importers turns the text formats people have into puzzle records.
// Each kind has its own sub-package (importers/sudoku, importers/akari) that
// lists its Formats; this package detects the format of an input and knows
// nothing of any kind.
package importers

import (
	"fmt"
	"io"

	"pencilbox/engine"
)

// Record is one puzzle read from an input, before analysis. A bad record
// has Err set (the reason, without file and line) and no Puzzle; readers
// report it and go on with the rest.
type Record struct {
	Line     int               // 1-based line where the record starts
	Text     string            // the record's original text, as read
	Puzzle   engine.Puzzle     // parsed puzzle; nil when Err is set
	Note     string            // comment kept with the puzzle (e.g. "ER=11.3")
	Meta     map[string]string // other fields the source carried (CSV columns)
	Solution string            // a solution the source gave, to check; "" if none
	Warning  string            // something ignored but worth telling (pzprv3 lights)
	Err      error
}

// Error formats a bad record's reason as FILE:LINE: reason.
func (r Record) Error(file string) string {
	return fmt.Sprintf("%s:%d: %v", file, r.Line, r.Err)
}

// Format reads one text format of one kind.
type Format struct {
	Name string // unique: "line", "grid", "csv", "xml", "url", "tatham", "pzprv3", ...
	// Kind is the kind the format holds, or nil for a format that carries
	// several (puzz.link URLs): each record's Puzzle then says its kind.
	Kind engine.Kind
	// Detect reports whether head, the first bytes of an input (up to 64
	// KiB, BOM already removed), looks like this format.
	Detect func(head []byte) bool
	// Read streams the records of r to emit, good and bad, in input order,
	// never holding the whole input in memory. It returns early with emit's
	// error, and returns read errors; a bad record is not an error.
	Read func(r io.Reader, emit func(Record) error) error
}

// Registry lists formats in detection order: the first that detects wins.
type Registry []Format

// Lookup finds a format by name.
func (reg Registry) Lookup(name string) (Format, error) {
	for _, f := range reg {
		if f.Name == name {
			return f, nil
		}
	}
	return Format{}, fmt.Errorf("unknown format %q (known: %s)", name, reg.names())
}

// Detect picks the format of an input from its first bytes.
func (reg Registry) Detect(head []byte) (Format, error) {
	for _, f := range reg {
		if f.Detect(head) {
			return f, nil
		}
	}
	return Format{}, fmt.Errorf("format not recognised (use --format; known: %s)", reg.names())
}

func (reg Registry) names() string {
	s := ""
	for i, f := range reg {
		if i > 0 {
			s += ", "
		}
		s += f.Name
	}
	return s
}
