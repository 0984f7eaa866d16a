package slitherlink

import (
	"pencilbox/engine"

	"fmt"
	"strconv"
	"strings"
)

func (Kind) Name() string  { return "slitherlink" }
func (Kind) Title() string { return "Slitherlink" }

func trimText(s string) string {
	s = strings.TrimPrefix(s, "\ufeff")
	return strings.TrimSpace(s)
}

// Sniff claims a puzz.link URL of slither, a Loopy game ID ("10x10t0:" or
// "10x10t0dh:"), pzprv3 text of slither, or a multi-line grid of 0-3 and
// '.'/'-' that holds a '-' (a grid of '.' and digits alone is also an
// Akari grid, which Akari claims first).
func (Kind) Sniff(text string) bool {
	t := trimText(text)
	if t == "" {
		return false
	}
	if strings.HasPrefix(t, "pzprv3") {
		return strings.Contains(t[:min(len(t), 40)], "slither")
	}
	if strings.IndexByte(t, '?') >= 0 {
		return engine.IsPuzzLink(t, "slither")
	}
	if isLoopyHead(t) {
		return true
	}
	lines, dash := 0, false
	for i := 0; i < len(t); i++ {
		switch b := t[i]; b {
		case '.', '0', '1', '2', '3', ' ', '\t', '\r':
		case '-':
			dash = true
		case '\n':
			lines++
		default:
			return false
		}
	}
	return lines >= 1 && dash
}

// isLoopyHead reports whether t starts with digits 'x' digits 't'.
func isLoopyHead(t string) bool {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(t) || t[i] != 'x' {
		return false
	}
	i++
	j := i
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > j && i < len(t) && t[i] == 't'
}

// Parse reads a puzzle in any of its notations, detected from the text: a
// Loopy game ID, a puzz.link URL, pzprv3 text or a hand-typed grid.
func Parse(text string) (*Puzzle, error) {
	t := trimText(text)
	switch {
	case t == "":
		return nil, fmt.Errorf("empty slitherlink puzzle")
	case strings.HasPrefix(t, "pzprv3"):
		return ParsePzprv3(t)
	case strings.Contains(t, "?") || strings.Contains(t, "://"):
		return ParseURL(t)
	case isLoopyHead(t):
		return ParseLoopy(t)
	}
	return ParseGrid(t)
}

// ParseLoopy reads Simon Tatham's Loopy game ID for the square grid,
// "WxHt0:DESC" or with the difficulty "WxHt0dh:DESC": DESC gives the cells
// row-major, a digit a clue, 'a'-'z' a run of 1-26 cells without one.
func ParseLoopy(text string) (*Puzzle, error) {
	t := trimText(text)
	colon := strings.IndexByte(t, ':')
	if colon < 0 {
		return nil, fmt.Errorf("loopy id: no ':' between parameters and description")
	}
	params, desc := t[:colon], t[colon+1:]
	x := strings.IndexByte(params, 'x')
	if x < 0 {
		return nil, fmt.Errorf("loopy id: parameters %q do not start with WxH", params)
	}
	i := x + 1
	for i < len(params) && params[i] >= '0' && params[i] <= '9' {
		i++
	}
	w, err1 := strconv.Atoi(params[:x])
	h, err2 := strconv.Atoi(params[x+1 : i])
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("loopy id: bad size in %q", params)
	}
	if err := checkLoopyParams(params[i:]); err != nil {
		return nil, err
	}
	if err := checkSize(w, h); err != nil {
		return nil, fmt.Errorf("loopy id: %w", err)
	}
	n := w * h
	clues := make([]int8, 0, n)
	for i := 0; i < len(desc); i++ {
		if len(clues) == n {
			return nil, fmt.Errorf("loopy id: description has %d extra %s after the last cell (from position %d)", len(desc)-i, plural(len(desc)-i, "character", "characters"), i+1)
		}
		ch := desc[i]
		switch {
		case ch >= 'a' && ch <= 'z':
			k := int(ch-'a') + 1
			if len(clues)+k > n {
				return nil, fmt.Errorf("loopy id: description character %d %q runs %d %s past the end of the %dx%d grid", i+1, ch, len(clues)+k-n, plural(len(clues)+k-n, "cell", "cells"), w, h)
			}
			for j := 0; j < k; j++ {
				clues = append(clues, NoClue)
			}
		case ch >= '0' && ch <= '3':
			clues = append(clues, int8(ch-'0'))
		case ch >= '4' && ch <= '9':
			return nil, fmt.Errorf("loopy id: description character %d: clue %c on the square grid, where a cell has 4 sides and clues are 0-3", i+1, ch)
		default:
			return nil, fmt.Errorf("loopy id: description character %d %q is not a-z or 0-3", i+1, ch)
		}
	}
	if len(clues) < n {
		return nil, fmt.Errorf("loopy id: description ends after %d of %d cells", len(clues), n)
	}
	return &Puzzle{W: w, H: h, Clue: clues}, nil
}

