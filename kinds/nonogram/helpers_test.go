package nonogram_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"pencilbox/internal/shared"
	"pencilbox/kinds/nonogram"
)

// These helpers read the test data on their own (not through the kind's
// parsers), so the rater's tests check it against an independent reading.

// tathamPuzzle reads a Tatham Pattern game ID "WxH:COLS/ROWS".
func tathamPuzzle(t testing.TB, id string) *nonogram.Puzzle {
	t.Helper()
	params, desc, ok := strings.Cut(id, ":")
	ws, hs, ok2 := strings.Cut(params, "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || !ok2 || err1 != nil || err2 != nil {
		t.Fatalf("bad Tatham id %q", id)
	}
	parts := strings.Split(desc, "/")
	if len(parts) != w+h {
		t.Fatalf("Tatham id %q: %d clues, want %d", id, len(parts), w+h)
	}
	clue := func(s string) []int {
		out := []int{}
		if s == "" {
			return out
		}
		for _, f := range strings.Split(s, ".") {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("Tatham id %q: clue %q", id, s)
			}
			out = append(out, n)
		}
		return out
	}
	p := &nonogram.Puzzle{W: w, H: h}
	for i, s := range parts {
		if i < w {
			p.Cols = append(p.Cols, clue(s))
		} else {
			p.Rows = append(p.Rows, clue(s))
		}
	}
	return p
}

type rateCase struct {
	id  string
	p   *nonogram.Puzzle
	sol string // rows of '1'/'0' joined by '/'
}

// tathamCases reads the Tatham dev file (all of it beside ../shared), else
// the committed sample.
func tathamCases(t testing.TB, all bool) []rateCase {
	t.Helper()
	var lines []string
	if all {
		lines = shared.Lines(t, "data/nonogram/nonogram_sgt_dev.tsv")
	} else {
		lines = rateDataLines(t, "testdata/rate/nonogram_sgt_dev_sample.tsv")
	}
	var out []rateCase
	for _, l := range lines {
		f := strings.Split(l, "\t")
		out = append(out, rateCase{id: f[0], p: tathamPuzzle(t, f[0]), sol: f[1]})
	}
	return out
}

