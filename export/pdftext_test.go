package export_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/export"
)

// puzzles is an export.Source of puzzles held in memory.
type puzzles []pencilbox.Puzzle

func (ps puzzles) Each(_ context.Context, _ export.Want, fn func(pencilbox.Puzzle) error) error {
	for _, p := range ps {
		if err := fn(p); err != nil {
			return err
		}
	}
	return nil
}

// labelled is one Sudoku with its solution whose source is labelled label.
func labelled(label string) puzzles {
	return puzzles{{
		ID: 7, Kind: "sudoku", Status: engine.Unique, Rank: 2, Clues: 30,
		Givens:   "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		Solution: "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
		Sources:  []pencilbox.Source{{Label: label}},
	}}
}

// writeBooklet writes a booklet of src, recovering a panic as a failure.
func writeBooklet(t testing.TB, src export.Source, opt export.Options) (out []byte, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("the PDF writer panicked on title %q, labels %q: %v", opt.Title, opt.Labels, r)
		}
	}()
	var b bytes.Buffer
	opt.Format = "pdf"
	_, err = export.Write(context.Background(), &b, src, kinds, opt)
	return b.Bytes(), err
}

// TestBookletTextOutsideFont: text the booklet's font cannot draw (an
// emoji, outside the BMP; a CJK ideograph; bytes that are not UTF-8; a
// control character) in a title or a source label shown with the ids
// prints as U+FFFD instead of panicking (an emoji was an index out of
// range in fpdf: a 500 on the web, a stack trace from the CLI); a label
// typed with one is refused with a sentence naming the character.
func TestBookletTextOutsideFont(t *testing.T) {
	for _, bad := range []string{"🎄", "日本", "\xff\xfe", "a\x00b", "\U00010000", "\uffff"} {
		out, err := writeBooklet(t, labelled("advent "+bad), export.Options{Title: "Xmas " + bad, ShowIDs: true, Solutions: true})
		if err != nil {
			t.Errorf("%q: %v", bad, err)
			continue
		}
		if !bytes.HasPrefix(out, []byte("%PDF-")) || !bytes.Contains(out[max(0, len(out)-64):], []byte("%%EOF")) {
			t.Errorf("%q: not a whole PDF (%d bytes)", bad, len(out))
		}
	}
	// what prints instead, as pdftotext reads it back
	out, err := writeBooklet(t, labelled("advent 🎄"), export.Options{Title: "Xmas 🎄", ShowIDs: true})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "b.pdf")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(pdfText(t, path), "\n")
	for _, want := range []string{"Xmas \uFFFD", "advent \uFFFD"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q missing in the booklet's text:\n%s", want, text)
		}
	}
	// a typed label is refused, naming the character
	_, err = writeBooklet(t, labelled("x"), export.Options{Labels: []string{"Advent 🎄"}})
	if err == nil || !strings.Contains(err.Error(), `no "🎄" (U+1F384)`) {
		t.Errorf("a label with an emoji: %v, want refused naming it", err)
	}
	for s, want := range map[string]string{
		"Advent 🎄":     "U+1F384",
		"Lundi\xff":    "not UTF-8",
		"tab\tok":      "",
		"Noël · Œuvre": "",
		"bell\a":       "control character U+0007",
	} {
		err := export.CheckPrintable(s)
		if (want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("CheckPrintable(%q) = %v, want %q", s, err, want)
		}
	}
}

// FuzzBookletText feeds any text to the PDF writer's text path: the
// title, a label (when the options take it) and a source label shown with
// the ids. The writer never panics; it writes a whole PDF, or refuses
// the options with an error (a label it cannot print, a label too long).
func FuzzBookletText(f *testing.F) {
	f.Add("Week 48", "Monday", "puzzles.txt:12", true)
	f.Add("Xmas 🎄", "Advent 🎄", "advent 🎄.txt", true)
	f.Add("\xff\xfe\x00", "\t\n", "日本語", false)
	f.Add(strings.Repeat("long title ", 40), strings.Repeat("é", export.MaxLabel), "\U0010FFFF\uffff\ufffe", true)
	f.Fuzz(func(t *testing.T, title, label, source string, ids bool) {
		out, err := writeBooklet(t, labelled(source), export.Options{Title: title, Labels: []string{label}, ShowIDs: ids})
		if err != nil {
			if export.CheckPrintable(label) == nil && utf8.RuneCountInString(label) <= export.MaxLabel {
				t.Fatalf("title %q, label %q, source %q: %v", title, label, source, err)
			}
			return
		}
		if !bytes.HasPrefix(out, []byte("%PDF-")) || !bytes.Contains(out[max(0, len(out)-64):], []byte("%%EOF")) {
			t.Fatalf("title %q, label %q, source %q: not a whole PDF (%d bytes)", title, label, source, len(out))
		}
	})
}