// checkLoopyParams checks what follows WxH: "t0" (the square grid) and an
// optional difficulty "d" + e/n/t/h.
func checkLoopyParams(s string) error {
	if !strings.HasPrefix(s, "t") {
		return fmt.Errorf("loopy id: parameters want t0 (the square grid) after the size, got %q", s)
	}
	j := 1
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == 1 {
		return fmt.Errorf("loopy id: no grid type number after 't' in %q", s)
	}
	if typ := s[1:j]; typ != "0" {
		return fmt.Errorf("loopy id: grid type t%s is not the square grid (t0)", typ)
	}
	rest := s[j:]
	if rest == "" {
		return nil
	}
	if len(rest) == 2 && rest[0] == 'd' && strings.IndexByte("entih", rest[1]) >= 0 {
		return nil
	}
	return fmt.Errorf("loopy id: bad parameters %q after t0 (want a difficulty such as dh)", rest)
}

// ParseURL reads a puzz.link / pzv.jp URL ...?slither/W/H/BODY, any host.
// BODY is pzprjs's 4-cell encoding: '0'-'4' a clue, '5'-'9' a clue then an
// empty cell, 'a'-'e' a clue then two, 'g'-'z' a run of 1-20 empty cells.
func ParseURL(text string) (*Puzzle, error) {
	u, err := engine.ParsePuzzLink(text, "slither")
	if err != nil {
		return nil, err
	}
	// "f" is the variant where the loop passes every dot, another puzzle.
	for _, f := range u.Flags {
		if strings.Contains(f, "f") {
			return nil, fmt.Errorf("url: flag %q: the variant whose loop passes every dot is not plain Slitherlink", f)
		}
	}
	w, h, body := u.W, u.H, u.Body
	if err := checkSize(w, h); err != nil {
		return nil, fmt.Errorf("url: %w", err)
	}
	n := w * h
	clues := make([]int8, n)
	for i := range clues {
		clues[i] = NoClue
	}
	c := 0
	for i := 0; i < len(body) && c < n; i++ {
		ch := body[i]
		clue := int8(NoClue)
		skip := 0
		switch {
		case ch >= '0' && ch <= '4':
			clue = int8(ch - '0')
		case ch >= '5' && ch <= '9':
			clue, skip = int8(ch-'5'), 1
		case ch >= 'a' && ch <= 'e':
			clue, skip = int8(ch-'a'), 2
		case ch >= 'g' && ch <= 'z':
			skip = int(ch - 'g')
		case ch == '.':
			return nil, fmt.Errorf("url: body character %d '.': a clue whose number is hidden (?) is not a Slitherlink clue this kind keeps", i+1)
		default:
			return nil, fmt.Errorf("url: body character %d %q is not a slither code", i+1, ch)
		}
		if clue == 4 {
			return nil, fmt.Errorf("url: body character %d %q: clue 4 on the square grid (clues are 0-3)", i+1, ch)
		}
		clues[c] = clue
		c += 1 + skip
	}
	return &Puzzle{W: w, H: h, Clue: clues}, nil
}

