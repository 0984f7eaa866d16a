// Package killer is the Killer Sudoku (キラー数独, Sum Doku) puzzle kind:
// an N x N Sudoku (4, 6 or 9) divided into cages, each with a sum its
// digits add up to without repeating.
//
// See ../shared/docs/killer.md and docs/KILLER.md.
package killer

import (
	"fmt"
	"math/bits"
	"strings"

	"pencilbox/engine"
)

// Puzzle is a Killer Sudoku question: N x N cells, row-major.
//
// Boxes are BoxW columns by BoxH rows (4: 2x2, 6: 3 wide by 2 high, 9:
// 3x3). Given holds 0 for an empty cell, else the given digit. Cage holds
// each cell's cage index into Sums; every cell is in exactly one cage, and
// a cage may have one cell.
//
// A solution's notation is the N*N digits in reading order, one string.
type Puzzle struct {
	N, BoxW, BoxH int
	// Given is the seed's Givens, renamed: a field cannot share its
	// name with engine.Puzzle's Givens method (the Tatham ID).
	Given []int8
	Cage  []int16
	Sums  []int
}

// Kind is the Killer Sudoku kind (engine.Kind).
type Kind struct{}

// MaxN is the largest side; Sizes lists the sides accepted.
const MaxN = 9

// MaxCells is the number of cells of the largest grid.
const MaxCells = MaxN * MaxN

// Sizes are the accepted sides, each with its box shape (BoxShape).
var Sizes = [...]int{4, 6, 9}

// BoxShape is the box of an n x n killer: 2x2 for 4, 3 wide by 2 high for
// 6 (Janko's and Tatham's 2x3), 3x3 for 9; ok is false for other sides.
func BoxShape(n int) (w, h int, ok bool) {
	switch n {
	case 4:
		return 2, 2, true
	case 6:
		return 3, 2, true
	case 9:
		return 3, 3, true
	}
	return 0, 0, false
}

// Bit is the candidate mask bit of digit d (1..9): bit d, bit 0 unused,
// so bits.TrailingZeros16 of a single-digit mask is the digit.
func Bit(d int) uint16 { return 1 << d }

// AllDigits is the mask of the digits 1..n.
func AllDigits(n int) uint16 { return (1<<(n+1) - 1) &^ 1 }

// SumRange is the least and the greatest sum of size distinct digits of
// 1..n (lo > hi when size > n).
func SumRange(n, size int) (lo, hi int) {
	return size * (size + 1) / 2, size*n - size*(size-1)/2
}

// Combos lists the sets of size distinct digits of 1..n that add up to
// sum, each as a mask (Bit), in increasing order. A cage holds one of
// them. It is a view of a table built once: callers must not change it.
func Combos(n, size, sum int) []uint16 {
	if n < 1 || n > MaxN || size < 1 || size > n || sum < 1 || sum > maxSum {
		return nil
	}
	all := comboTable[size][sum]
	// The table is for digits 1..9, sorted by mask: the sets within 1..n
	// come first, as their masks are the smallest.
	lim := AllDigits(n)
	k := 0
	for k < len(all) && all[k]&^lim == 0 {
		k++
	}
	return all[:k:k]
}

// maxSum is 1+2+...+9.
const maxSum = 45

// comboTable[size][sum] is every set of size distinct digits 1..9 adding
// up to sum, masks in increasing order. Built once; never changed.
var comboTable = buildCombos()

func buildCombos() (t [MaxN + 1][maxSum + 1][]uint16) {
	for m := uint16(2); m < 1<<(MaxN+1); m += 2 {
		sum := 0
		for d := 1; d <= MaxN; d++ {
			if m&Bit(d) != 0 {
				sum += d
			}
		}
		size := bits.OnesCount16(m)
		t[size][sum] = append(t[size][sum], m)
	}
	return t
}

