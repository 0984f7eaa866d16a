package killer

import (
	"fmt"
	"math/bits"
	"strings"

	"pencilbox/engine"
)

// Killer deductions beyond Tatham's, at level 6 before proof by
// contradiction (so that Solo's levels 1-5 keep their puzzles): the
// puzzle's cages with their full combinations, fitted cell by cell, and
// the rule of 45 on unions of consecutive rows or columns and on single
// houses' outies. Solo's own rule of 45 (level 1) sees only one house's
// innies, and its combinations only cages of 2-4 cells, each cell
// holding some digit of the combination.

// killer6 makes the first of these deductions that applies.
func (r *rater) killer6() bool {
	return r.comboFull() || r.unions()
}

// fitDigits returns, for cells with candidate masks cand, the digits each
// can hold in some assignment of distinct digits adding to sum (0 masks
// when there is none), and the combinations that fit. For each
// combination it matches cells to digits from both ends (subsets of the
// combination's digits), so a cell can hold a digit when the cells before
// it take some of the others and the cells after it the rest.
func fitDigits(cand []uint16, n, sum int) (fit [maxN]uint16, ways []uint16) {
	k := len(cand)
	if k == 0 || k > maxN {
		return fit, nil
	}
	full := 1<<uint(k) - 1
	for _, m := range combosAll(n, k, sum) {
		var digit [maxN]int
		j := 0
		for x := m; x != 0; x &= x - 1 {
			digit[j] = bits.TrailingZeros16(x)
			j++
		}
		var local [maxN]int // each cell's candidates among the combination's digits, as bits 0..k-1
		for i := range k {
			for j := range k {
				if cand[i]&bit(digit[j]) != 0 {
					local[i] |= 1 << uint(j)
				}
			}
		}
		var fwd, bwd [1 << maxN]bool
		fwd[0], bwd[0] = true, true
		for mask := 0; mask <= full; mask++ {
			c := bits.OnesCount(uint(mask))
			if fwd[mask] && c < k {
				for x := local[c] &^ mask; x != 0; x &= x - 1 {
					fwd[mask|x&-x] = true
				}
			}
			if bwd[mask] && c < k {
				for x := local[k-1-c] &^ mask; x != 0; x &= x - 1 {
					bwd[mask|x&-x] = true
				}
			}
		}
		if !fwd[full] {
			continue
		}
		ways = append(ways, m)
		for mask := 0; mask <= full; mask++ {
			if !fwd[mask] {
				continue
			}
			i := bits.OnesCount(uint(mask))
			if i >= k {
				continue
			}
			for x := local[i] &^ mask; x != 0; x &= x - 1 {
				jb := x & -x
				if bwd[full&^mask&^jb] {
					fit[i] |= bit(digit[bits.TrailingZeros(uint(jb))])
				}
			}
		}
	}
	return fit, ways
}

// combosAll lists the k-digit combinations of digits 1..n adding to sum.
func combosAll(n, k, sum int) []uint16 {
	var out []uint16
	for m := uint16(2); m < bit(n+1); m += 2 {
		if popcount(m) != k {
			continue
		}
		s := 0
		for x := m; x != 0; x &= x - 1 {
			s += bits.TrailingZeros16(x)
		}
		if s == sum {
			out = append(out, m)
		}
	}
	return out
}

