package akari

import (
	"fmt"
	"strconv"
	"strings"

	"pencilbox/engine"
)

// Kind is the Akari puzzle kind.
type Kind struct{}

var _ engine.Kind = Kind{}

func (Kind) Name() string               { return "akari" }
func (Kind) Title() string              { return "Akari (Light Up)" }
func (Kind) Ladder() []engine.Technique { return ladder }

// Technique ids, in ladder order.
const (
	TBasics        = "basics"
	TOneSource     = "onesource"
	TPatterns      = "patterns"
	TContradiction = "contradiction"
	TTrial         = "trial"
)

var ladder = []engine.Technique{
	{ID: TBasics, Name: "Basics (lit cells, full and tight clues)", Level: 1},
	{ID: TOneSource, Name: "Only one source", Level: 2},
	{ID: TPatterns, Name: "Patterns (discount sets, diagonal rule)", Level: 3},
	{ID: TContradiction, Name: "Contradiction (背理法, one assumption)", Level: 4},
	{ID: TTrial, Name: "Trial and error (search)", Level: 5},
}

// Parse reads any single-record notation (auto-detected).
func (Kind) Parse(text string) (engine.Puzzle, error) {
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return p, nil
}

func trimText(s string) string {
	s = strings.TrimPrefix(s, "\ufeff")
	return strings.TrimSpace(s)
}

// Sniff claims a puzz.link URL of akari/lightup/bijutsukan, a Tatham ID
// ("10x10:" or "10x10b"), pzprv3 text, or a multi-line grid of ".#X0-4".
func (Kind) Sniff(text string) bool {
	t := trimText(text)
	if t == "" {
		return false
	}
	if strings.HasPrefix(t, "pzprv3") {
		return strings.Contains(t[:min(len(t), 40)], "lightup")
	}
	if strings.IndexByte(t, '?') >= 0 {
		return engine.IsPuzzLink(t, "akari", "lightup", "bijutsukan")
	}
	if isTathamHead(t) {
		return true
	}
	// multi-line grid
	lines := 0
	for i := 0; i < len(t); i++ {
		switch b := t[i]; b {
		case '.', '#', 'X', '0', '1', '2', '3', '4', ' ', '\t', '\r':
		case '\n':
			lines++
		default:
			return false
		}
	}
	return lines >= 1
}

// isTathamHead reports whether t starts with digits 'x' digits then ':' or
// 'b', and its description has no '/': Light Up never writes one, and
// Pattern IDs (Nonogram) of the same head always do, so each kind's claim
// holds whatever the order kinds are registered in.
func isTathamHead(t string) bool {
	if d := strings.IndexByte(t, ':'); d >= 0 {
		desc := t[d+1:]
		if e := strings.IndexAny(desc, " \t\r\n"); e >= 0 {
			desc = desc[:e]
		}
		if strings.Contains(desc, "/") {
			return false
		}
	}
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
	return i > j && i < len(t) && (t[i] == ':' || t[i] == 'b')
}

// Parse reads a puzzle in any of the four notations, detected from the text.
func Parse(text string) (*Puzzle, error) {
	t := trimText(text)
	switch {
	case t == "":
		return nil, fmt.Errorf("empty akari puzzle")
	case strings.HasPrefix(t, "pzprv3"):
		return ParsePzprv3(t)
	case strings.Contains(t, "?") || strings.Contains(t, "://"):
		return ParseURL(t)
	case len(t) > 0 && t[0] >= '0' && t[0] <= '9' && strings.ContainsAny(t, "x") && !strings.Contains(t, "\n"):
		return ParseTatham(t)
	}
	return ParseGrid(t)
}

