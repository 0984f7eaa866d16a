// Package export writes stored puzzles for print and for other tools: PDF
// booklets and the text formats the importers read back (line, grid, csv,
// json, url, tatham). Text formats stream, so a million puzzles cost the
// memory of one page of them.
package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// ErrNoPuzzles is Write's answer when the selection is empty.
var ErrNoPuzzles = errors.New("no puzzles match")

// Format is one export format.
type Format struct {
	Name        string
	Ext         string // file name extension, without the dot
	ContentType string
	// Kinds lists the kinds the format can hold; nil = every kind.
	Kinds []string
	// Sources: the writer wants each puzzle's sources (csv, json, pdf).
	Sources bool
	// Full: the writer wants every stored column (json); the others
	// write the puzzle, its solution, rating, note, tags and sources.
	Full bool
	// Whole: the writer needs every puzzle before it writes (pdf); the
	// others stream.
	Whole bool
	open  func(w io.Writer, env *writeEnv) (writer, error)
}

// writer takes the puzzles in order; n is the 1-based number in the export.
type writer interface {
	write(p pencilbox.Puzzle, n int) error
	close() error
}

// writeEnv is what a writer may use besides the output.
type writeEnv struct {
	opt   Options
	kinds engine.Registry
}

// Formats lists every export format.
func Formats() []Format {
	return []Format{
		{Name: "pdf", Ext: "pdf", ContentType: "application/pdf", Whole: true, Sources: true, Kinds: []string{"sudoku", "akari"}, open: openPDF},
		{Name: "line", Ext: "sdm", ContentType: "text/plain; charset=utf-8", Kinds: []string{"sudoku"}, open: openLine},
		{Name: "grid", Ext: "sdk", ContentType: "text/plain; charset=utf-8", Kinds: []string{"sudoku"}, open: openGrid},
		{Name: "csv", Ext: "csv", ContentType: "text/csv; charset=utf-8", Kinds: []string{"sudoku"}, Sources: true, open: openCSV},
		{Name: "json", Ext: "jsonl", ContentType: "application/x-ndjson", Sources: true, Full: true, open: openJSON},
		{Name: "url", Ext: "txt", ContentType: "text/plain; charset=utf-8", open: openURL},
		{Name: "tatham", Ext: "txt", ContentType: "text/plain; charset=utf-8", Kinds: []string{"akari"}, open: openTatham},
	}
}

// Lookup finds a format by name.
func Lookup(name string) (Format, error) {
	var names []string
	for _, f := range Formats() {
		if f.Name == name {
			return f, nil
		}
		names = append(names, f.Name)
	}
	return Format{}, fmt.Errorf("unknown export format %q (known: %s)", name, strings.Join(names, ", "))
}

// ForKind lists the formats that can hold puzzles of kind ("" = every
// format).
func ForKind(kind string) []Format {
	var out []Format
	for _, f := range Formats() {
		if kind == "" || f.Holds(kind) {
			out = append(out, f)
		}
	}
	return out
}

// CheckKind says, before any puzzle is read, when the format cannot hold
// the puzzles of kind: the sentence names the formats that can. An empty
// kind (every kind) is checked puzzle by puzzle by Write.
func (f Format) CheckKind(kind string) error {
	if kind == "" || f.Holds(kind) {
		return nil
	}
	var names []string
	for _, g := range ForKind(kind) {
		names = append(names, g.Name)
	}
	if len(names) == 0 {
		return fmt.Errorf("the %s format holds %s puzzles only, not %s", f.Name, strings.Join(f.Kinds, " and "), kind)
	}
	return fmt.Errorf("the %s format holds %s puzzles only, not %s: for %s, choose %s",
		f.Name, strings.Join(f.Kinds, " and "), kind, kind, strings.Join(names, ", "))
}

// Holds reports whether the format can hold puzzles of kind.
func (f Format) Holds(kind string) bool {
	if f.Kinds == nil {
		return true
	}
	for _, k := range f.Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// Options tune an export.
type Options struct {
	Format string
	// PDF only.
	Paper     string // "A4" (default) or "Letter"
	PerPage   int    // 1, 2, 4 or 6 puzzles a page (default 4)
	Title     string // a title page with this title; "" = none
	ShowIDs   bool   // captions add the puzzle's id and first source
	Solutions bool   // the solutions at the back
	ByRank    bool   // the booklet in rank then score order (else as given)
}

// Check validates the options.
func (o Options) Check() error {
	if _, err := Lookup(o.Format); err != nil {
		return err
	}
	switch o.Paper {
	case "", "A4", "a4", "Letter", "letter":
	default:
		return fmt.Errorf("paper %q: want A4 or Letter", o.Paper)
	}
	switch o.PerPage {
	case 0, 1, 2, 4, 6:
	default:
		return fmt.Errorf("%d puzzles a page: want 1, 2, 4 or 6", o.PerPage)
	}
	return nil
}

// Source yields the puzzles to export, in order.
type Source interface {
	Each(ctx context.Context, want Want, fn func(pencilbox.Puzzle) error) error
}

// Want says what a format reads of each puzzle besides its puzzle,
// solution, rating, size, note and tags: its sources, every column. It is
// what the database's bulk read takes.
type Want = db.BulkOptions

// bookletSource is a Source that selects differently for a PDF booklet
// (a filter: unique puzzles by default, read in the booklet's order).
type bookletSource interface {
	forBooklet(byRank bool) Source
}

// Write writes the puzzles of src to w in opt's format and returns how
// many it wrote. It returns ErrNoPuzzles (wrapped) when src yields none,
// and an error naming the puzzle when the format cannot hold its kind.
func Write(ctx context.Context, w io.Writer, src Source, kinds engine.Registry, opt Options) (int, error) {
	if err := opt.Check(); err != nil {
		return 0, err
	}
	f, _ := Lookup(opt.Format)
	if b, ok := src.(bookletSource); ok && f.Whole {
		src = b.forBooklet(opt.ByRank)
	}
	env := &writeEnv{opt: opt, kinds: kinds}
	var wr writer
	n := 0
	err := src.Each(ctx, Want{Sources: f.Sources, Full: f.Full}, func(p pencilbox.Puzzle) error {
		if !f.Holds(p.Kind) {
			return fmt.Errorf("puzzle %d is %s: the %s format holds %s only (select a kind)", p.ID, p.Kind, f.Name, strings.Join(f.Kinds, ", "))
		}
		if wr == nil {
			var err error
			if wr, err = f.open(w, env); err != nil {
				return err
			}
		}
		n++
		if err := wr.write(p, n); err != nil {
			return fmt.Errorf("export puzzle %d: %w", p.ID, err)
		}
		return nil
	})
	if err != nil {
		return n, err
	}
	if n == 0 {
		return 0, ErrNoPuzzles
	}
	return n, wr.close()
}

// parse reads a stored puzzle back into the engine's form.
func parse(kinds engine.Registry, p pencilbox.Puzzle) (engine.Puzzle, error) {
	k, err := kinds.Lookup(p.Kind)
	if err != nil {
		return nil, err
	}
	return k.Parse(p.Givens)
}

// tagsComment is the "# tags:" line the line-based importers read back.
func tagsComment(w io.Writer, tags []string) error {
	if len(tags) == 0 {
		return nil
	}
	_, err := fmt.Fprintf(w, "# tags: %s\n", strings.Join(tags, " "))
	return err
}
