package killer

import "math/bits"

// The deductions of levels 1-5, as Tatham's Solo 1.3.2 makes them (read
// from solo.c, written anew): the same deductions in the same order, so
// that a puzzle rates the level Solo grades it. Each technique makes its
// deductions and reports progress; the rater records them as steps when
// it keeps a log (sv.log), and a probe of a proof by contradiction runs
// them without one.

// extra is a rule-of-45 group: the cells of a house outside the cages
// wholly inside it, which add up to the house's sum less those cages'
// sums and the digits placed (Tatham's "deduced cages").
type extra struct {
	cells cellset
	sum   int
	house int
}

// rsolver is a state with the scratch its techniques share.
type rsolver struct {
	g      *geom
	s      state
	nextra int
	extras [3 * maxN]extra
	log    *rater // nil: no steps, no counts
	// r45Epoch is the state's epoch when rule45 last ran and changed
	// nothing (r45Valid): until the next placement or split it would find
	// the same groups, so it is not run again.
	r45Epoch uint32
	r45Valid bool
	// extrasGen counts the times the groups were built; mmGen and cbGen
	// are its value when minMax and combos last looked at them, so that a
	// group none of whose cells changed since is skipped.
	extrasGen, mmGen, cbGen uint32
}

// next makes the first deduction of level at most maxLevel, in ladder
// order, and returns its level: 0 when none applies, -1 when the state
// shows a contradiction.
func (sv *rsolver) next(maxLevel int) int {
	lvl := sv.next1(maxLevel)
	if sv.s.bad {
		return -1
	}
	return lvl
}

func (sv *rsolver) next1(maxLevel int) int {
	if sv.boxSingle() || sv.s.bad {
		return LevelTrivial
	}
	if sv.cageLast() || sv.s.bad {
		return LevelTrivial
	}
	if sv.rule45() || sv.s.bad {
		return LevelTrivial
	}
	if sv.minMax() || sv.s.bad {
		return LevelTrivial
	}
	if sv.combos() || sv.s.bad {
		return LevelTrivial
	}
	if maxLevel < LevelBasic {
		return 0
	}
	if sv.lineSingle() || sv.s.bad || sv.nakedSingle() || sv.s.bad {
		return LevelBasic
	}
	if maxLevel < LevelIntermediate {
		return 0
	}
	if sv.pointing() || sv.s.bad {
		return LevelIntermediate
	}
	if maxLevel < LevelAdvanced {
		return 0
	}
	if sv.subsets() || sv.s.bad {
		return LevelAdvanced
	}
	if maxLevel < LevelExtreme {
		return 0
	}
	if sv.fish() || sv.s.bad || sv.chains() || sv.s.bad {
		return LevelExtreme
	}
	return 0
}

// closure applies levels up to maxLevel until none makes progress; it
// reports false on a contradiction.
func (sv *rsolver) closure(maxLevel int) bool {
	for sv.s.left > 0 {
		switch sv.next(maxLevel) {
		case -1:
			return false
		case 0:
			return true
		}
	}
	return !sv.s.bad
}

// boxSingle places a digit with one place left in a box.
func (sv *rsolver) boxSingle() bool {
	n := sv.g.n
	return sv.houseSingle(tBoxSingle, 2*n, 3*n)
}

// houseSingle places, in the first of houses lo..hi-1 that has one, the
// lowest digit with one place left in the house (Solo's scan order).
func (sv *rsolver) houseSingle(tech, lo, hi int) bool {
	g, s := sv.g, &sv.s
	n := g.n
	for h := lo; h < hi; h++ {
		var once, twice uint16
		for i := range n {
			m := s.cand[g.house[h][i]]
			twice |= once & m
			once |= m
		}
		if g.all&^once != 0 {
			s.bad = true
			return false
		}
		singles := once &^ twice &^ s.done[h]
		if singles == 0 {
			continue
		}
		d := lowDigit(singles)
		for i := range n {
			c := int(g.house[h][i])
			if s.cand[c]&bit(d) != 0 {
				if sv.log != nil {
					sv.log.single(tech, c, d, h)
				}
				s.place(g, c, d)
				return true
			}
		}
	}
	return false
}