func rateDataLines(t testing.TB, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimRight(l, "\r")
		if strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// jankoCases reads the Janko block format (all of the dev file beside
// ../shared, else the committed sample).
func jankoCases(t testing.TB, all bool) []rateCase {
	t.Helper()
	var lines []string
	if all {
		lines = shared.Lines(t, "data/nonogram/nonogram_janko_dev_1402.txt")
	} else {
		lines = rateDataLines(t, "testdata/rate/nonogram_janko_dev_sample.txt")
	}
	var out []rateCase
	var cur rateCase
	var rows, cols int
	var body, sol []string
	mode := ""
	for _, l := range lines {
		key, val, _ := strings.Cut(l, " ")
		switch {
		case l == "begin":
			cur, body, sol, mode = rateCase{}, nil, nil, ""
		case key == "id":
			cur.id = val
		case key == "rows" && mode == "":
			rows, _ = strconv.Atoi(val)
		case key == "cols" && mode == "":
			cols, _ = strconv.Atoi(val)
		case l == "problem" || l == "solution":
			mode = l
		case l == "end":
			if len(body) != rows+cols || len(sol) != rows {
				t.Fatalf("janko %s: %d clue lines, %d solution lines", cur.id, len(body), len(sol))
			}
			p := &nonogram.Puzzle{W: cols, H: rows}
			for i, b := range body {
				c := []int{}
				for _, f := range strings.Fields(b) {
					n, err := strconv.Atoi(f)
					if err != nil {
						t.Fatalf("janko %s: clue %q", cur.id, b)
					}
					if n > 0 {
						c = append(c, n)
					}
				}
				if i < cols {
					p.Cols = append(p.Cols, c)
				} else {
					p.Rows = append(p.Rows, c)
				}
			}
			var sb strings.Builder
			for i, s := range sol {
				if i > 0 {
					sb.WriteByte('/')
				}
				for _, f := range strings.Fields(s) {
					if f == "x" {
						sb.WriteByte('1')
					} else {
						sb.WriteByte('0')
					}
				}
			}
			cur.p, cur.sol = p, sb.String()
			out = append(out, cur)
		case mode == "problem":
			body = append(body, l)
		case mode == "solution":
			sol = append(sol, l)
		}
	}
	return out
}

// lineSolvable is an independent plain line solver run to a fixpoint: a
// cell of a line is decided when forcing it to one value leaves the line
// no placement (checked by a memoized recursive match). It reports
// whether every cell gets decided.
func lineSolvable(p *nonogram.Puzzle) bool {
	w, h := p.W, p.H
	g := make([]byte, w*h) // 0 unknown, 1 filled, 2 empty
	line := func(l int) ([]int, []int) {
		var idx []int
		if l < h {
			for c := range w {
				idx = append(idx, l*w+c)
			}
			return idx, p.Rows[l]
		}
		for r := range h {
			idx = append(idx, r*w+l-h)
		}
		return idx, p.Cols[l-h]
	}
	for changed := true; changed; {
		changed = false
		for l := range w + h {
			idx, clue := line(l)
			v := make([]byte, len(idx))
			for i, c := range idx {
				v[i] = g[c]
			}
			for i := range v {
				if v[i] != 0 {
					continue
				}
				v[i] = 1
				canFill := lineFeasible(v, clue)
				v[i] = 2
				canEmpty := lineFeasible(v, clue)
				v[i] = 0
				switch {
				case !canFill && !canEmpty:
					return false
				case !canFill:
					v[i] = 2
				case !canEmpty:
					v[i] = 1
				}
				if v[i] != 0 {
					g[idx[i]] = v[i]
					changed = true
				}
			}
		}
	}
	for _, x := range g {
		if x == 0 {
			return false
		}
	}
	return true
}

// lineFeasible reports whether some placement of clue's runs fits the known
// cells of v: fits(j, i) says runs j.. fit in cells [i, n), memoized.
func lineFeasible(v []byte, clue []int) bool {
	n, k := len(v), len(clue)
	memo := make([]int8, (k+1)*(n+2)) // 0 not yet known, 1 yes, 2 no
	var fits func(j, i int) bool
	fits = func(j, i int) bool {
		if m := memo[j*(n+2)+i]; m != 0 {
			return m == 1
		}
		r := false
		if j == k {
			r = true
			for x := i; x < n; x++ {
				if v[x] == 1 {
					r = false
				}
			}
		} else {
			if i < n && v[i] != 1 && fits(j, i+1) {
				r = true
			} else if e := i + clue[j]; e <= n {
				ok := true
				for x := i; x < e; x++ {
					if v[x] == 2 {
						ok = false
					}
				}
				if ok && e < n {
					ok = v[e] != 1 && fits(j+1, e+1)
				} else if ok {
					ok = j+1 == k
				}
				r = ok
			}
		}
		memo[j*(n+2)+i] = 2
		if r {
			memo[j*(n+2)+i] = 1
		}
		return r
	}
	return fits(0, 0)
}

// symImage is the image of p under symmetry t (0..7): bit 0 mirrors left
// to right, bit 1 top to bottom, bit 2 transposes first.
func symImage(p *nonogram.Puzzle, t int) *nonogram.Puzzle {
	rev := func(c []int) []int {
		out := make([]int, len(c))
		for i, x := range c {
			out[len(c)-1-i] = x
		}
		return out
	}
	q := &nonogram.Puzzle{W: p.W, H: p.H, Rows: p.Rows, Cols: p.Cols}
	if t&4 != 0 {
		q = &nonogram.Puzzle{W: q.H, H: q.W, Rows: q.Cols, Cols: q.Rows}
	}
	if t&1 != 0 {
		var rows, cols [][]int
		for _, r := range q.Rows {
			rows = append(rows, rev(r))
		}
		for i := range q.Cols {
			cols = append(cols, q.Cols[len(q.Cols)-1-i])
		}
		q = &nonogram.Puzzle{W: q.W, H: q.H, Rows: rows, Cols: cols}
	}
	if t&2 != 0 {
		var rows, cols [][]int
		for i := range q.Rows {
			rows = append(rows, q.Rows[len(q.Rows)-1-i])
		}
		for _, c := range q.Cols {
			cols = append(cols, rev(c))
		}
		q = &nonogram.Puzzle{W: q.W, H: q.H, Rows: rows, Cols: cols}
	}
	return q
}