// comboFull fits each puzzle cage's combinations to its free cells (the
// digits placed in it leave the sum and the combinations), and removes
// the candidates no fitting assignment uses.
func (r *rater) comboFull() bool {
	sv := &r.sv
	g, s := sv.g, &sv.s
	cages := r.p.Cages()
	for _, all := range cages {
		var cells []int
		var cand []uint16
		left := r.p.Sums[r.p.Cage[all[0]]]
		var placed uint16
		for _, c := range all {
			if v := s.val[c]; v != 0 {
				left -= int(v)
				placed |= bit(int(v))
				continue
			}
			cells = append(cells, c)
			cand = append(cand, s.cand[c]&^placed)
		}
		if len(cells) < 2 {
			continue
		}
		for i := range cand {
			cand[i] &^= placed
		}
		fit, ways := fitDigits(cand, g.n, left)
		var ms []engine.Mark
		for i, c := range cells {
			for x := s.cand[c] &^ fit[i]; x != 0; x &= x - 1 {
				ms = append(ms, engine.Mark{Cell: c, Value: bits.TrailingZeros16(x)})
			}
		}
		if len(ms) == 0 {
			continue
		}
		r.count(tComboFull)
		if r.withSteps {
			var ws []string
			for _, m := range ways {
				ws = append(ws, digitList(m, "+"))
			}
			what := fmt.Sprintf("The free cells of %s (%s) add to %d", r.cageName(all[0]), r.names(cells), left)
			r.add(engine.Step{
				Technique: ladder[tComboFull].ID,
				Sentence: fmt.Sprintf("%s with different digits: %s; fitting each to the cells' candidates, %s.",
					what, orList(ws), r.ruledOut(ms)),
				Pattern:   cells,
				Houses:    []string{r.cageName(all[0])},
				Eliminate: ms,
			})
		}
		for _, m := range ms {
			s.eliminate(m.Cell, bit(m.Value))
		}
		return true
	}
	return false
}