// cageLast places the last free cell of each cage (a one-cell cage too).
func (sv *rsolver) cageLast() bool {
	g, s := sv.g, &sv.s
	changed := false
	for k := range s.ncage {
		if s.cageSet[k].count() != 1 {
			continue
		}
		c := s.cageSet[k].first()
		v := int(s.cageSum[k])
		if v < 1 || v > g.n || s.cand[c]&bit(v) == 0 {
			s.bad = true
			return false
		}
		if sv.log != nil {
			sv.log.cageLast(c, v)
		}
		s.place(g, c, v)
		changed = true
	}
	return changed
}

// rule45 builds the rule-of-45 groups of every row, column and box (in
// that order, as Tatham does): a house's cells outside its whole cages
// and placed cells. A group of one cell is placed; a group inside one
// cage splits that cage in two; the others are kept as extras for
// minMax and combos. Only placements count as progress.
func (sv *rsolver) rule45() bool {
	g, s := sv.g, &sv.s
	if sv.r45Valid && sv.r45Epoch == s.epoch {
		return false
	}
	start := s.epoch
	defer func() {
		sv.r45Valid = s.epoch == start
		sv.r45Epoch = s.epoch
	}()
	sv.extrasGen++
	n := g.n
	sv.nextra = 0
	changed := false
	var filled cellset
	var inner [3 * maxN]int // digits placed, then whole cages' sums
	for c := range g.cells {
		if v := int(s.val[c]); v != 0 {
			filled.add(c)
			inner[c/n] += v
			inner[n+c%n] += v
			inner[2*n+int(g.boxOf[c])] += v
		}
	}
	var whole [3 * maxN]cellset
	var wholeSum [3 * maxN]int
	sv.wholeCages(&whole, &wholeSum)
	for h := range 3 * n {
		rem := g.houseSet[h].minus(filled).minus(whole[h])
		cnt := rem.count()
		if cnt == 0 || cnt == n {
			continue
		}
		in := inner[h] + wholeSum[h]
		sum := g.total - in
		if sum <= 0 {
			s.bad = true
			return false
		}
		first := rem.first()
		k0 := int(s.cageOf[first])
		same := rem.subsetOf(s.cageSet[k0])
		if cnt == 1 {
			if sum > n || s.cand[first]&bit(sum) == 0 {
				s.bad = true
				return false
			}
			if sv.log != nil {
				sv.log.innie(h, first, sum, in)
			}
			sv.wholeCage(k0, -1, &whole, &wholeSum)
			sv.split(k0, rem, sum)
			s.place(g, first, sum)
			sv.wholeCage(k0, 1, &whole, &wholeSum)
			filled.add(first)
			inner[first/n] += sum
			inner[n+first%n] += sum
			inner[2*n+int(g.boxOf[first])] += sum
			changed = true
			continue
		}
		if same {
			if sv.log != nil {
				sv.log.split(h, rem, sum, in, k0)
			}
			sv.wholeCage(k0, -1, &whole, &wholeSum)
			sv.split(k0, rem, sum)
			sv.wholeCage(k0, 1, &whole, &wholeSum)
			sv.wholeCage(s.ncage-1, 1, &whole, &wholeSum)
			continue
		}
		sv.extras[sv.nextra] = extra{cells: rem, sum: sum, house: h}
		sv.nextra++
	}
	return changed
}

// wholeCages sets, for each house, the cells and the sum of the cages
// wholly inside it (cages hold only unplaced cells).
func (sv *rsolver) wholeCages(whole *[3 * maxN]cellset, wholeSum *[3 * maxN]int) {
	*whole = [3 * maxN]cellset{}
	*wholeSum = [3 * maxN]int{}
	for k := range sv.s.ncage {
		sv.wholeCage(k, 1, whole, wholeSum)
	}
}

// wholeCage adds (sign 1) or takes away (-1) cage k in the houses it lies
// wholly inside: a split changes two cages, not the others.
func (sv *rsolver) wholeCage(k, sign int, whole *[3 * maxN]cellset, wholeSum *[3 * maxN]int) {
	g, s := sv.g, &sv.s
	n := g.n
	cs := s.cageSet[k]
	c := cs.first()
	if c < 0 {
		return
	}
	for _, h := range [3]int{c / n, n + c%n, 2*n + int(g.boxOf[c])} {
		if cs.subsetOf(g.houseSet[h]) {
			if sign > 0 {
				whole[h] = whole[h].or(cs)
			} else {
				whole[h] = whole[h].minus(cs)
			}
			wholeSum[h] += sign * int(s.cageSum[k])
		}
	}
}

