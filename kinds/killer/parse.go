package killer

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"pencilbox/engine"
)

// Parse reads a puzzle in either single-record notation, detected from
// the text: a Tatham Solo killer game ID or a typed cage list.
func Parse(text string) (*Puzzle, error) {
	t := trimText(text)
	switch {
	case t == "":
		return nil, fmt.Errorf("empty killer puzzle")
	case isTathamKiller(t):
		return ParseTatham(t)
	case isCageList(t) || startsWithSize(t):
		return ParseCageList(t)
	}
	return nil, fmt.Errorf("not a killer: want a Tatham Solo killer ID (3x3k:...) or a cage list (a size line 9x9, then SUM: r1c1 r1c2 ...)")
}

// tathamHead splits a Tatham ID's parameters "CxR<flags>" at the colon:
// c and r (Tatham's names: boxes are r cells wide and c tall), the flags,
// and the description after the colon.
func tathamHead(t string) (c, r int, flags, desc string, ok bool) {
	colon := strings.IndexByte(t, ':')
	if colon < 0 {
		return 0, 0, "", "", false
	}
	head := t[:colon]
	i := 0
	for i < len(head) && head[i] >= '0' && head[i] <= '9' {
		i++
	}
	if i == 0 || i > 2 || i >= len(head) || head[i] != 'x' {
		return 0, 0, "", "", false
	}
	c, _ = strconv.Atoi(head[:i])
	j := i + 1
	for j < len(head) && head[j] >= '0' && head[j] <= '9' {
		j++
	}
	if j == i+1 || j-i-1 > 2 {
		return 0, 0, "", "", false
	}
	r, _ = strconv.Atoi(head[i+1 : j])
	return c, r, head[j:], t[colon+1:], true
}

// isTathamKiller: "CxR" then flags holding 'k' (Solo's killer flag), then
// ':' and no line break.
func isTathamKiller(t string) bool {
	_, _, flags, _, ok := tathamHead(t)
	return ok && strings.IndexByte(flags, 'k') >= 0 && !strings.ContainsAny(t, "\n")
}

// ParseTatham reads a Solo killer game ID, CxRk[flags]:GIVENS,CAGES,SUMS
// (../shared/data/tatham-reference.md): boxes R wide and C tall, so 3x3
// is 9x9, 2x3 is 6x6 (3-wide boxes) and 2x2 is 4x4. The symmetry and
// difficulty flags are read and ignored; jigsaw (j) and X (x) variants
// are refused. One-cell cages are accepted (Solo refuses them).
func ParseTatham(text string) (*Puzzle, error) {
	t := trimText(text)
	c, r, flags, desc, ok := tathamHead(t)
	if !ok {
		return nil, fmt.Errorf("tatham: want CxRk:GIVENS,CAGES,SUMS, got %.40q", t)
	}
	if strings.IndexByte(flags, 'k') < 0 {
		return nil, fmt.Errorf("tatham: parameters %q lack k: a Solo ID without k is a plain Sudoku, not a killer", t[:strings.IndexByte(t, ':')])
	}
	if strings.ContainsAny(flags, "jx") {
		return nil, fmt.Errorf("tatham: jigsaw (j) and X-diagonal (x) variants are not supported (parameters %q)", t[:strings.IndexByte(t, ':')])
	}
	n := c * r
	bw, bh, ok := BoxShape(n)
	if !ok || bw != r || bh != c {
		return nil, fmt.Errorf("tatham: %dx%d (boxes %d wide, %d tall) is not supported: want 2x2 (4x4), 2x3 (6x6, boxes 3 wide) or 3x3 (9x9)", c, r, r, c)
	}
	parts := strings.Split(desc, ",")
	if len(parts) != 3 {
		return nil, fmt.Errorf("tatham: want GIVENS,CAGES,SUMS after the colon, got %d parts", len(parts))
	}
	area := n * n
	gv, err := decodeGrid(parts[0], area, n)
	if err != nil {
		return nil, fmt.Errorf("tatham givens: %w", err)
	}
	comp, err := decodeEdges(parts[1], n)
	if err != nil {
		return nil, fmt.Errorf("tatham cages: %w", err)
	}
	sm, err := decodeGrid(parts[2], area, maxSum)
	if err != nil {
		return nil, fmt.Errorf("tatham sums: %w", err)
	}
	givens := make([]int8, area)
	for i, g := range gv {
		givens[i] = int8(g)
	}
	// cages: the components, numbered by first cell; each needs one sum
	idx := map[int]int16{}
	cage := make([]int16, area)
	var sums []int
	for i := range area {
		k, ok := idx[comp[i]]
		if !ok {
			k = int16(len(sums))
			idx[comp[i]] = k
			sums = append(sums, 0)
		}
		cage[i] = k
		if s := sm[i]; s != 0 {
			if sums[k] != 0 {
				return nil, fmt.Errorf("tatham sums: the cage of %s has two sums (%d and %d)", engine.CellName(i, n), sums[k], s)
			}
			sums[k] = s
		}
	}
	for i := range area {
		if sums[cage[i]] == 0 {
			return nil, fmt.Errorf("tatham sums: the cage at %s has no sum", engine.CellName(i, n))
		}
	}
	return New(n, givens, cage, sums)
}

