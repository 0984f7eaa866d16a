package nonogram

import "math/bits"

// maxBitLine is the longest line the bit-parallel line solver takes: its
// positions 0..n are the bits of a uint64. Longer lines (up to MaxSize)
// take the byte tables of prepare.
const maxBitLine = 63

// The bit-parallel line solver: the same tables as prepare, a row j of f
// or b being one uint64 (bit i: position i), each row computed from the
// one before with shifts and a Kogge-Stone fill instead of a loop over
// cells, so a line of up to 63 cells costs O(runs x log n) word operations.
type bitLine struct {
	n, k        int
	clue        []int
	fill, empty uint64 // cells known full, known empty (bits 0..n-1)
	cells       uint64 // bits 0..n-1
	all         uint64 // positions 0..n
	f, b        [maxBitLine/2 + 2]uint64
	st          [maxBitLine/2 + 2]uint64 // st[j]: starts(j), kept by prepare
}

// runFits is the set of positions s where L consecutive cells from s are
// all in free (and inside the line, as free has no bit past it).
func runFits(free uint64, L int) uint64 {
	x := free
	for have := 1; have < L; {
		k := min(have, L-have)
		x &= x >> k
		have += k
	}
	return x
}

// spread sets, for each bit s of x, the bits s..s+L-1.
func spread(x uint64, L int) uint64 {
	for have := 1; have < L; {
		k := min(have, L-have)
		x |= x << k
		have += k
	}
	return x
}

// fillUp extends each bit of g upwards while prop has the next bit: bit
// i is set when g has it, or when prop has it and bit i-1 is set.
func fillUp(g, prop uint64) uint64 {
	g |= prop & (g << 1)
	prop &= prop << 1
	g |= prop & (g << 2)
	prop &= prop << 2
	g |= prop & (g << 4)
	prop &= prop << 4
	g |= prop & (g << 8)
	prop &= prop << 8
	g |= prop & (g << 16)
	prop &= prop << 16
	g |= prop & (g << 32)
	return g
}

// fillDown is fillUp towards bit 0: bit i is set when g has it, or when
// prop has it and bit i+1 is set.
func fillDown(g, prop uint64) uint64 {
	g |= prop & (g >> 1)
	prop &= prop >> 1
	g |= prop & (g >> 2)
	prop &= prop >> 2
	g |= prop & (g >> 4)
	prop &= prop >> 4
	g |= prop & (g >> 8)
	prop &= prop >> 8
	g |= prop & (g >> 16)
	prop &= prop >> 16
	g |= prop & (g >> 32)
	return g
}

// prepare fills f and b for line v (len(v) <= maxBitLine) and reports
// whether some placement fits. f[j] bit i: runs 0..j-1 fit in [0,i), the
// rest of it empty; b[j] bit i: runs j..k-1 fit in [i,n), likewise.
func (t *bitLine) prepare(v []int8, clue []int) bool {
	n, k := len(v), len(clue)
	t.n, t.k, t.clue = n, k, clue
	t.fill, t.empty = 0, 0
	for i, x := range v {
		switch x {
		case full:
			t.fill |= 1 << i
		case empty:
			t.empty |= 1 << i
		}
	}
	t.cells = 1<<n - 1
	t.all = 1<<(n+1) - 1
	free := t.cells &^ t.empty // cells a run may cover
	notFull := t.cells &^ t.fill
	// f[0]: positions up to the first full cell.
	if t.fill == 0 {
		t.f[0] = t.all
	} else {
		t.f[0] = 1<<(bits.TrailingZeros64(t.fill)+1) - 1
	}
	up := (notFull << 1) & t.all // bit i: cell i-1 is not full
	for j := 1; j <= k; j++ {
		L := clue[j-1]
		g := (t.f[j-1] & notFull) << 1
		if j == 1 {
			g |= 1
		}
		t.f[j] = fillUp((g&runFits(free, L))<<L, up) & t.all
	}
	// b[k]: positions after the last full cell.
	if t.fill == 0 {
		t.b[k] = t.all
	} else {
		t.b[k] = t.all &^ (1<<(64-bits.LeadingZeros64(t.fill)) - 1)
	}
	for j := k - 1; j >= 0; j-- {
		t.st[j] = t.starts(j, free)
		t.b[j] = fillDown(t.st[j], notFull)
	}
	return t.f[k]&(1<<n) != 0
}

// starts is the set of positions where run j may start with the runs
// after it fitting: its end e (exclusive) is n for the last run, else
// cell e is not full and b[j+1] has e+1; and its cells are free.
func (t *bitLine) starts(j int, free uint64) uint64 {
	L := t.clue[j]
	e := (t.b[j+1] >> 1) & t.cells &^ t.fill
	if j == t.k-1 {
		e |= 1 << t.n
	}
	return (e >> L) & runFits(free, L)
}

// before is the set of positions s where run j may start with the runs
// before it fitting: s == 0 for the first run, else cell s-1 not full and
// f[j] has s-1.
func (t *bitLine) before(j int) uint64 {
	g := (t.f[j] & t.cells &^ t.fill) << 1
	if j == 0 {
		g |= 1
	}
	return g
}

// complete is the complete line solver on the bit tables: out as
// liner.completeDP writes it.
func (t *bitLine) complete(v []int8, clue []int, out []int8) bool {
	if !t.prepare(v, clue) {
		return false
	}
	var canEmpty, canFill uint64
	for j := 0; j <= t.k; j++ {
		canEmpty |= t.f[j] & (t.b[j] >> 1)
	}
	canEmpty &= t.cells &^ t.fill
	for j := 0; j < t.k; j++ {
		canFill |= spread(t.before(j)&t.st[j], clue[j])
	}
	for c := range out[:t.n] {
		switch bit := uint64(1) << c; {
		case canFill&bit != 0 && canEmpty&bit != 0:
			out[c] = unk
		case canFill&bit != 0:
			out[c] = full
		default:
			out[c] = empty
		}
	}
	return true
}

// overlap is level 1 on the bit tables: out, left and right as
// liner.overlapDP writes them.
func (t *bitLine) overlap(v []int8, clue []int, out []int8, left, right []int) bool {
	if !t.prepare(v, clue) {
		return false
	}
	n, k := t.n, t.k
	free := t.cells &^ t.empty
	p := 0
	for j := 0; j < k; j++ {
		s := bits.TrailingZeros64(t.st[j] >> p << p)
		left[j] = s
		p = s + clue[j] + 1
	}
	p = n
	for j := k - 1; j >= 0; j-- {
		L := clue[j]
		cand := t.before(j) & runFits(free, L) & (1<<(p-L+1) - 1)
		s := 63 - bits.LeadingZeros64(cand)
		right[j] = s
		p = s - 1
	}
	for c := range out[:n] {
		out[c] = unk
	}
	for j := 0; j < k; j++ {
		for c := right[j]; c < left[j]+clue[j]; c++ {
			out[c] = full
		}
	}
	for g := 0; g <= k; g++ {
		from, to := 0, n
		if g > 0 {
			from = right[g-1] + clue[g-1]
		}
		if g < k {
			to = left[g]
		}
		for c := from; c < to; c++ {
			out[c] = empty
		}
	}
	return true
}