// ParsePzprv3 reads pzprjs's file text of slither, URL-style
// ("pzprv3/slither/ROWS/COLS/row/row/...", cells space-separated) or a
// file (one item per line): the clue rows, '.' no clue, a digit a clue. What
// follows them (the answer's lines) is ignored.
func ParsePzprv3(text string) (*Puzzle, error) {
	t := trimText(text)
	var items []string
	sep := "/"
	if strings.Contains(t, "\n") {
		sep = "\n"
	} else {
		t = strings.TrimSuffix(t, "/")
	}
	for _, it := range strings.Split(t, sep) {
		items = append(items, strings.TrimRight(it, " \t\r"))
	}
	if len(items) < 4 {
		return nil, fmt.Errorf("pzprv3: want pzprv3, slither, rows, cols and the rows; got %d items", len(items))
	}
	if !strings.HasPrefix(items[0], "pzprv3") {
		return nil, fmt.Errorf("pzprv3: text does not start with pzprv3")
	}
	if k := strings.TrimSpace(items[1]); k != "slither" {
		return nil, fmt.Errorf("pzprv3: puzzle type %q is not slither", k)
	}
	h, err1 := strconv.Atoi(strings.TrimSpace(items[2]))
	w, err2 := strconv.Atoi(strings.TrimSpace(items[3]))
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("pzprv3: bad size rows %q cols %q", items[2], items[3])
	}
	if err := checkSize(w, h); err != nil {
		return nil, fmt.Errorf("pzprv3: %w", err)
	}
	rows := items[4:]
	if len(rows) > 0 && strings.TrimSpace(rows[0]) == "f" {
		return nil, fmt.Errorf("pzprv3: flag f: the variant whose loop passes every dot is not plain Slitherlink")
	}
	if len(rows) < h {
		return nil, fmt.Errorf("pzprv3: %d rows, want %d", len(rows), h)
	}
	clues := make([]int8, 0, w*h)
	for r := 0; r < h; r++ {
		f := strings.Fields(rows[r])
		if len(f) != w {
			return nil, fmt.Errorf("pzprv3: row %d has %d cells, want %d", r+1, len(f), w)
		}
		for c, tok := range f {
			switch tok {
			case ".":
				clues = append(clues, NoClue)
			case "0", "1", "2", "3":
				clues = append(clues, int8(tok[0]-'0'))
			case "-":
				return nil, fmt.Errorf("pzprv3: row %d column %d: a clue whose number is hidden (-) is not a Slitherlink clue this kind keeps", r+1, c+1)
			default:
				return nil, fmt.Errorf("pzprv3: row %d column %d: %q is not . or 0-3", r+1, c+1, tok)
			}
		}
	}
	return &Puzzle{W: w, H: h, Clue: clues}, nil
}