// decodeGrid reads Tatham's grid encoding: a-z a run of 1-26 empty cells,
// a number a value (1..max), '_' between two numbers.
func decodeGrid(s string, area, maxv int) ([]int, error) {
	out := make([]int, 0, area)
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case ch >= 'a' && ch <= 'z':
			for range int(ch-'a') + 1 {
				out = append(out, 0)
			}
			i++
		case ch == '_':
			i++
		case ch >= '0' && ch <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			v, err := strconv.Atoi(s[i:j])
			if err != nil || v < 1 || v > maxv {
				return nil, fmt.Errorf("number %q at character %d is not 1-%d", s[i:j], i+1, maxv)
			}
			out = append(out, v)
			i = j
		default:
			return nil, fmt.Errorf("bad character %q at character %d", ch, i+1)
		}
		if len(out) > area {
			return nil, fmt.Errorf("more than %d cells", area)
		}
	}
	if len(out) != area {
		return nil, fmt.Errorf("%d cells, want %d", len(out), area)
	}
	return out, nil
}

// edgeCells are the two cells on either side of internal edge pos, in
// Tatham's order: first the n*(n-1) edges between (x,y) and (x+1,y) in
// reading order, then the n*(n-1) between (x,y) and (x,y+1), column by
// column.
func edgeCells(pos, n int) (a, b int) {
	if pos < n*(n-1) {
		y, x := pos/(n-1), pos%(n-1)
		return y*n + x, y*n + x + 1
	}
	pos -= n * (n - 1)
	x, y := pos/(n-1), pos%(n-1)
	return y*n + x, (y+1)*n + x
}

// decodeEdges reads Tatham's cage boundaries: each letter counts the
// non-boundary edges before the next boundary ('_' none, a-y 1-25), z 26
// non-boundary edges with no boundary after (the decoder's reading, which
// the writer follows), ending one past the last edge. It returns each
// cell's component root.
func decodeEdges(s string, n int) ([]int, error) {
	area, edges := n*n, 2*n*(n-1)
	parent := make([]int, area)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	pos := 0
	for i := 0; i < len(s); i++ {
		var run int
		switch ch := s[i]; {
		case ch == '_':
		case ch >= 'a' && ch <= 'z':
			run = int(ch-'a') + 1
		default:
			return nil, fmt.Errorf("bad character %q at character %d", ch, i+1)
		}
		for range run {
			if pos >= edges {
				return nil, fmt.Errorf("more than %d edges at character %d", edges, i+1)
			}
			a, b := edgeCells(pos, n)
			parent[find(a)] = find(b)
			pos++
		}
		if run != 26 {
			pos++
		}
	}
	if pos != edges+1 {
		return nil, fmt.Errorf("%d edges, want %d", min(pos, edges+1)-1, edges)
	}
	out := make([]int, area)
	for i := range out {
		out[i] = find(i)
	}
	return out, nil
}

