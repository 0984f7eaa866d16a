package web

import (
	"fmt"
	"strings"
	"testing"
)

// The puzzles' multi-line notations are written here by hand from the
// stored givens (not by the engine under test).

// sudokuGrid writes an 81-character line as Simple Sudoku's .ss grid: |
// between boxes, ---+---+--- between bands, lines ending in eol.
func sudokuGrid(line, eol string) string {
	var b strings.Builder
	for r := range 9 {
		if r == 3 || r == 6 {
			b.WriteString("---+---+---" + eol)
		}
		row := line[r*9 : r*9+9]
		b.WriteString(row[:3] + "|" + row[3:6] + "|" + row[6:] + eol)
	}
	return b.String()
}

// sudokuImage is a symmetric image of an 81-character line: mirrored left
// to right, digits relabelled d -> 10-d, empty cells '0'; as 9 lines.
func sudokuImage(line string) string {
	rows := make([]string, 9)
	for r := range 9 {
		var b strings.Builder
		for c := 8; c >= 0; c-- {
			ch := line[r*9+c]
			if ch >= '1' && ch <= '9' {
				b.WriteByte('0' + 10 - (ch - '0'))
			} else {
				b.WriteByte('0')
			}
		}
		rows[r] = b.String()
	}
	return strings.Join(rows, "\n")
}

// akariCells decodes a short Tatham ID (WxH:DESC; a-z a run of white
// cells, B black, 0-4 a clue) into rows of '.', '#' and clue digits.
func akariCells(t *testing.T, id string) [][]byte {
	t.Helper()
	var w, h int
	head, desc, _ := strings.Cut(id, ":")
	if _, err := fmt.Sscanf(head, "%dx%d", &w, &h); err != nil {
		t.Fatalf("Tatham ID %q: %v", id, err)
	}
	var cells []byte
	for i := 0; i < len(desc); i++ {
		switch ch := desc[i]; {
		case ch >= 'a' && ch <= 'z':
			cells = append(cells, strings.Repeat(".", int(ch-'a')+1)...)
		case ch == 'B':
			cells = append(cells, '#')
		default:
			cells = append(cells, ch)
		}
	}
	if len(cells) != w*h {
		t.Fatalf("Tatham ID %q: %d cells, want %d", id, len(cells), w*h)
	}
	rows := make([][]byte, h)
	for r := range rows {
		rows[r] = cells[r*w : r*w+w]
	}
	return rows
}

// akariGrid writes rows as the hand-typed grid, one line a row.
func akariGrid(rows [][]byte) string {
	lines := make([]string, len(rows))
	for r, row := range rows {
		lines[r] = string(row)
	}
	return strings.Join(lines, "\n")
}

// akariTurned is the grid's transpose (a reflection in the diagonal).
func akariTurned(rows [][]byte) string {
	lines := make([]string, len(rows[0]))
	for c := range rows[0] {
		var b strings.Builder
		for r := range rows {
			b.WriteByte(rows[r][c])
		}
		lines[c] = b.String()
	}
	return strings.Join(lines, "\n")
}

// akariPzprv3 writes rows as a pzprv3 file's body: pzprv3, lightup, rows,
// columns, then the cells space-separated, '-' black.
func akariPzprv3(rows [][]byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "pzprv3\r\nlightup\r\n%d\r\n%d\r\n", len(rows), len(rows[0]))
	for _, row := range rows {
		for _, ch := range row {
			if ch == '#' {
				ch = '-'
			}
			b.WriteString(string(ch) + " ")
		}
		b.WriteString("\r\n")
	}
	return b.String()
}

// slitherCells decodes a short Loopy ID (WxHt0:DESC; a-z a run of cells
// without a clue, 0-3 a clue) into rows of '-' and clue digits.
func slitherCells(t *testing.T, id string) [][]byte {
	t.Helper()
	var w, h int
	head, desc, _ := strings.Cut(id, ":")
	if _, err := fmt.Sscanf(head, "%dx%dt0", &w, &h); err != nil {
		t.Fatalf("Loopy ID %q: %v", id, err)
	}
	var cells []byte
	for i := 0; i < len(desc); i++ {
		switch ch := desc[i]; {
		case ch >= 'a' && ch <= 'z':
			cells = append(cells, strings.Repeat("-", int(ch-'a')+1)...)
		default:
			cells = append(cells, ch)
		}
	}
	if len(cells) != w*h {
		t.Fatalf("Loopy ID %q: %d cells, want %d", id, len(cells), w*h)
	}
	rows := make([][]byte, h)
	for r := range rows {
		rows[r] = cells[r*w : r*w+w]
	}
	return rows
}

// slitherGrid writes rows as Janko's problem rows: cells space-separated.
func slitherGrid(rows [][]byte) string {
	lines := make([]string, len(rows))
	for r, row := range rows {
		lines[r] = strings.Join(strings.Split(string(row), ""), " ")
	}
	return strings.Join(lines, "\n")
}

// slitherPzprv3 writes rows as a pzprv3 file's body: pzprv3, slither,
// rows, columns, then the cells space-separated, '.' without a clue.
func slitherPzprv3(rows [][]byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "pzprv3\nslither\n%d\n%d\n", len(rows), len(rows[0]))
	for _, row := range rows {
		b.WriteString(strings.ReplaceAll(slitherGrid([][]byte{row}), "-", ".") + " \n")
	}
	return b.String()
}
