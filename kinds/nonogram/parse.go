package nonogram

import (
	"pencilbox/engine"

	"fmt"
	"strconv"
	"strings"
)

func trimText(s string) string {
	s = strings.TrimPrefix(s, "\ufeff")
	return strings.TrimSpace(s)
}

// Sniff claims Tatham's Pattern game ID: "WxH:" followed only by digits,
// '.' and '/' (an Akari ID of the same head has letters in its body, a
// Pattern ID never does), a puzz.link URL of type nonogram, a .non file
// and a Paint-by-Number XML puzzle.
func (Kind) Sniff(text string) bool {
	t := trimText(text)
	if SniffXML(t) {
		return true
	}
	if strings.IndexByte(t, '?') >= 0 && !strings.Contains(t, "\n") {
		return engine.IsPuzzLink(t, "nonogram")
	}
	if strings.Contains(t, "\n") {
		return SniffNon(t)
	}
	i := tathamHead(t)
	if i < 0 {
		return false
	}
	for _, b := range []byte(t[i:]) {
		if (b < '0' || b > '9') && b != '.' && b != '/' {
			return false
		}
	}
	return true
}

// tathamHead returns the index after "WxH:" at the start of t, or -1.
func tathamHead(t string) int {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(t) || t[i] != 'x' {
		return -1
	}
	i++
	j := i
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == j || i >= len(t) || t[i] != ':' {
		return -1
	}
	return i + 1
}

// Parse reads a puzzle in a single-record notation, told apart by its
// first characters: a puzz.link URL (one line with '?'), a
// Paint-by-Number XML puzzle ('<'), a .non file (a width or height
// line), else Tatham's Pattern game ID.
func Parse(text string) (*Puzzle, error) {
	t := trimText(text)
	switch {
	case t == "":
		return nil, fmt.Errorf("empty nonogram puzzle")
	case !strings.Contains(t, "\n") && (strings.Contains(t, "?") || strings.HasPrefix(t, "http")):
		return ParseURL(t)
	case strings.HasPrefix(t, "<"):
		recs, err := ParseXML(t)
		if err != nil {
			return nil, err
		}
		if len(recs) != 1 {
			return nil, fmt.Errorf("xml: %d puzzles, want one", len(recs))
		}
		return recs[0].Puzzle, nil
	case strings.Contains(t, "\n") || SniffNon(t):
		rec, err := ParseNon(t)
		if err != nil {
			return nil, err
		}
		return rec.Puzzle, nil
	}
	return ParseTatham(t)
}

// ParseTatham reads Tatham's Pattern game ID "WxH:COLS/ROWS": the W column
// clues (each top to bottom) then the H row clues (each left to right),
// '/' between clues, '.' between the runs of one clue, an empty clue (or
// "0") for a line with no filled cell.
func ParseTatham(text string) (*Puzzle, error) {
	t := trimText(text)
	head, desc, ok := strings.Cut(t, ":")
	if !ok {
		return nil, fmt.Errorf("tatham: want WxH:DESC, no ':' in %.40q", t)
	}
	ws, hs, ok := strings.Cut(head, "x")
	if !ok {
		return nil, fmt.Errorf("tatham: size %q is not WxH", head)
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("tatham: size %q is not WxH", head)
	}
	if err := checkSize(w, h); err != nil {
		return nil, fmt.Errorf("tatham: %w", err)
	}
	parts := strings.Split(desc, "/")
	if len(parts) != w+h {
		return nil, fmt.Errorf("tatham: %d clues for a %dx%d puzzle, want %d (%d columns then %d rows)", len(parts), w, h, w+h, w, h)
	}
	clues := make([][]int, len(parts))
	for i, s := range parts {
		c, err := parseRuns(s, ".")
		if err != nil {
			return nil, fmt.Errorf("tatham: %s: %w", lineName(i, w), err)
		}
		clues[i] = c
	}
	p, err := New(w, h, clues[w:], clues[:w])
	if err != nil {
		return nil, fmt.Errorf("tatham: %w", err)
	}
	return p, nil
}

// lineName names clue i of a Tatham description (columns first).
func lineName(i, w int) string {
	if i < w {
		return fmt.Sprintf("column %d", i+1)
	}
	return fmt.Sprintf("row %d", i-w+1)
}

// parseRuns reads one clue: numbers separated by sep; "" or a lone "0" is
// the empty clue.
func parseRuns(s, sep string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "0" {
		return []int{}, nil
	}
	var fields []string
	if sep == " " {
		fields = strings.Fields(s)
	} else {
		fields = strings.Split(s, sep)
	}
	if len(fields) > maxRuns {
		return nil, fmt.Errorf("clue %.40q...: %d runs, a line of at most %d cells holds %d", s, len(fields), MaxSize, maxRuns)
	}
	out := make([]int, 0, len(fields))
	for _, f := range fields {
		f = strings.TrimSpace(f)
		v, err := strconv.Atoi(f)
		if err != nil || v < 1 || v > MaxSize {
			return nil, fmt.Errorf("bad run %q in clue %q", f, s)
		}
		out = append(out, v)
	}
	return out, nil
}