// ParseGrid reads the hand-typed grid: one row per line, '0'-'3' a clue,
// '.' or '-' none; blanks between cells and blank lines are ignored.
func ParseGrid(text string) (*Puzzle, error) {
	t := trimText(text)
	var clues []int8
	w, h := 0, 0
	for ln, line := range strings.Split(t, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		row := make([]int8, 0, len(line))
		for i := 0; i < len(line); i++ {
			switch ch := line[i]; {
			case ch == ' ' || ch == '\t':
			case ch == '.' || ch == '-':
				row = append(row, NoClue)
			case ch >= '0' && ch <= '3':
				row = append(row, int8(ch-'0'))
			default:
				return nil, fmt.Errorf("grid: line %d position %d: %q is not 0-3, . or -", ln+1, i+1, ch)
			}
		}
		h++
		if h == 1 {
			w = len(row)
		} else if len(row) != w {
			return nil, fmt.Errorf("grid: row %d has %d cells, want %d", h, len(row), w)
		}
		if w > MaxSize || h > MaxSize {
			return nil, fmt.Errorf("grid: size %dx%d exceeds %dx%d", w, h, MaxSize, MaxSize)
		}
		clues = append(clues, row...)
	}
	if h == 0 {
		return nil, fmt.Errorf("grid: no rows")
	}
	if err := checkSize(w, h); err != nil {
		return nil, fmt.Errorf("grid: %w", err)
	}
	return &Puzzle{W: w, H: h, Clue: clues}, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// LoopyID writes the short Loopy game ID "WxHt0:DESC".
func (p *Puzzle) LoopyID() string {
	var b strings.Builder
	b.Grow(len(p.Clue)/2 + 12)
	b.WriteString(strconv.Itoa(p.W))
	b.WriteByte('x')
	b.WriteString(strconv.Itoa(p.H))
	b.WriteString("t0:")
	run := 0
	flush := func() {
		for run > 0 {
			k := min(run, 26)
			b.WriteByte('a' + byte(k-1))
			run -= k
		}
	}
	for _, q := range p.Clue {
		if q == NoClue {
			run++
			continue
		}
		flush()
		b.WriteByte('0' + byte(q))
	}
	flush()
	return b.String()
}

// URL writes the puzz.link URL https://puzz.link/p?slither/W/H/BODY in
// pzprjs's 4-cell encoding (as its encode4Cell: a clue may claim the empty
// cells after it, cells past the end counting as empty).
func (p *Puzzle) URL() string {
	var b strings.Builder
	fmt.Fprintf(&b, "https://puzz.link/p?slither/%d/%d/", p.W, p.H)
	n := len(p.Clue)
	count := 0
	for c := 0; c < n; c++ {
		pstr := byte(0)
		if q := p.Clue[c]; q != NoClue {
			d := byte(q)
			switch {
			case c+1 < n && p.Clue[c+1] != NoClue:
				pstr = '0' + d
			case c+2 < n && p.Clue[c+2] != NoClue:
				pstr = '5' + d
				c++
			default:
				pstr = 'a' + d
				c += 2
			}
		} else {
			count++
		}
		if count == 0 {
			if pstr != 0 {
				b.WriteByte(pstr)
			}
		} else if pstr != 0 || count == 20 {
			b.WriteByte('g' + byte(count-1))
			if pstr != 0 {
				b.WriteByte(pstr)
			}
			count = 0
		}
	}
	if count > 0 {
		b.WriteByte('g' + byte(count-1))
	}
	return b.String()
}

// GridText is the hand-typed grid: one line per row, '.' no clue, '0'-'3'
// a clue, each line ending in "\n".
func (p *Puzzle) GridText() string {
	var b strings.Builder
	b.Grow((p.W + 1) * p.H)
	for r := 0; r < p.H; r++ {
		for _, q := range p.Clue[r*p.W : (r+1)*p.W] {
			if q == NoClue {
				b.WriteByte('.')
			} else {
				b.WriteByte('0' + byte(q))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Pzprv3 writes pzprjs's one-line file text of the question:
// "pzprv3/slither/ROWS/COLS/" then each row's cells space-separated, '.' no
// clue, each row ending in " /".
func (p *Puzzle) Pzprv3() string {
	var b strings.Builder
	fmt.Fprintf(&b, "pzprv3/slither/%d/%d/", p.H, p.W)
	for r := 0; r < p.H; r++ {
		for _, q := range p.Clue[r*p.W : (r+1)*p.W] {
			if q == NoClue {
				b.WriteString(". ")
			} else {
				b.WriteByte('0' + byte(q))
				b.WriteByte(' ')
			}
		}
		b.WriteByte('/')
	}
	return b.String()
}
