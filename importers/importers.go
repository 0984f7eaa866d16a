// Package importers turns the text formats people have into puzzle records.
// Each kind lists its own Formats in its folder (kinds/<kind>/formats);
// this package detects the format of an input and knows nothing of any
// kind.
package importers

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

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
	Tags     []string          // tags the source gave this record (a "# tags:" comment, a tags column)
	// Sources are where the puzzle came from before it was exported (a
	// json export's "sources"): stored as its sources instead of this
	// record's own place (the export file and line), so provenance
	// survives a round trip. Empty for every other format.
	Sources []JSONSource
	Warning string // something ignored but worth telling (pzprv3 lights)
	Err     error
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
	// Detect reports whether head, the first bytes of an input (up to
	// HeadSize, BOM already removed), looks like this format.
	Detect func(head []byte) bool
	// Loose marks a format detected on weak evidence (hand-typed grids):
	// Registry.Detect tries it only after every strict format declined.
	Loose bool
	// Read streams the records of r to emit, good and bad, in input order,
	// never holding the whole input in memory. It returns early with emit's
	// error, and returns read errors; a bad record is not an error.
	Read func(r io.Reader, emit func(Record) error) error
	// csv holds the kinds a CSVFormat reads, so that NewRegistry can
	// make the csv formats of several kinds one; nil for other formats.
	csv []CSVKind
}

// Registry lists formats in detection order: the first strict format that
// detects wins, then the first loose one.
type Registry []Format

// NewRegistry builds the registry of every format: the puzz.link URL and
// json formats (any kind of kinds) first, then each kind package's Formats() in the
// order given. The kinds' CSVFormats become one csv format reading all
// their kinds, at the place of the first (a csv export of several kinds
// holds their rows in one table). It panics on two formats of the same
// name (a wiring bug).
//
//	reg := importers.NewRegistry(kinds, sudokuimp.Formats(), akariimp.Formats())
func NewRegistry(kinds engine.Registry, lists ...[]Format) Registry {
	reg := Registry{URLFormat(kinds), JSONFormat(kinds), IDsFormat(kinds)}
	var tables []CSVKind
	at := -1
	for _, l := range lists {
		for _, f := range l {
			if f.csv != nil {
				tables = append(tables, f.csv...)
				if at >= 0 {
					continue
				}
				at = len(reg)
			}
			reg = append(reg, f)
		}
	}
	if at >= 0 {
		reg[at] = CSVFormat(tables...)
	}
	seen := map[string]bool{}
	for _, f := range reg {
		if seen[f.Name] {
			panic("importers: two formats named " + f.Name)
		}
		seen[f.Name] = true
	}
	return reg
}

// Lookup finds a format by name; "KIND-NAME" (sudoku-grid, akari-tatham)
// also finds the format NAME of that kind, and of a csv shared by several
// kinds the csv reading that kind's rows alone (nonogram-csv).
func (reg Registry) Lookup(name string) (Format, error) {
	for _, f := range reg {
		if f.Name == name {
			return f, nil
		}
	}
	for _, f := range reg {
		if f.Kind != nil && name == f.Kind.Name()+"-"+f.Name {
			return f, nil
		}
		for _, k := range f.csv {
			if f.Kind == nil && name == k.Kind.Name()+"-"+f.Name {
				return CSVFormat(k), nil // one kind's rows of a shared csv
			}
		}
	}
	return Format{}, fmt.Errorf("unknown format %q (known: %s)", name, reg.names())
}

// Detect picks the format of an input from its first bytes.
func (reg Registry) Detect(head []byte) (Format, error) {
	head = bytes.TrimPrefix(head, bom)
	for pass := 0; pass < 2; pass++ {
		for _, f := range reg {
			if f.Loose == (pass == 1) && f.Detect(head) {
				return f, nil
			}
		}
	}
	return Format{}, &UnknownFormatError{Known: reg.names()}
}

// UnknownFormatError is Detect's answer for an input no format
// recognises: it names the formats read, and how to name one (How:
// "use --format" on the command line; the web admin says its own).
type UnknownFormatError struct {
	Known string // the format names, comma-separated
	How   string // "" = "use --format"
}

func (e *UnknownFormatError) Error() string {
	how := e.How
	if how == "" {
		how = "use --format"
	}
	return fmt.Sprintf("format not recognised (%s; known: %s)", how, e.Known)
}

// HeadSize is how many bytes Open peeks at for detection.
const HeadSize = 64 << 10

// ErrEmpty is Open's error for an input with nothing but blanks.
var ErrEmpty = errors.New("input is empty")

// Open prepares an input: it peeks at its head, drops a UTF-8 BOM, and
// picks the format (forced by name when forced != "", else detected). The
// returned reader is positioned at the start of the data (after the BOM);
// pass it to the format's Read:
//
//	f, in, err := importers.Open(file, reg, *formatFlag)
//	err = f.Read(in, func(rec importers.Record) error { ... })
func Open(r io.Reader, reg Registry, forced string) (Format, io.Reader, error) {
	br := bufio.NewReaderSize(r, HeadSize)
	head, err := br.Peek(HeadSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return Format{}, nil, err
	}
	if bytes.HasPrefix(head, bom) {
		br.Discard(len(bom))
		head = head[len(bom):]
	}
	if forced != "" {
		f, err := reg.Lookup(forced)
		return f, br, err
	}
	if len(bytes.TrimSpace(head)) == 0 {
		return Format{}, nil, ErrEmpty
	}
	f, err := reg.Detect(head)
	if err != nil {
		return Format{}, nil, err
	}
	return f, br, nil
}

// Parse makes the record of one puzzle text with kind: Puzzle or Err, and
// the parser's warnings when the puzzle is an engine.Warner.
func Parse(kind engine.Kind, line int, text string) Record {
	rec := Record{Line: line, Text: text}
	p, err := kind.Parse(text)
	if err != nil {
		rec.Err = err
		return rec
	}
	rec.Puzzle = p
	rec.Warning = Warnings(p)
	return rec
}

// Warnings joins the warnings of a puzzle that is an engine.Warner
// (Akari's parser notes ignored lights); "" otherwise.
func Warnings(p engine.Puzzle) string {
	if w, ok := p.(engine.Warner); ok {
		return strings.Join(w.Warnings(), "; ")
	}
	return ""
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

// OfKind keeps the formats that can hold puzzles of kind k (and the formats
// that carry several kinds).
func (reg Registry) OfKind(k engine.Kind) Registry {
	var out Registry
	for _, f := range reg {
		if f.Kind == nil || f.Kind.Name() == k.Name() {
			out = append(out, f)
		}
	}
	return out
}