// split moves part, cells of cage k adding to sum, to a cage of its own.
func (sv *rsolver) split(k int, part cellset, sum int) {
	s := &sv.s
	if !part.subsetOf(s.cageSet[k]) || part == s.cageSet[k] || s.ncage >= maxCells {
		s.bad = true
		return
	}
	nk := s.ncage
	s.ncage++
	s.cageSet[k] = s.cageSet[k].minus(part)
	s.cageSum[k] -= int16(sum)
	if s.cageSum[k] <= 0 {
		s.bad = true
	}
	s.cageSet[nk] = part
	s.cageSum[nk] = int16(sum)
	s.epoch++
	for _, cs := range [2]cellset{part, s.cageSet[k]} {
		s.dirty[0] = s.dirty[0].or(cs)
		s.dirty[1] = s.dirty[1].or(cs)
	}
	for w := range 2 {
		x := part[w]
		for x != 0 {
			c := w*64 + bits.TrailingZeros64(x)
			x &= x - 1
			s.cageOf[c] = uint8(nk)
		}
	}
}

// minMax rules out, in each cage and rule-of-45 group, a digit that with
// the other cells' smallest (largest) candidates already passes (cannot
// reach) the sum.
func (sv *rsolver) minMax() bool {
	changed := false
	seen := sv.s.dirty[0]
	sv.s.dirty[0] = cellset{}
	for k := range sv.s.ncage {
		if sv.s.cageSum[k] == 0 || sv.s.cageSet[k].and(seen).empty() {
			continue
		}
		if sv.minMaxGroup(sv.s.cageSet[k], int(sv.s.cageSum[k]), k, -1) {
			changed = true
		}
	}
	fresh := sv.mmGen != sv.extrasGen
	sv.mmGen = sv.extrasGen
	for i := range sv.nextra {
		e := &sv.extras[i]
		if !fresh && e.cells.and(seen).empty() {
			continue
		}
		if sv.minMaxGroup(e.cells, e.sum, -1, i) {
			changed = true
		}
	}
	return changed
}

func (sv *rsolver) minMaxGroup(set cellset, sum, cage, ex int) bool {
	s := &sv.s
	lo, hi := 0, 0
	for w := range 2 {
		for x := set[w]; x != 0; x &= x - 1 {
			m := s.cand[w*64+bits.TrailingZeros64(x)]
			lo += lowDigit(m)
			hi += highDigit(m)
		}
	}
	var before [maxN]uint16
	var cells [maxN]int
	nc := 0
	changed := false
	for w := range 2 {
		for x := set[w]; x != 0; x &= x - 1 {
			c := w*64 + bits.TrailingZeros64(x)
			m := s.cand[c]
			if nc < maxN {
				before[nc], cells[nc] = m, c
				nc++
			}
			l, h := lowDigit(m), highDigit(m)
			// d stays when minOthers+d <= sum <= maxOthers+d.
			dlo, dhi := sum-(hi-h), sum-(lo-l)
			keep := uint16(0)
			if dhi >= dlo && dhi >= 0 {
				keep = uint16(1<<uint(min(dhi, 15)+1)) - 1
				if dlo > 0 {
					keep &^= uint16(1<<uint(min(dlo, 15))) - 1
				}
			}
			if out := m &^ keep; out != 0 {
				s.cand[c] = m & keep
				s.touch(c)
				if s.cand[c] == 0 {
					s.bad = true
				}
				changed = true
				lo += lowDigit(s.cand[c]) - l
				hi += highDigit(s.cand[c]) - h
			}
		}
	}
	if changed && sv.log != nil && nc == set.count() {
		// Copies: the arrays stay on the stack when no log is kept.
		sv.log.minMax(append([]int(nil), cells[:nc]...), append([]uint16(nil), before[:nc]...), sum, cage, ex)
	}
	return changed
}

// combos rules out, in each cage and rule-of-45 group of 2 to 4 cells,
// the digits of no combination of distinct digits adding to its sum that
// every cell can hold a digit of. As in Solo, the combinations are of
// digits 1-9 whatever the grid's size, and a digit above the size counts
// as one every cell may hold.
func (sv *rsolver) combos() bool {
	changed := false
	seen := sv.s.dirty[1]
	sv.s.dirty[1] = cellset{}
	for k := range sv.s.ncage {
		if sv.s.cageSet[k].and(seen).empty() {
			continue
		}
		if sv.combosGroup(sv.s.cageSet[k], int(sv.s.cageSum[k]), k, -1) {
			changed = true
		}
		if sv.s.bad {
			return false
		}
	}
	fresh := sv.cbGen != sv.extrasGen
	sv.cbGen = sv.extrasGen
	for i := range sv.nextra {
		e := &sv.extras[i]
		if !fresh && e.cells.and(seen).empty() {
			continue
		}
		if sv.combosGroup(e.cells, e.sum, -1, i) {
			changed = true
		}
		if sv.s.bad {
			return false
		}
	}
	return changed
}

