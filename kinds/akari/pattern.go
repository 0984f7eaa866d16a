package akari

// Level 3: reasoning over "discount sets" (Tatham): sets of unknown cells of
// which at least one must be a light. A cell whose light would exclude every
// member of such a set (it sees the member, or it would complete a clue next
// to both) must stay dark.

const (
	patDiagonal = iota + 1 // clue needing all but one: diagonal cell sees two
	patUnlit               // the sources of an unlit cell
	patClue                // N-M+1 of a clue's N unknown neighbours needing M
)

type patternFind struct {
	x      int32 // the cell that gets a no-light mark; -1 when none found
	kind   int
	anchor int32 // the unlit cell, or the clue cell
}

// kills reports whether a light on x would force m (unknown, != x) dark at
// level 1: x sees m, or a clue next to both needs exactly one more light.
func (s *state) kills(x, m int32) bool {
	b := s.b
	if b.rowSeg[x] == b.rowSeg[m] || b.colSeg[x] == b.colSeg[m] {
		return true
	}
	for _, q := range b.cellClue[4*x : 4*x+4] {
		if q < 0 {
			break
		}
		if b.clueNum[q]-s.clueL[q] != 1 {
			continue
		}
		for _, n := range b.clueNb[4*q : 4*q+4] {
			if n == m {
				return true
			}
		}
	}
	return false
}

// Which of a cell's segments killersDo scans.
const (
	scanRow = 1 << iota
	scanCol
	scanBoth = scanRow | scanCol
)

// killersDo calls f for every unknown cell x != m that kills m, stopping
// when f returns true. Only the segments named by scan are looked at (the
// caller knows the others hold no candidate).
func (s *state) killersDo(m int32, scan int, f func(x int32) bool) bool {
	b := s.b
	for i, sg := range [2]int32{b.rowSeg[m], b.colSeg[m]} {
		if scan&(1<<i) == 0 {
			continue
		}
		for _, x := range b.seg(sg) {
			if x != m && s.st[x] == unk && f(x) {
				return true
			}
		}
	}
	for _, q := range b.cellClue[4*m : 4*m+4] {
		if q < 0 {
			break
		}
		if b.clueNum[q]-s.clueL[q] != 1 {
			continue
		}
		for _, x := range b.clueNb[4*q : 4*q+4] {
			if x >= 0 && x != m && s.st[x] == unk && f(x) {
				return true
			}
		}
	}
	return false
}

// findPattern returns the first level-3 deduction in a fixed order
// (diagonal rule when named is set, then unlit-cell sets, then clue sets).
func (s *state) findPattern(named bool) patternFind {
	if named {
		if f := s.findDiagonal(); f.x >= 0 {
			return f
		}
	}
	b := s.b
	s.work += int64(len(b.whites) + len(b.clueCell))
	var set [16]int32
	for _, u := range b.whites {
		if s.lit(u) {
			continue
		}
		n := s.sources(u)
		if n < 2 || n > int32(len(set)) {
			continue
		}
		k := 0
		if s.st[u] == unk {
			set[k] = u
			k++
		}
		for _, sg := range [2]int32{b.rowSeg[u], b.colSeg[u]} {
			for _, m := range b.seg(sg) {
				if m != u && s.st[m] == unk {
					set[k] = m
					k++
				}
			}
		}
		mem := set[:k]
		found := int32(-1)
		// Candidates are not members, so they are off u's segments: they
		// kill mem[0] through its other segment or through a clue (only
		// through a clue when mem[0] is u itself).
		scan := 0
		if mem[0] != u {
			scan = scanCol
			if b.colSeg[mem[0]] == b.colSeg[u] {
				scan = scanRow
			}
		}
		s.killersDo(mem[0], scan, func(x int32) bool {
			if b.rowSeg[x] == b.rowSeg[u] || b.colSeg[x] == b.colSeg[u] {
				return false // x is itself a member
			}
			for _, m := range mem[1:] {
				if !s.kills(x, m) {
					return false
				}
			}
			found = x
			return true
		})
		if found >= 0 {
			return patternFind{x: found, kind: patUnlit, anchor: u}
		}
	}
	for q := range b.clueCell {
		need := int(b.clueNum[q] - s.clueL[q])
		nu := int(s.clueU[q])
		if need < 1 || nu <= need {
			continue
		}
		var mem [4]int32
		k := 0
		for _, m := range b.clueNb[4*q : 4*q+4] {
			if m >= 0 && s.st[m] == unk {
				mem[k] = m
				k++
			}
		}
		want := nu - need + 1
		found := int32(-1)
		// x must kill want members, so it kills one of the first
		// nu-want+1 members.
		for i := 0; i <= nu-want && found < 0; i++ {
			s.killersDo(mem[i], scanBoth, func(x int32) bool {
				cnt := 0
				for _, m := range mem[:k] {
					if m != x && s.kills(x, m) {
						cnt++
					}
				}
				if cnt >= want {
					found = x
					return true
				}
				return false
			})
		}
		if found >= 0 {
			return patternFind{x: found, kind: patClue, anchor: b.clueCell[q]}
		}
	}
	return patternFind{x: -1}
}

// findDiagonal: a clue whose unknown neighbours number one more than the
// lights it still needs; a cell diagonal to it that sees two of them (the
// two cells between) cannot be a light.
func (s *state) findDiagonal() patternFind {
	b := s.b
	for q, cc := range b.clueCell {
		need := b.clueNum[q] - s.clueL[q]
		if need < 1 || s.clueU[q] != need+1 {
			continue
		}
		r, c := int(cc)/b.w, int(cc)%b.w
		for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			dr, dc := r+d[0], c+d[1]
			if dr < 0 || dr >= b.h || dc < 0 || dc >= b.w {
				continue
			}
			x := int32(dr*b.w + dc)
			a1, a2 := int32(r*b.w+dc), int32(dr*b.w+c)
			if b.cells[x] == White && s.st[x] == unk && b.cells[a1] == White && s.st[a1] == unk && b.cells[a2] == White && s.st[a2] == unk {
				return patternFind{x: x, kind: patDiagonal, anchor: cc}
			}
		}
	}
	return patternFind{x: -1}
}
