package export

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// Replacement is what a booklet prints for a character its font cannot
// (an emoji, a CJK ideograph, a control character, bytes that are not
// UTF-8): U+FFFD, which the Go font draws.
const Replacement = '\uFFFD'

// glyphs says which characters the booklet's two fonts (Go regular and
// bold) both draw. fpdf indexes a table of the 65,536 BMP characters with
// each rune it writes, so a rune above U+FFFF (an emoji) panicked there;
// every text a booklet prints goes through glyphs.text first. It holds a
// parse buffer: one writer's, never shared between goroutines.
type glyphs struct {
	fonts []*sfnt.Font
	buf   sfnt.Buffer
}

func newGlyphs() (*glyphs, error) {
	g := &glyphs{}
	for _, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("the booklet's font: %w", err)
		}
		g.fonts = append(g.fonts, f)
	}
	return g, nil
}

// has reports whether both fonts draw r, and r is a printing character
// of the BMP (fpdf's limit).
func (g *glyphs) has(r rune) bool {
	if r > 0xFFFF || !unicode.IsPrint(r) {
		return false
	}
	for _, f := range g.fonts {
		i, err := f.GlyphIndex(&g.buf, r)
		if err != nil || i == 0 {
			return false
		}
	}
	return true
}

// text is s with every space as ' ', and every character the fonts
// cannot draw and every byte that is not UTF-8 replaced by Replacement.
func (g *glyphs) text(s string) string {
	var b strings.Builder
	for _, r := range s { // a byte that is not UTF-8 comes as U+FFFD
		if unicode.IsSpace(r) {
			r = ' ' // a tab, a line break, a no-break space
		}
		if !g.has(r) {
			r = Replacement
		}
		b.WriteRune(r)
	}
	return b.String()
}

// CheckPrintable refuses text typed for a booklet (a title, a label) that
// it would not print as typed, naming the first such character. Text the
// booklet takes from the library (a set's name as its default title, a
// source's label) is not refused: it prints with Replacement.
func CheckPrintable(s string) error {
	r, bad := Unprintable(s)
	switch {
	case !bad:
		return nil
	case r == utf8.RuneError:
		return fmt.Errorf("it holds bytes that are not UTF-8 text")
	case !unicode.IsPrint(r) && !unicode.IsSpace(r):
		return fmt.Errorf("it holds the control character %U", r)
	}
	return fmt.Errorf("the booklet's font has no %q (%U): remove it or write it in letters", string(r), r)
}

// Unprintable returns the first character of s a booklet cannot print (it
// would print Replacement instead): a character the font lacks, a control
// character, a byte that is not UTF-8 (as utf8.RuneError).
func Unprintable(s string) (rune, bool) {
	g, err := newGlyphs()
	if err != nil {
		return 0, false
	}
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return r, true // not UTF-8
			}
		}
		if !g.has(r) && !unicode.IsSpace(r) {
			return r, true
		}
	}
	return 0, false
}