func orList(ws []string) string {
	switch len(ws) {
	case 0:
		return "none"
	case 1:
		return "only " + ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

// region is a union of houses the rule of 45 reads: its cells, the houses'
// count and its name.
type region struct {
	cells cellset
	k     int
	name  string
	lines []string // the houses, for the step's regions
}

// unionRegions are the spans of 1 to n-1 consecutive rows, then of
// columns (one house: outies only, Solo's level 1 has its innies).
func unionRegions(g *geom) []region {
	n := g.n
	var out []region
	for _, lines := range [2]struct {
		base int
		word string
	}{{0, "row"}, {n, "column"}} {
		for k := 1; k < n; k++ {
			for a := 0; a+k <= n; a++ {
				var set cellset
				var names []string
				for h := a; h < a+k; h++ {
					set = set.or(g.houseSet[lines.base+h])
					names = append(names, fmt.Sprintf("%s %d", lines.word, h+1))
				}
				name := names[0]
				if k > 1 {
					name = fmt.Sprintf("%ss %d-%d", lines.word, a+1, a+k)
				}
				out = append(out, region{cells: set, k: k, name: name, lines: names})
			}
		}
	}
	for b := range n {
		out = append(out, region{cells: g.houseSet[2*n+b], k: 1, name: fmt.Sprintf("box %d", b+1), lines: []string{fmt.Sprintf("box %d", b+1)}})
	}
	return out
}

// unions applies the rule of 45 to each region: its placed digits and the
// state's cages wholly inside add to inner, so its other cells (innies)
// add to k*45 - inner; the cells outside it of the cages that cross its
// edge (outies) add to those cages' sums less the innies'. A group of one
// cell is placed; a larger one's cells lose the digits its bounds rule
// out (with the others' smallest and largest candidates; as one house's
// cells they are distinct, and fitted as a cage's).
func (r *rater) unions() bool {
	sv := &r.sv
	g, s := sv.g, &sv.s
	for _, rg := range unionRegions(g) {
		inner := 0
		var filled cellset
		for c := range g.cells {
			if rg.cells.has(c) && s.val[c] != 0 {
				inner += int(s.val[c])
				filled.add(c)
			}
		}
		var innies, outies cellset
		crossSum := 0
		for k := range s.ncage {
			cs := s.cageSet[k]
			if cs.empty() {
				continue
			}
			in := cs.and(rg.cells)
			switch {
			case in.empty():
			case in == cs:
				inner += int(s.cageSum[k])
			default:
				innies = innies.or(in)
				outies = outies.or(cs.minus(rg.cells))
				crossSum += int(s.cageSum[k])
			}
		}
		innieSum := rg.k*g.total - inner
		outieSum := crossSum - innieSum
		for side, grp := range [2]cellset{innies, outies} {
			sum := innieSum
			if side == 1 {
				sum = outieSum
			} else if rg.k == 1 {
				continue // Solo's level 1 reads one house's innies
			}
			if grp.empty() || grp.count() > g.n {
				continue
			}
			if r.groupRule(rg, side == 1, grp, sum, inner) {
				return true
			}
			if s.bad {
				return false
			}
		}
	}
	return false
}

// groupRule deduces from cells grp adding to sum: a single cell is
// placed; else the bounds, and the fitted combinations when the cells
// share a house (distinct digits), remove candidates.
func (r *rater) groupRule(rg region, outie bool, grp cellset, sum, inner int) bool {
	sv := &r.sv
	g, s := sv.g, &sv.s
	var cs [maxCells]int
	cells := grp.list(cs[:0])
	word := "innies"
	if outie {
		word = "outies"
	}
	how := func() string {
		if outie {
			return fmt.Sprintf("Rule of %d on %s: the cages crossing its edge leave their cells outside it, the outies %s, adding to %d",
				g.total, rg.name, r.names(cells), sum)
		}
		return fmt.Sprintf("Rule of %d on %s: its %d houses add to %d, its cages wholly inside and placed digits to %d, so the innies %s add to %d",
			g.total, rg.name, rg.k, rg.k*g.total, inner, r.names(cells), sum)
	}
	if len(cells) == 1 {
		c := cells[0]
		if sum < 1 || sum > g.n || s.cand[c]&bit(sum) == 0 {
			s.bad = true
			return false
		}
		r.count(tUnion)
		if r.withSteps {
			r.add(engine.Step{
				Technique: ladder[tUnion].ID,
				Sentence:  strings.Replace(how(), " add to ", " is ", 1) + ".",
				Pattern:   []int{c},
				Houses:    rg.lines,
				Digits:    []int{sum},
				Place:     []engine.Mark{{Cell: c, Value: sum}},
			})
		}
		s.place(g, c, sum)
		return true
	}
	// Bounds.
	lo, hi := 0, 0
	for _, c := range cells {
		lo += lowDigit(s.cand[c])
		hi += highDigit(s.cand[c])
	}
	var out [maxCells]uint16
	any := false
	for i, c := range cells {
		m := s.cand[c]
		for x := m; x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			if d+(lo-lowDigit(m)) > sum || d+(hi-highDigit(m)) < sum {
				out[i] |= bit(d)
				any = true
			}
		}
	}
	// Distinct digits: the group inside one house.
	distinct := false
	for h := range 3 * g.n {
		if grp.subsetOf(g.houseSet[h]) {
			distinct = true
			break
		}
	}
	if !any && distinct {
		cand := make([]uint16, len(cells))
		for i, c := range cells {
			cand[i] = s.cand[c]
		}
		fit, _ := fitDigits(cand, g.n, sum)
		for i, c := range cells {
			if o := s.cand[c] &^ fit[i]; o != 0 {
				out[i] |= o
				any = true
			}
		}
	}
	if !any {
		return false
	}
	var ms []engine.Mark
	for i, c := range cells {
		for x := out[i]; x != 0; x &= x - 1 {
			ms = append(ms, engine.Mark{Cell: c, Value: bits.TrailingZeros16(x)})
		}
	}
	r.count(tUnion)
	if r.withSteps {
		r.add(engine.Step{
			Technique: ladder[tUnion].ID,
			Sentence:  fmt.Sprintf("%s; the %s' candidates must reach that sum, so %s.", how(), word, r.ruledOut(ms)),
			Pattern:   append([]int(nil), cells...),
			Houses:    rg.lines,
			Eliminate: ms,
		})
	}
	for _, m := range ms {
		s.eliminate(m.Cell, bit(m.Value))
	}
	return true
}