func (sv *rsolver) combosGroup(set cellset, sum, cage, ex int) bool {
	s := &sv.s
	k := set.count()
	if k < 2 || k > 4 {
		return false
	}
	list := tathamCombos(k, sum)
	if list == nil {
		s.bad = true
		return false
	}
	var cs [4]int
	cells := set.list(cs[:0])
	high := uint16(0x3fe) &^ sv.g.all // digits above the size: never ruled out
	var possible, used uint16
	for _, combo := range list {
		ok := true
		for _, c := range cells {
			if combo&(s.cand[c]|high) == 0 {
				ok = false
				break
			}
		}
		if ok {
			possible |= combo
			if combo&high == 0 {
				used |= combo
			}
		}
	}
	if possible == 0 {
		s.bad = true
		return false
	}
	changed := false
	var before [4]uint16
	for i, c := range cells {
		before[i] = s.cand[c]
		if s.eliminate(c, ^possible) {
			changed = true
		}
	}
	if changed && sv.log != nil {
		sv.log.combo(append([]int(nil), cells...), append([]uint16(nil), before[:len(cells)]...), sum, cage, ex, list, high)
	}
	return changed
}

// lineSingle places a digit with one place left in a row, then in a
// column.
func (sv *rsolver) lineSingle() bool {
	return sv.houseSingle(tLineSingle, 0, 2*sv.g.n)
}

// nakedSingle places a cell's only candidate (column by column, as Solo
// scans).
func (sv *rsolver) nakedSingle() bool {
	g, s := sv.g, &sv.s
	n := g.n
	for x := range n {
		for y := range n {
			c := y*n + x
			if s.val[c] != 0 {
				continue
			}
			m := s.cand[c]
			if m == 0 {
				s.bad = true
				return false
			}
			if m&(m-1) == 0 {
				d := lowDigit(m)
				if sv.log != nil {
					sv.log.nakedSingle(c, d)
				}
				s.place(g, c, d)
				return true
			}
		}
	}
	return false
}

// digitSets is, per digit, the set of cells where it may go.
func (sv *rsolver) digitSets() (out [maxN + 1]cellset) {
	g, s := sv.g, &sv.s
	for c := range g.cells {
		for m := s.cand[c]; m != 0; m &= m - 1 {
			out[bits.TrailingZeros16(m)].add(c)
		}
	}
	return out
}

