package nonogram

// Cell states of the rater's and generator's working grids. They equal
// the Mark values of steps (MarkFilled, MarkCrossed), so a deduced state
// is a mark as it stands.
const (
	unk   int8 = 0
	full  int8 = MarkFilled
	empty int8 = MarkCrossed
)

// liner reasons about one line at a time: a line's known cells v (unk,
// full, empty) and its clue. It keeps its buffers between lines, so the
// rater and the generator allocate nothing per line.
//
// prepare computes, by dynamic programming over (runs placed, cells
// used), which prefixes and suffixes of the line can hold which runs:
// f[j][i] says runs 0..j-1 fit in cells [0,i) with every other cell of
// that prefix empty; b[j][i] says runs j..k-1 fit in cells [i,n) likewise.
// The complete line solver (complete) and the leftmost and rightmost
// placements of level 1 (overlap) are read from them in O(n*k).
type liner struct {
	n, k              int
	v                 []int8
	clue              []int
	f, b              []bool  // (k+1) x (n+1), row j at j*(n+1)
	fillPre, emptyPre []int32 // prefix counts of full and empty cells
	diff              []int32
	canFill, canEmpty []bool
	left, right       []int // run starts of the leftmost and rightmost placements
	out               []int8
	bit               bitLine
}

// complete runs the complete line solver on v: it reports false when no
// placement fits, else writes to l.out the state every placement agrees
// on for each cell (unk where they differ) and reports true. Lines of up
// to maxBitLine cells take the bit-parallel tables, longer ones the byte
// tables (completeDP).
func (l *liner) complete(v []int8, clue []int) bool {
	if len(v) > maxBitLine {
		return l.completeDP(v, clue)
	}
	l.grow(len(v), len(clue))
	return l.bit.complete(v, clue, l.out)
}

// overlap applies level 1 to v: the leftmost and rightmost placements of
// the runs that fit the known cells; a cell run j covers in both is
// filled, a cell that lies in the same gap in both (reached by no run) is
// empty. It reports false when no placement fits; else l.out holds the
// result and l.left, l.right the two placements' run starts.
func (l *liner) overlap(v []int8, clue []int) bool {
	if len(v) > maxBitLine {
		return l.overlapDP(v, clue)
	}
	l.grow(len(v), len(clue))
	return l.bit.overlap(v, clue, l.out, l.left, l.right)
}

func (l *liner) grow(n, k int) {
	if cap(l.f) < (k+1)*(n+1) {
		l.f = make([]bool, (k+1)*(n+1))
		l.b = make([]bool, (k+1)*(n+1))
	}
	l.f, l.b = l.f[:(k+1)*(n+1)], l.b[:(k+1)*(n+1)]
	if cap(l.fillPre) < n+1 {
		l.fillPre = make([]int32, n+1)
		l.emptyPre = make([]int32, n+1)
		l.diff = make([]int32, n+1)
		l.canFill = make([]bool, n)
		l.canEmpty = make([]bool, n)
		l.out = make([]int8, n)
	}
	if cap(l.left) < k {
		l.left = make([]int, k)
		l.right = make([]int, k)
	}
}

func (l *liner) noEmpty(s, e int) bool { return l.emptyPre[e] == l.emptyPre[s] }

// prepare fills f and b for line v with clue; it reports whether any
// placement of the runs fits the known cells.
func (l *liner) prepare(v []int8, clue []int) bool {
	n, k := len(v), len(clue)
	l.grow(n, k)
	l.n, l.k, l.v, l.clue = n, k, v, clue
	l.fillPre, l.emptyPre = l.fillPre[:n+1], l.emptyPre[:n+1]
	l.fillPre[0], l.emptyPre[0] = 0, 0
	for i, x := range v {
		l.fillPre[i+1], l.emptyPre[i+1] = l.fillPre[i], l.emptyPre[i]
		switch x {
		case full:
			l.fillPre[i+1]++
		case empty:
			l.emptyPre[i+1]++
		}
	}
	w := n + 1
	f, b := l.f, l.b
	for i := 0; i <= n; i++ {
		f[i] = l.fillPre[i] == 0
	}
	for j := 1; j <= k; j++ {
		L := clue[j-1]
		row, prev := f[j*w:(j+1)*w], f[(j-1)*w:j*w]
		for i := 0; i <= n; i++ {
			x := i >= 1 && v[i-1] != full && row[i-1]
			if !x && i >= L {
				if s := i - L; l.noEmpty(s, i) {
					if s == 0 {
						x = j == 1
					} else {
						x = v[s-1] != full && prev[s-1]
					}
				}
			}
			row[i] = x
		}
	}
	for i := 0; i <= n; i++ {
		b[k*w+i] = l.fillPre[n] == l.fillPre[i]
	}
	for j := k - 1; j >= 0; j-- {
		L := clue[j]
		row, next := b[j*w:(j+1)*w], b[(j+1)*w:(j+2)*w]
		for i := n; i >= 0; i-- {
			x := i < n && v[i] != full && row[i+1]
			if !x && i+L <= n {
				if e := i + L; l.noEmpty(i, e) {
					if e == n {
						x = j+1 == k
					} else {
						x = v[e] != full && next[e+1]
					}
				}
			}
			row[i] = x
		}
	}
	return f[k*w+n]
}

