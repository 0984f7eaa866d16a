package killer

// The canonical form (docs/KILLER.md, Canonical form).
//
// Symmetries. A killer's cages are regions of side-by-side cells, so the
// Sudoku symmetries that move rows or columns apart (swapping two rows of
// a band, two bands) do not keep a killer a killer: a cage across the
// moved rows falls apart. What keeps every cage whole and every box a box
// are the grid's own symmetries that keep the box shape: the 8 rotations
// and mirrors of the square for 4x4 and 9x9 (square boxes), and for 6x6,
// whose boxes are 3 wide and 2 high, the 4 that do not turn the grid a
// quarter (identity, left-right and top-bottom mirrors, half turn): a
// quarter turn or a diagonal mirror makes the boxes 2 wide and 3 high.
//
// Digit relabelling. Cages move with their cells and keep their sums, so
// a relabelling of the digits (σ) maps a puzzle's solutions to the
// relabelled puzzle's only where it keeps every sum: σ must map each set of
// digits a cage may hold (Combos of its size and sum) to a set of the same
// sum. Then σ maps every solution to a solution of the puzzle with the
// givens relabelled, and back (σ is a bijection of each cage's sets). A
// puzzle without givens has no digit to relabel; with givens, most sums
// allow only the identity (a one-cell cage fixes its digit, a 2-cell 3
// fixes {1,2}, ...), but a puzzle whose cages are whole houses (sum 1+..+N)
// is a Sudoku and allows every σ, and a 2-cell 10 in a 9x9 allows σ to swap
// the pairs {1,9}, {2,8}, {3,7}, {4,6} and either digit of a pair. The
// canonical form takes, for each symmetry, the σ allowed that makes the
// givens in reading order least, and of the images the least Tatham ID.

// symmetries is the number of grid symmetries of side n (8, or 4 for 6x6).
func symmetries(n int) int {
	if w, h, _ := BoxShape(n); w != h {
		return 4
	}
	return 8
}

// Symmetries is how many of Transform's t the grid of p allows: 8 for
// 4x4 and 9x9, 4 for 6x6 (no quarter turn: its boxes are not square).
func (p *Puzzle) Symmetries() int { return symmetries(p.N) }

// source is the cell of p whose image under t is cell i of the image:
// bit 0 mirrors left-right, bit 1 top-bottom, bit 2 transposes first.
func source(i, n, t int) int {
	r, c := i/n, i%n
	if t&1 != 0 {
		c = n - 1 - c
	}
	if t&2 != 0 {
		r = n - 1 - r
	}
	if t&4 != 0 {
		r, c = c, r
	}
	return r*n + c
}

// Transform is the image of p under symmetry t (0 the identity; bit 0
// mirrors left-right, bit 1 top-bottom, bit 2 transposes first), t taken
// modulo Symmetries(): the cages move with their cells, in normal form.
func (p *Puzzle) Transform(t int) *Puzzle {
	t %= p.Symmetries()
	n := p.N
	q := &Puzzle{N: n, BoxW: p.BoxW, BoxH: p.BoxH, Given: make([]int8, n*n), Cage: make([]int16, n*n)}
	renum := make([]int16, len(p.Sums))
	for i := range renum {
		renum[i] = -1
	}
	for i := range n * n {
		s := source(i, n, t)
		q.Given[i] = p.Given[s]
		k := p.Cage[s]
		if renum[k] < 0 {
			renum[k] = int16(len(q.Sums))
			q.Sums = append(q.Sums, p.Sums[k])
		}
		q.Cage[i] = renum[k]
	}
	return q
}

// TransformSolution maps a solution of p to the solution of Transform(t).
func (p *Puzzle) TransformSolution(t int, sol string) string {
	t %= p.Symmetries()
	b := make([]byte, len(sol))
	for i := range b {
		b[i] = sol[source(i, p.N, t)]
	}
	return string(b)
}

// Relabel is p with its givens relabelled by sigma (sigma[d] is the new
// digit of d, sigma[0] unused); the cages and sums stay. It is an image of
// p only when Relabels allows sigma.
func (p *Puzzle) Relabel(sigma []int) *Puzzle {
	q := &Puzzle{N: p.N, BoxW: p.BoxW, BoxH: p.BoxH, Given: make([]int8, len(p.Given)),
		Cage: append([]int16(nil), p.Cage...), Sums: append([]int(nil), p.Sums...)}
	for i, g := range p.Given {
		if g != 0 {
			q.Given[i] = int8(sigma[g])
		}
	}
	return q
}