// pointing: a digit of a row (column) confined to one box leaves the
// rest of the box, and one of a box confined to one row (column) leaves
// the rest of the line. Rows against boxes first, then columns.
func (sv *rsolver) pointing() bool {
	g, s := sv.g, &sv.s
	n := g.n
	ds := sv.digitSets()
	for lines := 0; lines < 2; lines++ {
		for i := range n {
			line := lines*n + i
			for b := 2 * n; b < 3*n; b++ {
				for d := 1; d <= n; d++ {
					if s.done[line]&bit(d) != 0 || s.done[b]&bit(d) != 0 {
						continue
					}
					inLine := ds[d].and(g.houseSet[line])
					inBox := ds[d].and(g.houseSet[b])
					if inLine.empty() || inBox.empty() {
						s.bad = true
						return false
					}
					if inLine.subsetOf(g.houseSet[b]) {
						if out := inBox.minus(g.houseSet[line]); !out.empty() {
							if sv.log != nil {
								sv.log.pointing(d, line, b, inLine, out, false)
							}
							s.clear(out, bit(d))
							return true
						}
					}
					if inBox.subsetOf(g.houseSet[line]) {
						if out := inLine.minus(g.houseSet[b]); !out.empty() {
							if sv.log != nil {
								sv.log.pointing(d, b, line, inBox, out, true)
							}
							s.clear(out, bit(d))
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// subsets: in a house (boxes, rows, columns), k free cells whose
// candidates lie within k digits hold those digits, which leave the
// house's other cells. Subsets are tried in Solo's order.
func (sv *rsolver) subsets() bool {
	g := sv.g
	n := g.n
	for _, h0 := range [3]int{2 * n, 0, n} {
		for h := h0; h < h0+n; h++ {
			var rows [maxN]uint16 // candidate masks of the free cells
			var cells [maxN]int
			m := 0
			var digits uint16
			var solved uint16
			for i := range n {
				c := int(g.house[h][i])
				cm := sv.s.cand[c]
				if cm == 0 {
					sv.s.bad = true
					return false
				}
				if cm&(cm-1) == 0 {
					if solved&cm != 0 {
						sv.s.bad = true
						return false
					}
					solved |= cm
					continue
				}
				rows[m], cells[m] = cm, c
				m++
			}
			digits = g.all &^ solved
			if popcount(digits) != m {
				sv.s.bad = true
				return false
			}
			if sv.lockedSet(rows[:m], digits, func(i int, out uint16) {
				sv.s.eliminate(cells[i], out)
			}, func(in []int, set uint16) {
				if sv.log != nil {
					cs := make([]int, len(in))
					for j, i := range in {
						cs[j] = cells[i]
					}
					sv.log.subset(h, cs, set, digits, rows[:m], cells[:m])
				}
			}) {
				return true
			}
			if sv.s.bad {
				return false
			}
		}
	}
	return false
}

// lockedSet is Solo's set elimination on a matrix: rows (cells, or a
// fish's lines) with their masks over the columns cols (digits, or a
// fish's cross lines), each row with at least two. It looks for k rows
// (2 <= k <= n-2) whose masks lie within k columns: those rows hold those
// columns, which leave every other row. Solo tries every column set; the
// same sets are found here as k rows of k columns (k <= n/2) or, in the
// transposed matrix, as k columns found only in k rows (the other n-k
// rows then lie within the other n-k columns). It reports progress; a
// contradiction (k rows within fewer columns) sets s.bad. note is told
// the rows and columns of the set before elim removes masks from the
// other rows.
func (sv *rsolver) lockedSet(rows []uint16, cols uint16, elim func(row int, out uint16), note func(rows []int, set uint16)) bool {
	n := len(rows)
	if popcount(cols) != n {
		sv.s.bad = true
		return false
	}
	if n < 4 {
		return false
	}
	all := uint16(1<<uint(n)) - 1
	// Naked: k rows within k columns.
	if in, union, st := nakedSearch(rows, cols, n/2); st == lockedBad {
		sv.s.bad = true
		return false
	} else if st == lockedFound {
		sv.applyLocked(rows, in, union, elim, note)
		return true
	}
	// Hidden: k columns found only in k rows.
	var tr [16]uint16
	var colList [16]int
	nc := 0
	for x := cols; x != 0; x &= x - 1 {
		j := bits.TrailingZeros16(x)
		colList[nc] = j
		for i, r := range rows {
			if r&(1<<uint(j)) != 0 {
				tr[nc] |= 1 << uint(i)
			}
		}
		nc++
	}
	cin, rowsUnion, st := nakedSearch(tr[:nc], all, n/2)
	if st == lockedBad {
		sv.s.bad = true
		return false
	}
	if st != lockedFound {
		return false
	}
	var hid uint16
	for x := cin; x != 0; x &= x - 1 {
		hid |= 1 << uint(colList[bits.TrailingZeros16(x)])
	}
	// The rows outside rowsUnion lie within the other columns.
	sv.applyLocked(rows, all&^rowsUnion, cols&^hid, elim, note)
	return true
}

// applyLocked notes and applies a locked set: rows in (a mask of row
// indices) hold the columns union, which leave the other rows.
func (sv *rsolver) applyLocked(rows []uint16, in, union uint16, elim func(row int, out uint16), note func(rows []int, set uint16)) {
	var idx [16]int
	k := 0
	for x := in; x != 0; x &= x - 1 {
		idx[k] = bits.TrailingZeros16(x)
		k++
	}
	note(append([]int(nil), idx[:k]...), union)
	for i, r := range rows {
		if in&(1<<uint(i)) == 0 && r&union != 0 {
			elim(i, union)
		}
	}
}

const (
	lockedNone = iota
	lockedFound
	lockedBad
)

// nakedSearch looks for k rows (2 <= k <= maxK) whose masks' union has k
// columns and meets another row (progress), depth first in row order;
// lockedBad when some k rows lie within fewer than k columns.
func nakedSearch(rows []uint16, cols uint16, maxK int) (in, union uint16, status int) {
	n := len(rows)
	var stackIdx [16]int
	var stackUnion [17]uint16
	depth := 0
	next := 0
	var chosen uint16
	for {
		if next < n && depth < maxK {
			i := next
			next++
			u := stackUnion[depth] | rows[i]
			if popcount(u) > maxK {
				continue
			}
			stackIdx[depth] = i
			depth++
			stackUnion[depth] = u
			chosen |= 1 << uint(i)
			if depth >= 2 {
				pc := popcount(u)
				if pc < depth {
					return 0, 0, lockedBad
				}
				if pc == depth {
					for j, r := range rows {
						if chosen&(1<<uint(j)) == 0 && r&u != 0 {
							return chosen, u, lockedFound
						}
					}
				}
			}
			continue
		}
		if depth == 0 {
			return 0, 0, lockedNone
		}
		depth--
		chosen &^= 1 << uint(stackIdx[depth])
		next = stackIdx[depth] + 1
	}
}

// fish: for each digit, k rows whose places for it lie in k columns hold
// it in those columns, so it leaves the columns' other rows (Solo's
// positional set elimination on one number).
func (sv *rsolver) fish() bool {
	g, s := sv.g, &sv.s
	n := g.n
	for d := 1; d <= n; d++ {
		b := bit(d)
		var rows [maxN]uint16
		var rowIdx [maxN]int
		m := 0
		var usedCols uint16
		for y := range n {
			var mask uint16
			for x := range n {
				if s.cand[y*n+x]&b != 0 {
					mask |= 1 << uint(x)
				}
			}
			if mask == 0 {
				s.bad = true
				return false
			}
			if mask&(mask-1) == 0 {
				if usedCols&mask != 0 {
					s.bad = true
					return false
				}
				usedCols |= mask
				continue
			}
			rows[m], rowIdx[m] = mask, y
			m++
		}
		cols := uint16(1<<uint(n)-1) &^ usedCols
		if sv.lockedSet(rows[:m], cols, func(i int, out uint16) {
			y := rowIdx[i]
			for x := out; x != 0; x &= x - 1 {
				s.eliminate(y*n+bits.TrailingZeros16(x), b)
			}
		}, func(in []int, set uint16) {
			if sv.log != nil {
				ys := make([]int, len(in))
				for j, i := range in {
					ys[j] = rowIdx[i]
				}
				sv.log.fish(d, ys, set)
			}
		}) {
			return true
		}
		if s.bad {
			return false
		}
	}
	return false
}

// chains looks for Solo's forcing chains: from a two-candidate cell that
// is not digit d (so it is its other digit), each two-candidate cell
// that sees the last one and holds its digit takes its own other digit,
// breadth first; a cell that sees the start cell and a chain cell forced
// to d cannot be d, since one of the two is.
func (sv *rsolver) chains() bool {
	g, s := sv.g, &sv.s
	n := g.n
	var number [maxCells]int8
	var prev [maxCells]int16
	var queue [maxCells]int16
	for c0 := range g.cells {
		m0 := s.cand[c0]
		if popcount(m0) != 2 {
			continue
		}
		y0, x0, b0 := c0/n, c0%n, g.boxOf[c0]
		for x := m0; x != 0; x &= x - 1 {
			orig := bits.TrailingZeros16(x)
			number = [maxCells]int8{}
			head, tail := 0, 0
			queue[tail] = int16(c0)
			tail++
			number[c0] = int8(lowDigit(m0 &^ bit(orig)))
			prev[c0] = -1
			for head < tail {
				cur := int(queue[head])
				head++
				curn := int(number[cur])
				for part := range 3 {
					var h int
					switch part {
					case 0:
						h = n + cur%n
					case 1:
						h = cur / n
					default:
						h = 2*n + int(g.boxOf[cur])
					}
					for i := range n {
						t := int(g.house[h][i])
						if number[t] != 0 || s.cand[t]&bit(curn) == 0 || t == cur {
							continue
						}
						if tm := s.cand[t]; popcount(tm) == 2 {
							queue[tail] = int16(t)
							tail++
							number[t] = int8(lowDigit(tm &^ bit(curn)))
							prev[t] = int16(cur)
						}
						if curn == orig && (t%n == x0 || t/n == y0 || g.boxOf[t] == b0) {
							if sv.log != nil {
								var path []int
								for c := cur; c >= 0; c = int(prev[c]) {
									path = append(path, c)
								}
								sv.log.chain(orig, path, number[:], t)
							}
							s.eliminate(t, bit(orig))
							return true
						}
					}
				}
			}
		}
	}
	return false
}
