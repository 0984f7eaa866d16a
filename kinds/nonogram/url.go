package nonogram

import (
	"pencilbox/engine"

	"fmt"
	"strconv"
	"strings"
)

// The puzz.link notation is pzprjs's "nonogram" type (robx/pzprjs,
// src/variety/nonogram.js): the clues are cells outside the grid, above
// each column (rows+1)/2 of them and left of each row (cols+1)/2, listed
// column by column then row by row, each line's slots from the one next
// to the grid outwards, its numbers pushed against the grid (the last run
// in the slot next to it). The body writes the slots in that order: a
// number 0-15 as one hex digit, 16-255 as '-' and two hex digits, 256-4095
// as '+' and three, a run of 1-20 empty slots as 'g'-'z'.

// urlSlots are the clue slots of a column (rows) and of a row (cols).
func urlSlots(w, h int) (perCol, perRow int) { return (h + 1) / 2, (w + 1) / 2 }

// ParseURL reads a puzz.link / pzv.jp URL ...?nonogram/COLS/ROWS/BODY
// (any host).
func ParseURL(text string) (*Puzzle, error) {
	u, err := engine.ParsePuzzLink(text, "nonogram")
	if err != nil {
		return nil, err
	}
	w, h := u.W, u.H
	if err := checkSize(w, h); err != nil {
		return nil, fmt.Errorf("url: %w", err)
	}
	perCol, perRow := urlSlots(w, h)
	n := w*perCol + h*perRow
	slots := make([]int, n) // 0: empty
	body := u.Body
	ec := 0
	for i := 0; i < len(body) && ec < n; i++ {
		ch := body[i]
		hexN := 0
		switch {
		case ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f':
			v, _ := strconv.ParseInt(string(ch), 16, 32)
			slots[ec] = int(v)
		case ch == '-':
			hexN = 2
		case ch == '+':
			hexN = 3
		case ch >= 'g' && ch <= 'z':
			ec += int(ch-'g') + 1
			continue
		case ch == '.':
			return nil, fmt.Errorf("url: body position %d: a '?' clue, not a number", i+1)
		default:
			return nil, fmt.Errorf("url: body position %d: unexpected %q", i+1, ch)
		}
		if hexN > 0 {
			if i+hexN >= len(body) {
				return nil, fmt.Errorf("url: body ends inside a number at position %d", i+1)
			}
			v, err := strconv.ParseInt(body[i+1:i+1+hexN], 16, 32)
			if err != nil {
				return nil, fmt.Errorf("url: body position %d: bad number %q", i+1, body[i:i+1+hexN])
			}
			slots[ec] = int(v)
			i += hexN
		}
		ec++
	}
	line := func(s []int) []int {
		out := []int{}
		for k := len(s) - 1; k >= 0; k-- {
			if s[k] > 0 {
				out = append(out, s[k])
			}
		}
		return out
	}
	cols := make([][]int, w)
	for c := range w {
		cols[c] = line(slots[c*perCol : (c+1)*perCol])
	}
	rows := make([][]int, h)
	for r := range h {
		off := w*perCol + r*perRow
		rows[r] = line(slots[off : off+perRow])
	}
	p, err := New(w, h, rows, cols)
	if err != nil {
		return nil, fmt.Errorf("url: %w", err)
	}
	return p, nil
}

// URL is the puzz.link URL of p.
func (p *Puzzle) URL() string {
	perCol, perRow := urlSlots(p.W, p.H)
	var b strings.Builder
	fmt.Fprintf(&b, "https://puzz.link/p?nonogram/%d/%d/", p.W, p.H)
	empty := 0
	flush := func() {
		if empty > 0 {
			b.WriteByte(byte('f' + empty))
			empty = 0
		}
	}
	write := func(clue []int, slots int) {
		for s := range slots {
			if s >= len(clue) {
				empty++
				if empty == 20 {
					flush()
				}
				continue
			}
			flush()
			v := clue[len(clue)-1-s]
			switch {
			case v < 16:
				b.WriteString(strconv.FormatInt(int64(v), 16))
			case v < 256:
				b.WriteString("-" + strconv.FormatInt(int64(v), 16))
			default:
				b.WriteString("+" + strconv.FormatInt(int64(v), 16))
			}
		}
	}
	for _, c := range p.Cols {
		write(c, perCol)
	}
	for _, r := range p.Rows {
		write(r, perRow)
	}
	flush()
	return b.String()
}
