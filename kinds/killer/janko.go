package killer

import (
	"fmt"
	"strconv"
	"strings"

	"pencilbox/engine"
)

// ParseJanko reads the problem of a Janko block (../shared/data/killer's
// block files): 2n lines of n space-separated fields, the first n giving
// each cage's sum in one of its cells ('-' elsewhere), the next n each
// cell's cage number (any numbers, equal within a cage). Line numbers in
// errors count from the first problem line.
func ParseJanko(n int, lines []string) (*Puzzle, error) {
	if _, _, ok := BoxShape(n); !ok {
		return nil, fmt.Errorf("janko: size %dx%d: a killer is 4x4, 6x6 or 9x9", n, n)
	}
	if len(lines) != 2*n {
		return nil, fmt.Errorf("janko: %d problem lines, want %d (%d of sums, %d of cage numbers)", len(lines), 2*n, n, n)
	}
	area := n * n
	sumAt := make([]int, area)
	label := make([]string, area)
	for r, l := range lines {
		f := strings.Fields(l)
		if len(f) != n {
			return nil, fmt.Errorf("janko: problem line %d has %d fields, want %d", r+1, len(f), n)
		}
		for c, x := range f {
			if r < n {
				if x == "-" || x == "." {
					continue
				}
				v, err := strconv.Atoi(x)
				if err != nil || v < 1 || v > maxSum {
					return nil, fmt.Errorf("janko: problem line %d: sum %q at %s is not 1-%d", r+1, x, engine.CellName(r*n+c, n), maxSum)
				}
				sumAt[r*n+c] = v
			} else {
				label[(r-n)*n+c] = x
			}
		}
	}
	idx := map[string]int16{}
	cage := make([]int16, area)
	var sums []int
	for i, x := range label {
		k, ok := idx[x]
		if !ok {
			k = int16(len(sums))
			idx[x] = k
			sums = append(sums, 0)
		}
		cage[i] = k
		if v := sumAt[i]; v != 0 {
			if sums[k] != 0 {
				return nil, fmt.Errorf("janko: cage %s has two sums (%d and %d, at %s)", x, sums[k], v, engine.CellName(i, n))
			}
			sums[k] = v
		}
	}
	for i, x := range label {
		if sums[cage[i]] == 0 {
			return nil, fmt.Errorf("janko: cage %s (at %s) has no sum", x, engine.CellName(i, n))
		}
	}
	return New(n, make([]int8, area), cage, sums)
}

// ParseSolution reads a solution of p in the kind's notation (N*N digits,
// reading order) or as N lines of digits with spaces (Janko's), and checks
// it: every row, column, box and cage holds distinct digits 1..N, each
// cage adds up to its sum and every given stays. The error names the
// first house or cage that fails.
func (p *Puzzle) ParseSolution(text string) (string, error) {
	var digits []byte
	for _, ch := range []byte(text) {
		switch {
		case ch >= '1' && ch <= '9':
			digits = append(digits, ch)
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '/':
		default:
			return "", fmt.Errorf("solution: bad character %q", ch)
		}
	}
	if len(digits) != p.N*p.N {
		return "", fmt.Errorf("solution: %d digits, want %d", len(digits), p.N*p.N)
	}
	sol := string(digits)
	return sol, p.Check(sol)
}

// Check verifies a solution string against p's rules and clues.
func (p *Puzzle) Check(sol string) error {
	n := p.N
	if len(sol) != n*n {
		return fmt.Errorf("solution: %d digits, want %d", len(sol), n*n)
	}
	d := func(i int) int { return int(sol[i] - '0') }
	for i := range n * n {
		if v := d(i); v < 1 || v > n {
			return fmt.Errorf("solution: %s holds %q, not a digit 1-%d", engine.CellName(i, n), sol[i], n)
		}
		if g := int(p.Given[i]); g != 0 && g != d(i) {
			return fmt.Errorf("solution: %s holds %d, the given is %d", engine.CellName(i, n), d(i), g)
		}
	}
	var row, col, box [MaxN]uint16
	for i := range n * n {
		b := Bit(d(i))
		r, c, x := i/n, i%n, p.Box(i)
		if row[r]&b != 0 {
			return fmt.Errorf("solution: row %d holds %d twice", r+1, d(i))
		}
		if col[c]&b != 0 {
			return fmt.Errorf("solution: column %d holds %d twice", c+1, d(i))
		}
		if box[x]&b != 0 {
			return fmt.Errorf("solution: box %d holds %d twice", x+1, d(i))
		}
		row[r] |= b
		col[c] |= b
		box[x] |= b
	}
	for k, cells := range p.Cages() {
		var seen uint16
		sum := 0
		for _, c := range cells {
			if seen&Bit(d(c)) != 0 {
				return fmt.Errorf("solution: %s holds %d twice", p.CageName(k), d(c))
			}
			seen |= Bit(d(c))
			sum += d(c)
		}
		if sum != p.Sums[k] {
			return fmt.Errorf("solution: %s adds up to %d", p.CageName(k), sum)
		}
	}
	return nil
}