// ParseURL reads a puzz.link / pzv.jp URL: ...?akari/W/H/BODY (also lightup,
// bijutsukan), any host.
func ParseURL(text string) (*Puzzle, error) {
	u, err := engine.ParsePuzzLink(text, "akari", "lightup", "bijutsukan")
	if err != nil {
		return nil, err
	}
	w, h, body := u.W, u.H, u.Body
	if err := checkSize(w, h); err != nil {
		return nil, fmt.Errorf("url: %w", err)
	}
	n := w * h
	cells := make([]byte, n)
	for i := range cells {
		cells[i] = White
	}
	c := 0
	for i := 0; i < len(body); i++ {
		if c >= n {
			return nil, fmt.Errorf("url: body has %d extra %s after the last cell (from position %d)", len(body)-i, plural(len(body)-i, "character", "characters"), i+1)
		}
		ch := body[i]
		switch {
		case ch >= '0' && ch <= '4':
			cells[c] = ch
		case ch >= '5' && ch <= '9':
			cells[c] = ch - 5
			c++
		case ch >= 'a' && ch <= 'e':
			cells[c] = '0' + (ch - 'a')
			c += 2
		case ch == '.':
			cells[c] = Black
		case ch >= 'g' && ch <= 'z':
			c += int(ch - 'g')
		default:
			return nil, fmt.Errorf("url: body character %d %q is not an akari code", i+1, ch)
		}
		c++
		// pzprjs stops at the last cell: some encoders let the last code
		// run past the end of the grid, which the decoder ignores.
		if c > n {
			c = n
		}
	}
	pz := &Puzzle{W: w, H: h, Cells: cells}
	if c < n {
		// pzprjs leaves the cells after a short body white, and some
		// encoders omit trailing white cells: accept, but say so.
		pz.warnings = append(pz.warnings, fmt.Sprintf("url: body ends after %d of %d cells; the rest are taken as white", c, n))
	}
	return pz, nil
}

// ParseTatham reads a Tatham game ID, short "WxH:DESC" or long
// "WxHb20s2d0:DESC".
func ParseTatham(text string) (*Puzzle, error) {
	t := trimText(text)
	colon := strings.IndexByte(t, ':')
	if colon < 0 {
		return nil, fmt.Errorf("tatham id: no ':' between parameters and description")
	}
	params, desc := t[:colon], t[colon+1:]
	x := strings.IndexByte(params, 'x')
	if x < 0 {
		return nil, fmt.Errorf("tatham id: parameters %q do not start with WxH", params)
	}
	i := x + 1
	for i < len(params) && params[i] >= '0' && params[i] <= '9' {
		i++
	}
	w, err1 := strconv.Atoi(params[:x])
	h, err2 := strconv.Atoi(params[x+1 : i])
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("tatham id: bad size in %q", params)
	}
	if rest := params[i:]; rest != "" && !validLongParams(rest) {
		return nil, fmt.Errorf("tatham id: bad parameters %q after the size (want b<pct>s<sym>d<diff>)", rest)
	}
	if err := checkSize(w, h); err != nil {
		return nil, fmt.Errorf("tatham id: %w", err)
	}
	n := w * h
	cells := make([]byte, 0, n)
	for i := 0; i < len(desc); i++ {
		if len(cells) == n {
			return nil, fmt.Errorf("tatham id: description has %d extra %s after the last cell (from position %d)", len(desc)-i, plural(len(desc)-i, "character", "characters"), i+1)
		}
		ch := desc[i]
		switch {
		case ch >= 'a' && ch <= 'z':
			k := int(ch-'a') + 1
			if len(cells)+k > n {
				return nil, fmt.Errorf("tatham id: description character %d %q runs %d %s past the end of the %dx%d grid", i+1, ch, len(cells)+k-n, plural(len(cells)+k-n, "cell", "cells"), w, h)
			}
			for j := 0; j < k; j++ {
				cells = append(cells, White)
			}
		case ch == 'B':
			cells = append(cells, Black)
		case ch >= '0' && ch <= '4':
			cells = append(cells, ch)
		default:
			return nil, fmt.Errorf("tatham id: description character %d %q is not a-z, B or 0-4", i+1, ch)
		}
	}
	if len(cells) < n {
		return nil, fmt.Errorf("tatham id: description ends after %d of %d cells", len(cells), n)
	}
	return &Puzzle{W: w, H: h, Cells: cells}, nil
}

// validLongParams accepts Tatham's optional "b<n>s<n>d<n>" in any subset and
// order ("r" for older IDs too).
func validLongParams(s string) bool {
	for len(s) > 0 {
		switch s[0] {
		case 'b', 's', 'd', 'r':
		default:
			return false
		}
		s = s[1:]
		for len(s) > 0 && s[0] >= '0' && s[0] <= '9' {
			s = s[1:]
		}
	}
	return true
}

