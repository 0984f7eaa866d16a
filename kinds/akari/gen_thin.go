package akari

// The generator's uniqueness checks and thinning (see gen.go).

// other looks for a solution of p other than the planted one (s.isLight)
// and returns it, "" when the planted one is the only one. ok is false
// when the work limit stopped the search.
func (s *genSource) other(p *Puzzle) (other string, ok bool) {
	return s.otherOn(newState(newBoard(p)))
}

// otherOn is other on the board of st, from st's empty position. The
// search tries, at every branch, the value the planted solution does not
// have first, so the planted solution is the last one it could reach: one
// search decides.
func (s *genSource) otherOn(st *state) (other string, ok bool) {
	// A search without probing finds another solution, when there is one,
	// far sooner; the complete search decides when it gives up.
	st.reset()
	st.limit = int64(8 * st.b.n)
	sr := searcher{s: st, avoid: s.isLight, plain: true}
	if st.seed() {
		sr.search()
	}
	if sr.aborted {
		st.reset()
		st.limit = DefaultWorkLimit
		sr = searcher{s: st, avoid: s.isLight}
		if st.seed() {
			sr.search()
		}
	}
	if sr.aborted || sr.count == 0 {
		return "", false
	}
	for c, ch := range []byte(sr.sol) {
		if (ch == 'L') != s.isLight[c] {
			return sr.sol, true
		}
	}
	return "", true
}

// thin drops the numbers of whole orbits of black cells, in random order,
// while the solution stays unique (with NotMinimal, down to a random clue
// count in the range). A single pass leaves p minimal: dropping a number
// never removes solutions, so a number that could not go when it was tried
// is still needed at the end. With a symmetry, minimal means no orbit's
// numbers can all go (dropping one would break the symmetry).
//
// For a target of rank 3 or less, a drop that levels 1 to MaxRank still
// solve is unique without a search. A unique drop they do not solve would
// rate above the target, and so would every puzzle thinned from it (fewer
// clues never make a deduction easier): such a number is put aside and
// tried again at the end, when the other drops may have made it needed.
// If it can still go then, the puzzle is not minimal at the target's rank
// and thin reports false.
func (s *genSource) thin(p *Puzzle) bool {
	for i := range s.order {
		s.order[i] = i
	}
	s.rng.Shuffle(len(s.order), func(i, j int) { s.order[i], s.order[j] = s.order[j], s.order[i] })
	clues := p.Clues()
	target := 0
	if s.opt.NotMinimal {
		hi := min(s.opt.MaxClues, clues)
		lo := min(s.opt.MinClues, hi)
		target = lo + s.rng.IntN(hi-lo+1)
	}
	low := 0 // the closure level that decides early, 0: none
	if s.opt.MaxRank <= 3 {
		low = s.opt.MaxRank
	}
	s.deferred = s.deferred[:0]
	// One board and position serve every check: dropping a number only
	// unlinks its clue (board.dropClue).
	st := newState(newBoard(p))
	b := st.b
	var keep [8]byte
	drop := func(o []int) {
		for i, c := range o {
			keep[i] = p.Cells[c]
			p.Cells[c] = Black
			b.dropClue(b.clueAt[c])
		}
	}
	restore := func(o []int) {
		for i, c := range o {
			p.Cells[c] = keep[i]
			b.restoreClue(b.clueAt[c], int8(keep[i]-'0'))
		}
	}
	for _, k := range s.order {
		if clues <= target {
			break
		}
		o := s.orbits[k]
		if c := p.Cells[o[0]]; c < '0' || c > '4' || (s.opt.NotMinimal && clues-len(o) < s.opt.MinClues) {
			continue
		}
		drop(o)
		if low > 0 && closureSolves(st, low) {
			clues -= len(o)
			continue
		}
		other, ok := s.otherOn(st)
		restore(o)
		if ok && other == "" {
			if low > 0 {
				s.deferred = append(s.deferred, k)
				continue
			}
			drop(o)
			clues -= len(o)
		}
	}
	for _, k := range s.deferred {
		if s.opt.NotMinimal {
			break // it need not be minimal: keeping them is right
		}
		o := s.orbits[k]
		drop(o)
		other, ok := s.otherOn(st)
		restore(o)
		if ok && other == "" {
			return false
		}
	}
	return true
}

// closureSolves reports whether the levels up to level (1, 2 or 3) alone
// solve the puzzle of st's board, which also proves its solution unique.
func closureSolves(st *state, level int) bool {
	st.reset()
	st.limit = 0
	st.l3, st.only1 = level >= 3, level == 1
	ok := st.seed() && st.unknown == 0 && st.complete()
	st.l3, st.only1 = false, false
	return ok
}