// TathamID is the Solo killer game ID of p, short form (CxRk:...), which
// Solo reads (if it has no one-cell cage: Solo refuses those).
func (p *Puzzle) TathamID() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%dk:", p.BoxH, p.BoxW)
	area := p.N * p.N
	g := make([]int, area)
	for i, v := range p.Given {
		g[i] = int(v)
	}
	encodeGrid(&b, g)
	b.WriteByte(',')
	run := 0
	edges := 2 * p.N * (p.N - 1)
	for pos := 0; pos <= edges; pos++ {
		boundary := pos == edges
		if !boundary {
			a, c := edgeCells(pos, p.N)
			boundary = p.Cage[a] != p.Cage[c]
		}
		if !boundary {
			run++
			continue
		}
		for run >= 26 {
			b.WriteByte('z')
			run -= 26
		}
		if run == 0 {
			b.WriteByte('_')
		} else {
			b.WriteByte(byte('a' + run - 1))
		}
		run = 0
	}
	b.WriteByte(',')
	s := make([]int, area)
	seen := make([]bool, len(p.Sums))
	for i, k := range p.Cage {
		if !seen[k] {
			seen[k] = true
			s[i] = p.Sums[k]
		}
	}
	encodeGrid(&b, s)
	return b.String()
}

// encodeGrid writes Tatham's grid encoding of v (0 empty).
func encodeGrid(b *strings.Builder, v []int) {
	run := 0
	wrote := false
	flush := func() {
		for run > 0 {
			k := min(run, 26)
			b.WriteByte(byte('a' + k - 1))
			run -= k
		}
	}
	for _, x := range v {
		if x == 0 {
			run++
			continue
		}
		if run > 0 {
			flush()
		} else if wrote {
			b.WriteByte('_')
		}
		b.WriteString(strconv.Itoa(x))
		wrote = true
	}
	flush()
}

// isCageList: the first line that is neither blank nor a comment is a
// size ("9x9", "killer 9x9"), and a later line holds "SUM:".
func isCageList(t string) bool {
	lines := strings.Split(t, "\n")
	seenSize := false
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || l[0] == '#' {
			continue
		}
		if !seenSize {
			if _, ok := sizeLine(l); !ok {
				return false
			}
			seenSize = true
			continue
		}
		head, _, ok := strings.Cut(l, ":")
		head = strings.ToLower(strings.TrimSpace(head))
		_, err := strconv.Atoi(head)
		return ok && (err == nil || head == "given" || head == "givens")
	}
	return false
}

// startsWithSize: the first line that is neither blank nor a comment is a
// size line (a cage list, maybe a broken one: Parse explains).
func startsWithSize(t string) bool {
	for _, l := range strings.Split(t, "\n") {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			_, ok := sizeLine(l)
			return ok
		}
	}
	return false
}

// sizeLine reads "NxN" or "killer NxN".
func sizeLine(l string) (int, bool) {
	l = strings.TrimSpace(strings.TrimPrefix(strings.ToLower(l), "killer"))
	a, b, ok := strings.Cut(l, "x")
	if !ok {
		return 0, false
	}
	w, err1 := strconv.Atoi(strings.TrimSpace(a))
	h, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || w != h || w < 1 || w > 99 {
		return 0, false
	}
	return w, true
}

// CageListError is a cage list's error at one of its lines (1 is the
// list's first, blank and comment lines counted), so that a reader of a
// file of lists can name the file's line rather than the list's.
type CageListError struct {
	Line int
	Err  error
}

func (e *CageListError) Error() string { return fmt.Sprintf("cage list line %d: %v", e.Line, e.Err) }

func (e *CageListError) Unwrap() error { return e.Err }

func lineErr(line int, format string, args ...any) error {
	return &CageListError{Line: line, Err: fmt.Errorf(format, args...)}
}