// fitsAt reports whether run j can start at cell s in some placement of
// the whole line (after prepare).
func (l *liner) fitsAt(j, s int) bool {
	L, n, w := l.clue[j], l.n, l.n+1
	if s < 0 || s+L > n || !l.noEmpty(s, s+L) {
		return false
	}
	if s > 0 && (l.v[s-1] == full || !l.f[j*w+s-1]) || s == 0 && j != 0 {
		return false
	}
	if e := s + L; e < n && (l.v[e] == full || !l.b[(j+1)*w+e+1]) || e == n && j != l.k-1 {
		return false
	}
	return true
}

// completeDP is complete on the byte tables of prepare, for any length.
func (l *liner) completeDP(v []int8, clue []int) bool {
	if !l.prepare(v, clue) {
		return false
	}
	n, k, w := l.n, l.k, l.n+1
	diff := l.diff[:n+1]
	for i := range diff {
		diff[i] = 0
	}
	for j := 0; j < k; j++ {
		L := clue[j]
		for s := 0; s+L <= n; s++ {
			if l.fitsAt(j, s) {
				diff[s]++
				diff[s+L]--
			}
		}
	}
	out := l.out[:n]
	cover := int32(0)
	for c := 0; c < n; c++ {
		cover += diff[c]
		canFill := cover > 0
		canEmpty := false
		if v[c] != full {
			for j := 0; j <= k; j++ {
				if l.f[j*w+c] && l.b[j*w+c+1] {
					canEmpty = true
					break
				}
			}
		}
		switch {
		case canFill && canEmpty:
			out[c] = unk
		case canFill:
			out[c] = full
		default:
			out[c] = empty
		}
	}
	return true
}

// overlapDP is overlap on the byte tables of prepare, for any length.
func (l *liner) overlapDP(v []int8, clue []int) bool {
	if !l.prepare(v, clue) {
		return false
	}
	n, k, w := l.n, l.k, l.n+1
	p := 0
	for j := 0; j < k; j++ {
		L := clue[j]
		s := p
		for ; ; s++ {
			if s > p && v[s-1] == full || s+L > n {
				return false // cannot happen after prepare's true
			}
			if !l.noEmpty(s, s+L) {
				continue
			}
			if e := s + L; e == n && j == k-1 || e < n && v[e] != full && l.b[(j+1)*w+e+1] {
				break
			}
		}
		l.left[j] = s
		p = s + L + 1
	}
	p = n
	for j := k - 1; j >= 0; j-- {
		L := clue[j]
		e := p
		for ; ; e-- {
			if e < p && v[e] == full || e-L < 0 {
				return false
			}
			s := e - L
			if !l.noEmpty(s, e) {
				continue
			}
			if s == 0 && j == 0 || s > 0 && v[s-1] != full && l.f[j*w+s-1] {
				break
			}
		}
		l.right[j] = e - L
		p = e - L - 1
	}
	out := l.out[:n]
	for c := range out {
		out[c] = unk
	}
	for j := 0; j < k; j++ {
		for c := l.right[j]; c < l.left[j]+clue[j]; c++ {
			out[c] = full
		}
	}
	for g := 0; g <= k; g++ {
		from, to := 0, n
		if g > 0 {
			from = l.right[g-1] + clue[g-1]
		}
		if g < k {
			to = l.left[g]
		}
		for c := from; c < to; c++ {
			out[c] = empty
		}
	}
	return true
}