// New checks a killer and returns it in normal form: cages numbered in
// the reading order of their first cells. givens holds 0 or a digit per
// cell, cage a cage index per cell into sums. Every error names the cell
// or cage and the reason: a side other than 4, 6 or 9, a digit out of
// range, a cage with no cells, more cells than digits, a sum its size
// cannot reach, or cells not joined side by side (the spec's cages are
// outlined regions; Tatham's IDs cannot write any other and every Janko
// cage is connected).
func New(n int, givens []int8, cage []int16, sums []int) (*Puzzle, error) {
	bw, bh, ok := BoxShape(n)
	if !ok {
		return nil, fmt.Errorf("size %dx%d: a killer is 4x4, 6x6 or 9x9", n, n)
	}
	area := n * n
	if len(givens) != area || len(cage) != area {
		return nil, fmt.Errorf("%d givens and %d cage numbers for a %dx%d grid, want %d each", len(givens), len(cage), n, n, area)
	}
	for i, g := range givens {
		if g < 0 || int(g) > n {
			return nil, fmt.Errorf("%s: given %d is not a digit 1-%d", engine.CellName(i, n), g, n)
		}
	}
	// renumber by first cell
	renum := make([]int16, len(sums))
	for i := range renum {
		renum[i] = -1
	}
	p := &Puzzle{N: n, BoxW: bw, BoxH: bh, Given: append([]int8(nil), givens...), Cage: make([]int16, area)}
	for i, c := range cage {
		if c < 0 || int(c) >= len(sums) {
			return nil, fmt.Errorf("%s: cage %d does not exist (%d sums)", engine.CellName(i, n), c, len(sums))
		}
		if renum[c] < 0 {
			renum[c] = int16(len(p.Sums))
			p.Sums = append(p.Sums, sums[c])
		}
		p.Cage[i] = renum[c]
	}
	for c, r := range renum {
		if r < 0 {
			return nil, fmt.Errorf("cage %d (sum %d) has no cells", c+1, sums[c])
		}
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	return p, nil
}

// check verifies the cages of a normal-form puzzle: size, sum, connected.
func (p *Puzzle) check() error {
	n := p.N
	cages := p.Cages()
	for k, cells := range cages {
		name := p.CageName(k)
		if len(cells) > n {
			return fmt.Errorf("%s has %d cells: its digits differ, so it holds at most %d", name, len(cells), n)
		}
		lo, hi := SumRange(n, len(cells))
		if s := p.Sums[k]; s < lo || s > hi {
			return fmt.Errorf("%s: %d different digits 1-%d cannot add up to %d (they make %d to %d)", name, len(cells), n, s, lo, hi)
		}
		if far, ok := connected(n, cells); !ok {
			return fmt.Errorf("%s is not connected: %s does not touch the rest side by side", name, engine.CellName(far, n))
		}
	}
	return nil
}

// connected reports whether cells form one region of side-by-side
// neighbours; when not, far is a cell out of the first cell's region.
func connected(n int, cells []int) (far int, ok bool) {
	var in, seen [MaxCells]bool
	for _, c := range cells {
		in[c] = true
	}
	stack := []int{cells[0]}
	seen[cells[0]] = true
	count := 1
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, col := c/n, c%n
		for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			rr, cc := r+d[0], col+d[1]
			if rr < 0 || rr >= n || cc < 0 || cc >= n {
				continue
			}
			if x := rr*n + cc; in[x] && !seen[x] {
				seen[x] = true
				count++
				stack = append(stack, x)
			}
		}
	}
	if count == len(cells) {
		return 0, true
	}
	for _, c := range cells {
		if !seen[c] {
			return c, false
		}
	}
	return 0, true
}

// Cages lists each cage's cells in reading order, cages in index order
// (in normal form: in the reading order of their first cells).
func (p *Puzzle) Cages() [][]int {
	out := make([][]int, len(p.Sums))
	for i, c := range p.Cage {
		out[c] = append(out[c], i)
	}
	return out
}

// CageName names cage k in steps and errors: "cage 12 at r1c1", its sum
// and its first cell in reading order. StepDrawing.Region resolves it
// (and "cage at r1c1").
func (p *Puzzle) CageName(k int) string {
	for i, c := range p.Cage {
		if int(c) == k {
			return fmt.Sprintf("cage %d at %s", p.Sums[k], engine.CellName(i, p.N))
		}
	}
	return fmt.Sprintf("cage #%d", k+1)
}

// Box is the index of cell i's box, boxes in reading order.
func (p *Puzzle) Box(i int) int {
	r, c := i/p.N, i%p.N
	return (r/p.BoxH)*(p.N/p.BoxW) + c/p.BoxW
}

// Givens is the Tatham Solo killer game ID (TathamID), short form.
func (p *Puzzle) Givens() string { return p.TathamID() }

func (p *Puzzle) Width() int  { return p.N }
func (p *Puzzle) Height() int { return p.N }

// Clues counts the cage sums and the given digits: what a solver is told.
func (p *Puzzle) Clues() int {
	n := len(p.Sums)
	for _, g := range p.Given {
		if g != 0 {
			n++
		}
	}
	return n
}

// Solve decides the status, counting solutions up to two (Solve in
// solve.go; SolveLimit with a work limit of one's own).
func (p *Puzzle) Solve() engine.Result { return SolveLimit(p, MaxNodes) }

// Name is the kind's stable name.
func (Kind) Name() string { return "killer" }

// Title is the kind's human name.
func (Kind) Title() string { return "Killer Sudoku" }

// Sniff claims a Tatham Solo killer game ID ("3x3k:...", "2x3kadi:...")
// and a typed cage list (a size line "9x9", then "SUM: r1c1 r1c2 ...").
func (Kind) Sniff(text string) bool {
	t := trimText(text)
	if isTathamKiller(t) {
		return true
	}
	return isCageList(t)
}

func trimText(s string) string {
	return strings.TrimSpace(strings.TrimPrefix(s, "\ufeff"))
}

// SolutionString is the solution notation of digits: N*N digits.
func SolutionString(digits []int8) string {
	b := make([]byte, len(digits))
	for i, d := range digits {
		b[i] = byte('0' + d)
	}
	return string(b)
}