// ParseCageList reads the typed form: a size line ("9x9"), then one cage a
// line, "SUM: r1c1 r1c2 ..." (cells separated by spaces or commas), and
// optionally lines "given: r1c1=5 r4c4=2". '#' starts a comment line.
// Every cell must be in exactly one cage.
func ParseCageList(text string) (*Puzzle, error) {
	lines := strings.Split(trimText(text), "\n")
	n := 0
	var cage []int16
	var givens []int8
	var sums []int
	for ln, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || l[0] == '#' {
			continue
		}
		if n == 0 {
			size, ok := sizeLine(l)
			if !ok {
				return nil, lineErr(ln+1, "want the size first (4x4, 6x6 or 9x9), got %.30q", l)
			}
			if _, _, ok := BoxShape(size); !ok {
				return nil, lineErr(ln+1, "size %dx%d: a killer is 4x4, 6x6 or 9x9", size, size)
			}
			n = size
			cage = make([]int16, n*n)
			for i := range cage {
				cage[i] = -1
			}
			givens = make([]int8, n*n)
			continue
		}
		head, rest, ok := strings.Cut(l, ":")
		if !ok {
			return nil, lineErr(ln+1, "want SUM: r1c1 r1c2 ... or given: r1c1=5, got %.30q", l)
		}
		head = strings.ToLower(strings.TrimSpace(head))
		fields := strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == ';' })
		if head == "given" || head == "givens" {
			for _, f := range fields {
				name, val, ok := strings.Cut(f, "=")
				cell, err := cellIndex(name, n)
				d, derr := strconv.Atoi(val)
				if !ok || err != nil || derr != nil || d < 1 || d > n {
					return nil, lineErr(ln+1, "given %q: want r1c1=D with D 1-%d", f, n)
				}
				givens[cell] = int8(d)
			}
			continue
		}
		sum, err := strconv.Atoi(head)
		if err != nil || sum < 1 || sum > maxSum {
			return nil, lineErr(ln+1, "sum %q is not a number 1-%d", head, maxSum)
		}
		if len(fields) == 0 {
			return nil, lineErr(ln+1, "the cage of sum %d has no cells", sum)
		}
		k := int16(len(sums))
		sums = append(sums, sum)
		for _, f := range fields {
			cell, err := cellIndex(f, n)
			if err != nil {
				return nil, lineErr(ln+1, "%w", err)
			}
			if cage[cell] >= 0 {
				return nil, lineErr(ln+1, "%s is already in the cage of sum %d", engine.CellName(cell, n), sums[cage[cell]])
			}
			cage[cell] = k
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("cage list: no size line")
	}
	var missing []string
	for i, k := range cage {
		if k < 0 {
			missing = append(missing, engine.CellName(i, n))
		}
	}
	if len(missing) > 0 {
		more := ""
		if len(missing) > 5 {
			more = fmt.Sprintf(" and %d more", len(missing)-5)
			missing = missing[:5]
		}
		return nil, fmt.Errorf("cage list: %s%s in no cage: every cell is in one cage", strings.Join(missing, ", "), more)
	}
	return New(n, givens, cage, sums)
}

// cellIndex reads "r3c4" (case-insensitive) on an n x n grid.
func cellIndex(s string, n int) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	rs, cs, ok := strings.Cut(strings.TrimPrefix(s, "r"), "c")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if !strings.HasPrefix(s, "r") || !ok || err1 != nil || err2 != nil {
		return 0, fmt.Errorf("cell %q: want r1c1", s)
	}
	if r < 1 || r > n || c < 1 || c > n {
		return 0, fmt.Errorf("cell %q is off the %dx%d grid", s, n, n)
	}
	return (r-1)*n + c - 1, nil
}

// CageList is the typed form of p: the size line, a "given:" line when p
// has givens, then one cage a line, "SUM: r1c1 r1c2 ...", cages in the
// reading order of their first cells.
func (p *Puzzle) CageList() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d\n", p.N, p.N)
	var gv []string
	for i, g := range p.Given {
		if g != 0 {
			gv = append(gv, fmt.Sprintf("%s=%d", engine.CellName(i, p.N), g))
		}
	}
	if len(gv) > 0 {
		b.WriteString("given: " + strings.Join(gv, " ") + "\n")
	}
	for k, cells := range p.Cages() {
		sort.Ints(cells)
		fmt.Fprintf(&b, "%d:", p.Sums[k])
		for _, c := range cells {
			b.WriteString(" " + engine.CellName(c, p.N))
		}
		b.WriteByte('\n')
	}
	return b.String()
}
