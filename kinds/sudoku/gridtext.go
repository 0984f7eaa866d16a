package sudoku

import (
	"fmt"
	"strings"
)

// The grid notation as one puzzle: 9 lines of 9 cells, the form people
// paste from a .sdk or .ss file, a forum post or a hand-typed grid, so
// that Parse (and with it the admin's search by givens) reads it as it
// reads the 81-character line. Separators (`|`, `+`, blanks between
// cells) and separator lines (`---+---+---`) are skipped, as is SadMan's
// `[Puzzle]` header; CRLF line ends are accepted. The importers' grid
// format reads files of many such grids; this reads exactly one.

// isGridText reports whether text has more than one line: the grid
// notation, not the line form, is meant.
func isGridText(text string) bool {
	return strings.Contains(strings.TrimSpace(text), "\n")
}

// looksLikeGrid reports text of 7 to 11 rows of the grid's characters
// (digits, empty marks, separators and blanks; separator lines and a
// [Puzzle] header besides): a grid, perhaps with a row too many or too
// few or a cell missing, which ParseGrid then reads or says what is
// wrong with. Other text (words, an Akari grid's black cells) is not one.
func looksLikeGrid(text string) bool {
	rows := 0
	for line := range strings.Lines(strings.TrimPrefix(text, "\ufeff")) {
		l := strings.TrimSpace(line)
		if l == "" || IsSeparatorLine([]byte(l)) || strings.EqualFold(l, "[Puzzle]") {
			continue
		}
		if strings.Trim(l, "123456789.0*-_|+ \t") != "" {
			return false
		}
		rows++
	}
	return rows >= 7 && rows <= 11
}

// ParseGrid reads one grid of 9 rows. Errors name the row (counting
// rows of cells, not separator lines) and the reason.
func ParseGrid(text string) (Grid, error) {
	var g Grid
	rows := 0
	for line := range strings.Lines(strings.TrimPrefix(text, "\ufeff")) {
		l := strings.TrimSpace(line)
		if l == "" || IsSeparatorLine([]byte(l)) || (rows == 0 && strings.EqualFold(l, "[Puzzle]")) {
			continue
		}
		if rows == 9 {
			return g, fmt.Errorf("grid: more than 9 rows (%q after the ninth)", clipText(l))
		}
		n := 0
		for i := 0; i < len(l); i++ {
			b := l[i]
			switch {
			case b == ' ' || b == '\t' || b == '|' || b == '+':
				continue
			case b >= '1' && b <= '9':
				if n < 9 {
					g[rows*9+n] = b - '0'
				}
			case isEmptyMark(b):
			default:
				if b >= 0x80 {
					return g, fmt.Errorf("grid: row %d position %d: non-ASCII character is not a digit or an empty mark", rows+1, i+1)
				}
				return g, fmt.Errorf("grid: row %d position %d: %q is not a digit or an empty mark", rows+1, i+1, rune(b))
			}
			n++
		}
		if n != 9 {
			return g, fmt.Errorf("grid: row %d has %d cells, want 9", rows+1, n)
		}
		rows++
	}
	if rows != 9 {
		return g, fmt.Errorf("grid: %d rows, want 9", rows)
	}
	return g, nil
}

// IsSeparatorLine reports grid lines such as `---+---+---`, `|---|---|`,
// `=====`: only - _ * + = : | and blanks, with a '+', '=' or ':' or a
// number of dashes other than 9 (nine dashes alone are a row of empty
// cells). The importers' grid and table formats skip the same lines.
func IsSeparatorLine(l []byte) bool {
	dashes, strong := 0, false
	for _, b := range l {
		switch b {
		case '-', '_', '*':
			dashes++
		case '+', '=', ':':
			strong = true
		case '|', ' ', '\t':
		default:
			return false
		}
	}
	return strong || dashes != 9
}

// clipText is s cut to 20 bytes for an error message.
func clipText(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}
