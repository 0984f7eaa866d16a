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
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"pencilbox"
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
	all   Kinds // the registry the format came from (CheckKind names the others)
}

// writer takes the puzzles in order; n is the 1-based number in the export.
type writer interface {
	write(p pencilbox.Puzzle, n int) error
	close() error
}

// writeEnv is what a writer may use besides the output.
type writeEnv struct {
	opt   Options
	kinds Kinds
}

// Kind is what the exporters ask of one puzzle kind; it comes from the
// kind's bundle. Shared formats (line, grid, csv) write the stored givens
// of the kinds that claim them; json holds every kind; a kind's notations
// (one line per puzzle) are formats of their own, shared by the kinds that
// name the same one.
type Kind struct {
	Engine engine.Kind
	// Describer describes the kind's boards, which the PDF back end
	// draws in booklets (export/board.go); nil = no booklet.
	Describer engine.Describer
	// Texts are the text formats that hold the kind, in the order the
	// kind lists them.
	Texts []Text
	// Scales are the figures of the kind's second rating as it declares
	// them (engine.SecondRater.Scales; the bundle registry fills them):
	// csv and json write each under its key, a booklet captions and
	// orders by the first.
	Scales []engine.Scale
}

// Text is one text format a kind claims. Line is nil for the shared
// writers (line, grid, csv); a notation format writes Line(puzzle) on a
// line of its own after the puzzle's "# tags:" comment.
type Text struct {
	Format string
	Line   func(engine.Puzzle) string
}

// Kinds is the registry of every kind's export side, in the order the
// kinds are registered.
type Kinds []Kind

// shared are the formats whose writers are the same for every kind, in
// the order Formats lists them; nil kinds means every kind.
var shared = []Format{
	{Name: "pdf", Ext: "pdf", ContentType: "application/pdf", Whole: true, Sources: true, open: openPDF},
	{Name: "line", Ext: "sdm", ContentType: "text/plain; charset=utf-8", open: openLine},
	{Name: "grid", Ext: "sdk", ContentType: "text/plain; charset=utf-8", open: openGrid},
	{Name: "csv", Ext: "csv", ContentType: "text/csv; charset=utf-8", Sources: true, open: openCSV},
	{Name: "json", Ext: "jsonl", ContentType: "application/x-ndjson", Sources: true, Full: true, open: openJSON},
}

// Formats lists every export format: the shared ones, then the kinds'
// notations in the order the kinds first name them.
func (ks Kinds) Formats() []Format {
	var out []Format
	for _, f := range shared {
		f.all = ks
		switch f.Name {
		case "json":
		case "pdf":
			f.Kinds = []string{}
			for _, k := range ks {
				if k.Describer != nil {
					f.Kinds = append(f.Kinds, k.Engine.Name())
				}
			}
		default:
			f.Kinds = ks.claiming(f.Name)
		}
		out = append(out, f)
	}
	seen := map[string]bool{}
	for _, f := range out {
		seen[f.Name] = true
	}
	for _, k := range ks {
		for _, t := range k.Texts {
			if seen[t.Format] {
				continue
			}
			seen[t.Format] = true
			name := t.Format
			out = append(out, Format{Name: name, Ext: "txt", ContentType: "text/plain; charset=utf-8", Kinds: ks.claiming(name), all: ks,
				open: func(w io.Writer, env *writeEnv) (writer, error) { return openNotation(w, env, name) }})
		}
	}
	return out
}

// claiming lists the kinds that claim the text format name.
func (ks Kinds) claiming(name string) []string {
	out := []string{}
	for _, k := range ks {
		if k.text(name) != nil {
			out = append(out, k.Engine.Name())
		}
	}
	return out
}

// text is the kind's claim on the text format name; nil when it has none.
func (k Kind) text(name string) *Text {
	for i := range k.Texts {
		if k.Texts[i].Format == name {
			return &k.Texts[i]
		}
	}
	return nil
}

// lookup finds the export side of a kind by name.
func (ks Kinds) lookup(name string) (Kind, bool) {
	for _, k := range ks {
		if k.Engine.Name() == name {
			return k, true
		}
	}
	return Kind{}, false
}

// Lookup finds a format by name.
func (ks Kinds) Lookup(name string) (Format, error) {
	var names []string
	for _, f := range ks.Formats() {
		if f.Name == name {
			return f, nil
		}
		names = append(names, f.Name)
	}
	return Format{}, fmt.Errorf("unknown export format %q (known: %s)", name, strings.Join(names, ", "))
}