// ParsePzprv3 reads pzprv3 text, URL-style ("pzprv3/lightup/ROWS/COLS/row/
// row/...", cells space-separated) or a file (one item per line). Lights '#'
// and marks '+' are ignored; Warnings() says so.
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
		return nil, fmt.Errorf("pzprv3: want pzprv3, lightup, rows, cols and the rows; got %d items", len(items))
	}
	if !strings.HasPrefix(items[0], "pzprv3") {
		return nil, fmt.Errorf("pzprv3: text does not start with pzprv3")
	}
	if k := strings.TrimSpace(items[1]); k != "lightup" && k != "akari" {
		return nil, fmt.Errorf("pzprv3: puzzle type %q is not lightup", k)
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
	if len(rows) < h {
		return nil, fmt.Errorf("pzprv3: %d rows, want %d", len(rows), h)
	}
	cells := make([]byte, 0, w*h)
	lights, marks := 0, 0
	for r := 0; r < h; r++ {
		f := strings.Fields(rows[r])
		if len(f) != w {
			return nil, fmt.Errorf("pzprv3: row %d has %d cells, want %d", r+1, len(f), w)
		}
		for c, tok := range f {
			switch tok {
			case ".":
				cells = append(cells, White)
			case "#":
				lights++
				cells = append(cells, White)
			case "+":
				marks++
				cells = append(cells, White)
			case "-":
				cells = append(cells, Black)
			case "0", "1", "2", "3", "4":
				cells = append(cells, tok[0])
			default:
				return nil, fmt.Errorf("pzprv3: row %d column %d: %q is not . - # + or 0-4", r+1, c+1, tok)
			}
		}
	}
	p := &Puzzle{W: w, H: h, Cells: cells}
	if lights > 0 || marks > 0 {
		p.warnings = append(p.warnings, fmt.Sprintf("pzprv3: ignored %d lights (#) and %d no-light marks (+) in the question", lights, marks))
	}
	return p, nil
}

// ParseGrid reads the hand-typed grid: one row per line, '.' white, '#' or
// 'X' black, '0'-'4' clue; blanks between cells and blank lines are ignored.
func ParseGrid(text string) (*Puzzle, error) {
	t := trimText(text)
	var cells []byte
	w, h := 0, 0
	for ln, line := range strings.Split(t, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		row := make([]byte, 0, len(line))
		for i := 0; i < len(line); i++ {
			switch ch := line[i]; {
			case ch == ' ' || ch == '\t':
			case ch == '.':
				row = append(row, White)
			case ch == '#' || ch == 'X':
				row = append(row, Black)
			case ch >= '0' && ch <= '4':
				row = append(row, ch)
			default:
				return nil, fmt.Errorf("grid: line %d position %d: %q is not . # X or 0-4", ln+1, i+1, ch)
			}
		}
		h++
		if h == 1 {
			w = len(row)
		} else if len(row) != w {
			return nil, fmt.Errorf("grid: row %d has %d cells, want %d", h, len(row), w)
		}
		if w > MaxSize || h > MaxSize {
			return nil, fmt.Errorf("grid: size %dx%d exceeds %dx%d", max(w, len(row)), h, MaxSize, MaxSize)
		}
		cells = append(cells, row...)
	}
	if h == 0 {
		return nil, fmt.Errorf("grid: no rows")
	}
	if err := checkSize(w, h); err != nil {
		return nil, fmt.Errorf("grid: %w", err)
	}
	return &Puzzle{W: w, H: h, Cells: cells}, nil
}

// URL writes the puzz.link URL https://puzz.link/p?akari/W/H/BODY (pzprjs's
// 4-cell encoding).
func (p *Puzzle) URL() string {
	var b strings.Builder
	fmt.Fprintf(&b, "https://puzz.link/p?akari/%d/%d/", p.W, p.H)
	n := len(p.Cells)
	count := 0
	for c := 0; c < n; c++ {
		pstr := byte(0)
		switch q := p.Cells[c]; {
		case q >= '0' && q <= '4':
			// As pzprjs's encode4Cell: cells past the end count as
			// white, so a clue near the end may claim them.
			d := q - '0'
			switch {
			case c+1 < n && p.Cells[c+1] != White:
				pstr = q
			case c+2 < n && p.Cells[c+2] != White:
				pstr = '5' + d
				c++
			default:
				pstr = 'a' + d
				c += 2
			}
		case q == Black:
			pstr = '.'
		default:
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

// TathamID writes the short Tatham game ID "WxH:DESC".
func (p *Puzzle) TathamID() string {
	var b strings.Builder
	b.Grow(len(p.Cells)/2 + 10)
	b.WriteString(strconv.Itoa(p.W))
	b.WriteByte('x')
	b.WriteString(strconv.Itoa(p.H))
	b.WriteByte(':')
	run := 0
	flush := func() {
		for run > 0 {
			k := min(run, 26)
			b.WriteByte('a' + byte(k-1))
			run -= k
		}
	}
	for _, q := range p.Cells {
		switch q {
		case White:
			run++
		case Black:
			flush()
			b.WriteByte('B')
		default:
			flush()
			b.WriteByte(q)
		}
	}
	flush()
	return b.String()
}