// RelabelSolution maps a solution string by sigma.
func RelabelSolution(sigma []int, sol string) string {
	b := []byte(sol)
	for i, ch := range b {
		b[i] = byte('0' + sigma[ch-'0'])
	}
	return string(b)
}

// Relabels reports whether relabelling by sigma keeps every cage's sum
// (for every digit set the cage may hold), so that Relabel(sigma) is an
// image of p.
func (p *Puzzle) Relabels(sigma []int) bool {
	for _, set := range p.sumSets() {
		if sigmaSum(sigma, set) != maskSum(set) {
			return false
		}
	}
	return true
}

// sumSets are the digit sets whose sums a relabelling must keep: for each
// cage's size and sum, the sets it may hold, written as their complements
// when shorter (σ keeps a set's sum iff it keeps its complement's), and
// none for a cage of N cells (it holds every digit).
func (p *Puzzle) sumSets() []uint16 {
	n := p.N
	total := n * (n + 1) / 2
	seen := map[[2]int]bool{}
	var out []uint16
	sizes := make([]int, len(p.Sums))
	for _, k := range p.Cage {
		sizes[k]++
	}
	for k, sum := range p.Sums {
		size := sizes[k]
		if size >= n {
			continue
		}
		if 2*size > n {
			size, sum = n-size, total-sum
		}
		key := [2]int{size, sum}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, Combos(n, size, sum)...)
	}
	return out
}

func maskSum(m uint16) int {
	s := 0
	for d := 1; d <= MaxN; d++ {
		if m&Bit(d) != 0 {
			s += d
		}
	}
	return s
}

func sigmaSum(sigma []int, m uint16) int {
	s := 0
	for d := 1; d < len(sigma); d++ {
		if m&Bit(d) != 0 {
			s += sigma[d]
		}
	}
	return s
}

// leastRelabel is the relabelling allowed (Relabels) that makes p's
// givens in reading order least: each digit in order of first appearance
// gets the least value with which the rest can still be completed.
func (p *Puzzle) leastRelabel() []int {
	n := p.N
	sets := p.sumSets()
	sigma := make([]int, n+1)
	used := make([]bool, n+1)
	// completes reports whether sigma (0 = unassigned) extends to an
	// allowed relabelling, and leaves sigma as it was.
	ok := func() bool {
		for _, set := range sets {
			full, s, t := true, 0, 0
			for d := 1; d <= n; d++ {
				if set&Bit(d) != 0 {
					if sigma[d] == 0 {
						full = false
						break
					}
					s += sigma[d]
					t += d
				}
			}
			if full && s != t {
				return false
			}
		}
		return true
	}
	var completes func() bool
	completes = func() bool {
		d := 1
		for d <= n && sigma[d] != 0 {
			d++
		}
		if d > n {
			return true
		}
		for v := 1; v <= n; v++ {
			if used[v] {
				continue
			}
			sigma[d], used[v] = v, true
			good := ok() && completes()
			sigma[d], used[v] = 0, false
			if good {
				return true
			}
		}
		return false
	}
	for _, g := range p.Given {
		d := int(g)
		if d == 0 || sigma[d] != 0 {
			continue
		}
		for v := 1; v <= n; v++ {
			if used[v] {
				continue
			}
			sigma[d], used[v] = v, true
			if ok() && completes() {
				break
			}
			sigma[d], used[v] = 0, false
		}
	}
	// the digits not given: the least completion
	for d := 1; d <= n; d++ {
		if sigma[d] != 0 {
			continue
		}
		for v := 1; v <= n; v++ {
			if used[v] {
				continue
			}
			sigma[d], used[v] = v, true
			if ok() && completes() {
				break
			}
			sigma[d], used[v] = 0, false
		}
	}
	return sigma
}

// Canonical is equal for all images of p under the grid's symmetries and
// the relabellings that keep every sum: the least Tatham ID of the images,
// each with its least relabelling of the givens.
func (p *Puzzle) Canonical() string {
	given := false
	for _, g := range p.Given {
		given = given || g != 0
	}
	best := ""
	for t := range p.Symmetries() {
		q := p.Transform(t)
		if given {
			q = q.Relabel(q.leastRelabel())
		}
		if s := q.TathamID(); t == 0 || s < best {
			best = s
		}
	}
	return best
}
