package nonogram

import (
	"fmt"
	"html"
	"strconv"
	"strings"
)

// NonRecord is a puzzle read from the .non format (the format of the
// nonogram-db collection, Steve Simpson's originally; see docs/NONOGRAM.md)
// with what else the file gave.
type NonRecord struct {
	Puzzle *Puzzle
	// Title, By, Copyright, License and Catalogue are the file's strings
	// of those keys, unquoted and unescaped; "" when absent.
	Title, By, Copyright, License, Catalogue string
	// Goal is the file's goal picture in the kind's solution notation;
	// "" when absent.
	Goal string
}

// Note is what a library keeps beside the puzzle: title, author,
// copyright and licence, as the file gave them.
func (r *NonRecord) Note() string {
	var parts []string
	add := func(label, v string) {
		if v != "" {
			parts = append(parts, label+v)
		}
	}
	add("", r.Title)
	add("by ", r.By)
	add("", r.Copyright)
	add("licence ", r.License)
	add("from ", r.Catalogue)
	return strings.Join(parts, "; ")
}

// SniffNon reports whether text looks like a .non file: a "width" or
// "height" key line and a "rows" or "columns" line.
func SniffNon(text string) bool {
	var size, sect bool
	for line := range strings.Lines(text) {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "width", "height":
			size = len(f) == 2
		case "rows", "columns":
			sect = len(f) == 1
		}
		if size && sect {
			return true
		}
	}
	return false
}

// ParseNon reads one puzzle in the .non format: keys one a line in any
// order, width and height before the rows and columns sections, each
// section the next height (width) lines, one clue a line with runs
// separated by commas, a blank line or "0" for an empty line. Unknown
// lines are ignored, as the format asks; a clue with a colour letter is
// read when the puzzle has one colour, refused when it has more (this kind
// is black and white). Errors name the line (1-based).
func ParseNon(text string) (*NonRecord, error) {
	lines := strings.Split(strings.TrimSuffix(strings.TrimPrefix(text, "\ufeff"), "\n"), "\n")
	rec := &NonRecord{}
	w, h := -1, -1
	var rows, cols [][]int
	var goal string
	colour := byte(0)
	readSection := func(at, n int, name string) ([][]int, int, error) {
		if n < 0 {
			return nil, 0, fmt.Errorf("line %d: %s before width and height", at+1, name)
		}
		if at+n >= len(lines) {
			return nil, 0, fmt.Errorf("line %d: %s needs %d lines, the file ends after %d", at+1, name, n, len(lines)-at-1)
		}
		out := make([][]int, n)
		for i := range n {
			l := strings.TrimSpace(strings.TrimRight(lines[at+1+i], "\r"))
			c, err := nonClue(l, &colour)
			if err != nil {
				return nil, 0, fmt.Errorf("line %d: %s %d: %w", at+2+i, name, i+1, err)
			}
			out[i] = c
		}
		return out, at + n, nil
	}
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(strings.TrimRight(lines[i], "\r"))
		key, val, _ := strings.Cut(l, " ")
		val = strings.TrimSpace(val)
		var err error
		switch key {
		case "width", "height":
			v, e := strconv.Atoi(val)
			if e != nil || v < 1 || v > MaxSize {
				return nil, fmt.Errorf("line %d: %s %q: want a number 1-%d", i+1, key, val, MaxSize)
			}
			if key == "width" {
				w = v
			} else {
				h = v
			}
		case "rows":
			if val != "" {
				continue
			}
			rows, i, err = readSection(i, h, "row")
		case "columns":
			if val != "" {
				continue
			}
			cols, i, err = readSection(i, w, "column")
		case "goal":
			goal = unquote(val)
		case "title":
			rec.Title = unquote(val)
		case "by":
			rec.By = unquote(val)
		case "copyright":
			rec.Copyright = unquote(val)
		case "license":
			rec.License = unquote(val)
		case "catalogue":
			rec.Catalogue = unquote(val)
		}
		if err != nil {
			return nil, err
		}
	}
	switch {
	case w < 0 || h < 0:
		return nil, fmt.Errorf("non: no width and height")
	case rows == nil:
		return nil, fmt.Errorf("non: no rows section")
	case cols == nil:
		return nil, fmt.Errorf("non: no columns section")
	}
	p, err := New(w, h, rows, cols)
	if err != nil {
		return nil, fmt.Errorf("non: %w", err)
	}
	rec.Puzzle = p
	if goal != "" {
		if len(goal) != w*h {
			return nil, fmt.Errorf("non: goal has %d cells, want %d", len(goal), w*h)
		}
		cells := make([]bool, w*h)
		for i := range cells {
			cells[i] = goal[i] != '0'
		}
		rec.Goal = SolutionText(w, h, cells)
	}
	return rec, nil
}

// nonClue reads one .non clue line; colour is the one colour letter seen
// so far (0: none).
func nonClue(l string, colour *byte) ([]int, error) {
	if l == "" || l == "0" {
		return []int{}, nil
	}
	var out []int
	for _, f := range strings.Split(l, ",") {
		f = strings.TrimSpace(f)
		j := 0
		for j < len(f) && f[j] >= '0' && f[j] <= '9' {
			j++
		}
		v, err := strconv.Atoi(f[:j])
		if err != nil || v < 1 || v > MaxSize {
			return nil, fmt.Errorf("bad run %q in clue %q", f, l)
		}
		if j < len(f) {
			c := f[j]
			if c >= 'a' && c <= 'z' {
				if *colour != 0 && *colour != c {
					return nil, fmt.Errorf("colours %c and %c: only one-colour puzzles are read", *colour, c)
				}
				*colour = c
			}
		}
		out = append(out, v)
	}
	return out, nil
}

// unquote removes the quotes of a .non string value and its HTML escapes.
func unquote(v string) string {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	return html.UnescapeString(v)
}

// NonText writes p in the .non format, with title (empty: no title key)
// and, when solution is the kind's solution notation of p, its goal.
func (p *Puzzle) NonText(title, solution string) string {
	var b strings.Builder
	if title != "" {
		b.WriteString("title \"" + html.EscapeString(strings.Join(strings.Fields(title), " ")) + "\"\n")
	}
	fmt.Fprintf(&b, "width %d\nheight %d\n\nrows\n", p.W, p.H)
	for _, c := range p.Rows {
		b.WriteString(nonLine(c))
		b.WriteByte('\n')
	}
	b.WriteString("\ncolumns\n")
	for _, c := range p.Cols {
		b.WriteString(nonLine(c))
		b.WriteByte('\n')
	}
	if solution != "" {
		if cells, err := p.ParseSolution(solution); err == nil {
			g := make([]byte, len(cells))
			for i, f := range cells {
				g[i] = '0'
				if f {
					g[i] = '1'
				}
			}
			fmt.Fprintf(&b, "\ngoal \"%s\"\n", g)
		}
	}
	return b.String()
}

func nonLine(c []int) string {
	if len(c) == 0 {
		return "0"
	}
	return runsText(c, ",")
}