// ForKind lists the formats that can hold puzzles of kind ("" = every
// format).
func (ks Kinds) ForKind(kind string) []Format {
	var out []Format
	for _, f := range ks.Formats() {
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
	for _, g := range f.all.ForKind(kind) {
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
	// ByScale orders the booklet by the first figure of the second
	// rating (Sudoku's ER), easiest first, the puzzles without one last
	// (a set's booklet; a filter's sorts by the scale instead).
	ByScale bool
	// Caption is what each puzzle's caption rates it by: "stars" (the
	// default), a scale's key (the first figure of the kinds' second
	// rating that declare it: Sudoku's "er"), "both" (stars and the
	// first figure), or "none" (the number alone).
	Caption string
	// Labels head the puzzles' captions in booklet order, one each
	// ("Monday 1 December"); an empty one (or one past the end) falls
	// back to LabelFrom.
	Labels []string
	// LabelFrom, when set, labels the booklet's puzzle i (from 0) with
	// the day LabelFrom+i, as "Monday 1 December": a week's puzzles in
	// a paper.
	LabelFrom time.Time
	// Created is the PDF's creation date; zero = now.
	Created time.Time
	// Image, when not 0, prints each puzzle of a kind that is an
	// engine.Imager as the image engine.ImageChoice(Image, its id)
	// picks, its solution likewise: a publication's images
	// (pencilbox.Publication.Image), so a reprint matches the print.
	Image uint64
}

// MaxLabel is the longest label a caption takes, in characters.
const MaxLabel = 40

// DayLabel is how LabelFrom labels a day: "Monday 1 December".
func DayLabel(t time.Time) string { return t.Format("Monday 2 January") }

// Label is the caption label of the booklet's puzzle i (from 0): the
// free text Labels[i], else the day LabelFrom+i, else none.
func (o Options) Label(i int) string {
	if i < len(o.Labels) && o.Labels[i] != "" {
		return o.Labels[i]
	}
	if !o.LabelFrom.IsZero() {
		return DayLabel(o.LabelFrom.AddDate(0, 0, i))
	}
	return ""
}

// Booklet captions (Options.Caption), beside the scales' keys.
const (
	CaptionStars = "stars"
	CaptionBoth  = "both"
	CaptionNone  = "none"
)

// CaptionScale reports whether a caption is a scale's key: some kind's
// first scale has it.
func (ks Kinds) CaptionScale(caption string) bool {
	for _, k := range ks {
		if len(k.Scales) > 0 && k.Scales[0].Key == caption {
			return true
		}
	}
	return false
}

// Check validates the options against the formats of kinds.
func (o Options) Check(kinds Kinds) error {
	if _, err := kinds.Lookup(o.Format); err != nil {
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
	switch o.Caption {
	case "", CaptionStars, CaptionBoth, CaptionNone:
	default:
		if !kinds.CaptionScale(o.Caption) {
			var keys []string
			for _, k := range kinds {
				if len(k.Scales) > 0 && !slices.Contains(keys, k.Scales[0].Key) {
					keys = append(keys, k.Scales[0].Key)
				}
			}
			return fmt.Errorf("caption %q: want %s, both or none", o.Caption, strings.Join(append([]string{"stars"}, keys...), ", "))
		}
	}
	for i, l := range o.Labels {
		if n := utf8.RuneCountInString(l); n > MaxLabel {
			return fmt.Errorf("label %d (%q) has %d characters: a caption takes at most %d", i+1, l, n, MaxLabel)
		}
		if err := CheckPrintable(l); err != nil {
			return fmt.Errorf("label %d (%q): %w", i+1, l, err)
		}
	}
	if o.ByRank && o.ByScale {
		return fmt.Errorf("a booklet is ordered by stars or by its scale, not both")
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
type Want = pencilbox.BulkOptions

// bookletSource is a Source that selects differently for a PDF booklet
// (a filter: unique puzzles by default, read in the booklet's order).
type bookletSource interface {
	forBooklet(byRank bool) Source
}

// Write writes the puzzles of src to w in opt's format and returns how
// many it wrote. It returns ErrNoPuzzles (wrapped) when src yields none,
// and an error naming the puzzle when the format cannot hold its kind.
func Write(ctx context.Context, w io.Writer, src Source, kinds Kinds, opt Options) (int, error) {
	if err := opt.Check(kinds); err != nil {
		return 0, err
	}
	f, _ := kinds.Lookup(opt.Format)
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

// tagsComment is the "# tags:" line the line-based importers read back.
func tagsComment(w io.Writer, tags []string) error {
	if len(tags) == 0 {
		return nil
	}
	_, err := fmt.Fprintf(w, "# tags: %s\n", strings.Join(tags, " "))
	return err
}