// ParseRuns reads one line's clue as the block files and .non write it:
// numbers separated by spaces or commas, "0" or "" for an empty line.
func ParseRuns(s string) ([]int, error) {
	return parseRuns(strings.ReplaceAll(s, ",", " "), " ")
}

// TathamID is the Pattern game ID: "WxH:" then the column clues and the
// row clues, '/' between clues and '.' between runs, an empty clue empty.
func (p *Puzzle) TathamID() string {
	var b strings.Builder
	b.Grow(8 + 3*(p.W+p.H)*2)
	b.WriteString(strconv.Itoa(p.W))
	b.WriteByte('x')
	b.WriteString(strconv.Itoa(p.H))
	b.WriteByte(':')
	first := true
	for _, group := range [][][]int{p.Cols, p.Rows} {
		for _, c := range group {
			if !first {
				b.WriteByte('/')
			}
			first = false
			for i, v := range c {
				if i > 0 {
					b.WriteByte('.')
				}
				b.WriteString(strconv.Itoa(v))
			}
		}
	}
	return b.String()
}

// ParseSolution reads a solution of p in the kind's notation (H rows of W
// '1'/'0' joined by '/'; '#'/'x' for filled and '.'/'-' for empty are
// accepted too) and returns the cells row-major, true for filled.
func (p *Puzzle) ParseSolution(sol string) ([]bool, error) {
	rows := strings.Split(strings.TrimSpace(sol), "/")
	if len(rows) != p.H {
		return nil, fmt.Errorf("solution has %d rows, want %d", len(rows), p.H)
	}
	cells := make([]bool, 0, p.W*p.H)
	for r, row := range rows {
		if len(row) != p.W {
			return nil, fmt.Errorf("solution row %d has %d cells, want %d", r+1, len(row), p.W)
		}
		for c := 0; c < len(row); c++ {
			switch row[c] {
			case '1', '#', 'x', 'X':
				cells = append(cells, true)
			case '0', '.', '-':
				cells = append(cells, false)
			default:
				return nil, fmt.Errorf("solution r%dc%d: %q is neither filled nor empty", r+1, c+1, row[c])
			}
		}
	}
	return cells, nil
}

// SolutionText writes cells (row-major, true filled) in the kind's
// solution notation.
func SolutionText(w, h int, cells []bool) string {
	b := make([]byte, 0, (w+1)*h)
	for r := 0; r < h; r++ {
		if r > 0 {
			b = append(b, '/')
		}
		for c := 0; c < w; c++ {
			if cells[r*w+c] {
				b = append(b, '1')
			} else {
				b = append(b, '0')
			}
		}
	}
	return string(b)
}

// Check reports the first line of cells (row-major, true filled) whose
// runs differ from its clue, or nil when cells solve p.
func (p *Puzzle) Check(cells []bool) error {
	if len(cells) != p.W*p.H {
		return fmt.Errorf("%d cells, want %d", len(cells), p.W*p.H)
	}
	line := make([]bool, max(p.W, p.H))
	for r := 0; r < p.H; r++ {
		copy(line, cells[r*p.W:(r+1)*p.W])
		if got := lineRuns(line[:p.W]); !sameRuns(got, p.Rows[r]) {
			return fmt.Errorf("row %d has runs %q, the clue is %q", r+1, runsText(got, " "), runsText(p.Rows[r], " "))
		}
	}
	for c := 0; c < p.W; c++ {
		for r := 0; r < p.H; r++ {
			line[r] = cells[r*p.W+c]
		}
		if got := lineRuns(line[:p.H]); !sameRuns(got, p.Cols[c]) {
			return fmt.Errorf("column %d has runs %q, the clue is %q", c+1, runsText(got, " "), runsText(p.Cols[c], " "))
		}
	}
	return nil
}

// lineRuns is the clue a line of cells draws.
func lineRuns(line []bool) []int {
	var out []int
	n := 0
	for _, f := range line {
		if f {
			n++
		} else if n > 0 {
			out = append(out, n)
			n = 0
		}
	}
	if n > 0 {
		out = append(out, n)
	}
	return out
}

func sameRuns(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FromPicture is the puzzle whose solution is cells (row-major, true
// filled): each line's clue is the runs it draws.
func FromPicture(w, h int, cells []bool) (*Puzzle, error) {
	if err := checkSize(w, h); err != nil {
		return nil, err
	}
	if len(cells) != w*h {
		return nil, fmt.Errorf("%d cells for a %dx%d picture, want %d", len(cells), w, h, w*h)
	}
	p := &Puzzle{W: w, H: h, Rows: make([][]int, h), Cols: make([][]int, w)}
	line := make([]bool, max(w, h))
	for r := 0; r < h; r++ {
		p.Rows[r] = lineRuns(cells[r*w : (r+1)*w])
		if p.Rows[r] == nil {
			p.Rows[r] = []int{}
		}
	}
	for c := 0; c < w; c++ {
		for r := 0; r < h; r++ {
			line[r] = cells[r*w+c]
		}
		p.Cols[c] = lineRuns(line[:h])
		if p.Cols[c] == nil {
			p.Cols[c] = []int{}
		}
	}
	return p, nil
}
