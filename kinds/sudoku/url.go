package sudoku

import (
	"pencilbox/engine"

	"fmt"
	"strconv"
	"strings"
)

// The puzz.link (pzprjs) URL of a Sudoku: https://puzz.link/p?sudoku/9/9/BODY.
// BODY is pzprjs's Number16 encoding (Encode.js, decodeNumber16 /
// encodeNumber16), row-major: a hex digit is a given (1-9 here), '.' a
// given of unknown value, '-xx' '+xxx' ... longer numbers, and 'g'-'z' a run
// of 1-20 empty cells.

// IsURL reports whether s (blanks around allowed) is a puzz.link sudoku URL.
func IsURL(s string) bool { return engine.IsPuzzLink(s, "sudoku") }

// ParseURL reads a puzz.link / pzv.jp sudoku URL (any host, or just
// "?sudoku/9/9/BODY"). Only 9x9 is supported. Errors name the 1-based
// position in BODY and the reason.
func ParseURL(s string) (Grid, error) {
	var g Grid
	if !IsURL(s) {
		return g, fmt.Errorf("url: not a puzz.link sudoku URL (want ...?sudoku/9/9/BODY)")
	}
	u, err := engine.ParsePuzzLink(s, "sudoku")
	if err != nil {
		return g, err
	}
	if u.W != 9 || u.H != 9 {
		return g, fmt.Errorf("url: size %dx%d; only 9x9 sudoku is supported", u.W, u.H)
	}
	body := u.Body
	c := 0
	for i := 0; i < len(body); i++ {
		ch := body[i]
		if c >= 81 {
			return g, fmt.Errorf("url: body has %d extra characters after the last cell (from position %d)", len(body)-i, i+1)
		}
		switch {
		case ch >= '1' && ch <= '9':
			g[c] = ch - '0'
			c++
		case ch == '0' || ch >= 'a' && ch <= 'f':
			v, _ := strconv.ParseUint(string(ch), 16, 8)
			return g, fmt.Errorf("url: body position %d: %q is the number %d, not a digit 1-9", i+1, rune(ch), v)
		case ch == '.':
			return g, fmt.Errorf("url: body position %d: '.' is a given of unknown value, not a digit 1-9", i+1)
		case strings.IndexByte("-+=%*$", ch) >= 0:
			return g, fmt.Errorf("url: body position %d: %q starts a number above 15, not a digit 1-9", i+1, rune(ch))
		case ch >= 'g' && ch <= 'z':
			c += int(ch-'g') + 1
			if c > 81 {
				c = 81 // pzprjs stops at the last cell
			}
		default:
			if ch >= 0x80 {
				return g, fmt.Errorf("url: body position %d: non-ASCII character is not a sudoku code", i+1)
			}
			return g, fmt.Errorf("url: body position %d: %q is not a sudoku code (1-9 or g-z)", i+1, rune(ch))
		}
	}
	if c < 81 {
		return g, fmt.Errorf("url: body ends after %d of 81 cells", c)
	}
	return g, nil
}

// URL writes the puzz.link URL https://puzz.link/p?sudoku/9/9/BODY as
// pzprjs's encodeNumber16 does.
func (g *Grid) URL() string {
	var b strings.Builder
	b.Grow(31 + 81)
	b.WriteString("https://puzz.link/p?sudoku/9/9/")
	count := 0
	for _, d := range g {
		if d == 0 {
			count++
			if count == 20 {
				b.WriteByte('z')
				count = 0
			}
			continue
		}
		if count > 0 {
			b.WriteByte('f' + byte(count))
			count = 0
		}
		b.WriteByte('0' + d)
	}
	if count > 0 {
		b.WriteByte('f' + byte(count))
	}
	return b.String()
}
