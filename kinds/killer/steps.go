package killer

import (
	"fmt"
	"strconv"
	"strings"

	"pencilbox/engine"
)

// The step log: one method per kind of deduction, called by the
// techniques before (placements) or after (eliminations) they change the
// state. Each counts the technique; with steps on it writes the step in
// a killer solver's words, cells named r1c1, regions named as StepRegion
// reads them.

func marks(cells []int, d int) []engine.Mark {
	out := make([]engine.Mark, len(cells))
	for i, c := range cells {
		out[i] = engine.Mark{Cell: c, Value: d}
	}
	return out
}

func (r *rater) single(tech, at, d, h int) {
	r.count(tech)
	if !r.withSteps {
		return
	}
	r.add(engine.Step{
		Technique: ladder[tech].ID,
		Sentence:  fmt.Sprintf("%d has one place left in %s: %s.", d, r.houseName(h), r.name(at)),
		Pattern:   []int{at},
		Houses:    []string{r.houseName(h)},
		Digits:    []int{d},
		Place:     []engine.Mark{{Cell: at, Value: d}},
	})
}

func (r *rater) nakedSingle(c, d int) {
	r.count(tNakedSingle)
	if !r.withSteps {
		return
	}
	r.add(engine.Step{
		Technique: ladder[tNakedSingle].ID,
		Sentence:  fmt.Sprintf("%s has one candidate left: %d.", r.name(c), d),
		Pattern:   []int{c},
		Digits:    []int{d},
		Place:     []engine.Mark{{Cell: c, Value: d}},
	})
}

func (r *rater) cageLast(c, v int) {
	r.count(tCageLast)
	if !r.withSteps {
		return
	}
	k := r.p.Cage[c]
	var s string
	if r.cageSize(int(k)) == 1 {
		s = fmt.Sprintf("%s is a cage of one cell: it holds its sum, %d.", r.name(c), v)
	} else {
		s = fmt.Sprintf("%s is the last free cell of its cage (sum %d): the rest leave it %d.", r.name(c), r.p.Sums[k], v)
	}
	r.add(engine.Step{
		Technique: ladder[tCageLast].ID,
		Sentence:  s,
		Pattern:   []int{c},
		Houses:    []string{r.cageName(c)},
		Digits:    []int{v},
		Place:     []engine.Mark{{Cell: c, Value: v}},
	})
}

func (r *rater) cageSize(k int) int {
	n := 0
	for _, kk := range r.p.Cage {
		if int(kk) == k {
			n++
		}
	}
	return n
}

// rule45 says what the rule of 45 gives in house h: its whole cages and
// placed digits add to inner, so the cells left add to sum.
func (r *rater) rule45(h, inner, sum int, cells []int) string {
	verb := "add"
	if len(cells) == 1 {
		verb = "is"
	}
	return fmt.Sprintf("Rule of %d in %s: its cages wholly inside and its placed digits add to %d, so %s %s to %d",
		r.sv.g.total, r.houseName(h), inner, r.names(cells), verb, sum)
}

func (r *rater) innie(h, c, sum, inner int) {
	r.count(tInnie)
	if !r.withSteps {
		return
	}
	s := r.rule45(h, inner, sum, []int{c})
	s = strings.Replace(s, " is to ", " is ", 1) + "."
	r.add(engine.Step{
		Technique: ladder[tInnie].ID,
		Sentence:  s,
		Pattern:   []int{c},
		Houses:    []string{r.houseName(h)},
		Digits:    []int{sum},
		Place:     []engine.Mark{{Cell: c, Value: sum}},
	})
}

func (r *rater) split(h int, rem cellset, sum, inner, k int) {
	r.count(tSplit)
	if !r.withSteps {
		return
	}
	cells := rem.list(nil)
	rest := r.sv.s.cageSet[k].minus(rem).list(nil)
	left := int(r.sv.s.cageSum[k]) - sum
	verb := "add to"
	if len(rest) == 1 {
		verb = "is"
	}
	r.add(engine.Step{
		Technique: ladder[tSplit].ID,
		Sentence: fmt.Sprintf("%s; they are all in %s, which splits: the rest of it, %s, %s %d.",
			r.rule45(h, inner, sum, cells), r.cageName(cells[0]), r.names(rest), verb, left),
		Pattern: cells,
		Houses:  []string{r.houseName(h), r.cageName(cells[0])},
	})
}

// group describes a cage of the state or a rule-of-45 group: its cells
// add to sum.
func (r *rater) group(cells []int, sum, cage, ex int) (string, []string) {
	if ex >= 0 {
		e := r.sv.extras[ex]
		return r.rule45(e.house, r.sv.g.total-e.sum, e.sum, cells), []string{r.houseName(e.house)}
	}
	name := r.cageName(cells[0])
	k := r.p.Cage[cells[0]]
	if len(cells) == r.cageSize(int(k)) {
		return fmt.Sprintf("The %d-cell cage of %d (%s)", len(cells), sum, r.names(cells)), []string{name}
	}
	return fmt.Sprintf("In %s, %s add to %d", name, r.names(cells), sum), []string{name}
}

// removed lists the eliminations between before and the state now.
func (r *rater) removed(cells []int, before []uint16) []engine.Mark {
	var out []engine.Mark
	for i, c := range cells {
		for x := before[i] &^ r.sv.s.cand[c]; x != 0; x &= x - 1 {
			out = append(out, engine.Mark{Cell: c, Value: lowDigit(x)})
		}
	}
	return out
}

// ruledOut writes eliminations as "r1c1 cannot be 1 or 2, r1c2 cannot be 9".
func (r *rater) ruledOut(ms []engine.Mark) string {
	var parts []string
	for i := 0; i < len(ms); {
		j := i
		var m uint16
		for j < len(ms) && ms[j].Cell == ms[i].Cell {
			m |= bit(ms[j].Value)
			j++
		}
		parts = append(parts, r.name(ms[i].Cell)+" cannot be "+digitsOr(m))
		i = j
	}
	return joinAnd(parts)
}

func (r *rater) minMax(cells []int, before []uint16, sum, cage, ex int) {
	r.count(tMinMax)
	if !r.withSteps {
		return
	}
	desc, houses := r.group(cells, sum, cage, ex)
	ms := r.removed(cells, before)
	r.add(engine.Step{
		Technique: ladder[tMinMax].ID,
		Sentence: fmt.Sprintf("%s: a cell's digit plus the least the others can hold may not pass %d, and plus the most they can hold must reach it, so %s.",
			desc, sum, r.ruledOut(ms)),
		Pattern:   cells,
		Houses:    houses,
		Eliminate: ms,
	})
}

func (r *rater) combo(cells []int, before []uint16, sum, cage, ex int, list []uint16, high uint16) {
	r.count(tCombo)
	if !r.withSteps {
		return
	}
	desc, houses := r.group(cells, sum, cage, ex)
	var ways []string
	for _, m := range list {
		if m&high != 0 {
			continue
		}
		ok := true
		for i := range cells {
			if m&r.sv.s.cand[cells[i]] == 0 && m&before[i] == 0 {
				ok = false
			}
		}
		if ok {
			ways = append(ways, digitList(m, "+"))
		}
	}
	ms := r.removed(cells, before)
	how := "no way of making it with different digits fits its cells' candidates"
	switch len(ways) {
	case 0:
	case 1:
		how = "it can only be " + ways[0]
	default:
		how = "it can only be " + strings.Join(ways[:len(ways)-1], ", ") + " or " + ways[len(ways)-1]
	}
	r.add(engine.Step{
		Technique: ladder[tCombo].ID,
		Sentence:  fmt.Sprintf("%s: %s, so %s.", desc, how, r.ruledOut(ms)),
		Pattern:   cells,
		Houses:    houses,
		Eliminate: ms,
	})
}

func (r *rater) pointing(d, from, to int, within, out cellset, boxToLine bool) {
	r.count(tPointing)
	if !r.withSteps {
		return
	}
	in := within.list(nil)
	outs := out.list(nil)
	r.add(engine.Step{
		Technique: ladder[tPointing].ID,
		Sentence: fmt.Sprintf("In %s, %d can only go in %s, which are also in %s: so %d leaves the rest of %s (%s).",
			r.houseName(from), d, r.names(in), r.houseName(to), d, r.houseName(to), r.names(outs)),
		Pattern:   in,
		Houses:    []string{r.houseName(from), r.houseName(to)},
		Digits:    []int{d},
		Eliminate: marks(outs, d),
	})
}

func (r *rater) subset(h int, in []int, set, digits uint16, rows []uint16, all []int) {
	r.count(tSubset)
	if !r.withSteps {
		return
	}
	var ms []engine.Mark
	inSet := map[int]bool{}
	for _, c := range in {
		inSet[c] = true
	}
	var others []int
	for i, c := range all {
		if inSet[c] {
			continue
		}
		others = append(others, c)
		for x := rows[i] & set; x != 0; x &= x - 1 {
			ms = append(ms, engine.Mark{Cell: c, Value: lowDigit(x)})
		}
	}
	k := len(in)
	var s string
	if hidden := digits &^ set; k > len(all)-k && len(others) > 0 {
		// The hidden subset is the smaller: the other digits fit only in the other cells.
		s = fmt.Sprintf("In %s, %s can only go in %s (a hidden %s), so those cells hold nothing else: %s.",
			r.houseName(h), digitList(hidden, ", "), r.names(others), subsetWord(len(others)), r.ruledOut(ms))
	} else {
		s = fmt.Sprintf("In %s, %s hold only %s between them (a naked %s), so those digits leave the other cells: %s.",
			r.houseName(h), r.names(in), digitList(set, ", "), subsetWord(k), r.ruledOut(ms))
	}
	r.add(engine.Step{
		Technique: ladder[tSubset].ID,
		Sentence:  s,
		Pattern:   in,
		Houses:    []string{r.houseName(h)},
		Digits:    maskDigits(set),
		Eliminate: ms,
	})
}

// digitsOr writes a mask's digits as "1, 2 or 4".
func digitsOr(m uint16) string {
	ds := maskDigits(m)
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = strconv.Itoa(d)
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func subsetWord(k int) string {
	switch k {
	case 1:
		return "single"
	case 2:
		return "pair"
	case 3:
		return "triple"
	case 4:
		return "quad"
	}
	return "set of " + strconv.Itoa(k)
}

func maskDigits(m uint16) []int {
	var out []int
	for x := m; x != 0; x &= x - 1 {
		out = append(out, lowDigit(x))
	}
	return out
}

func (r *rater) fish(d int, ys []int, cols uint16) {
	r.count(tFish)
	if !r.withSteps {
		return
	}
	n := r.p.N
	s := &r.sv.s
	var pattern []int
	var ms []engine.Mark
	var base, cover []string
	inRows := map[int]bool{}
	for _, y := range ys {
		inRows[y] = true
		base = append(base, r.houseName(y))
	}
	for x := range n {
		if cols&(1<<uint(x)) == 0 {
			continue
		}
		cover = append(cover, r.houseName(n+x))
		for y := range n {
			c := y*n + x
			if s.cand[c]&bit(d) == 0 {
				continue
			}
			if inRows[y] {
				pattern = append(pattern, c)
			} else {
				ms = append(ms, engine.Mark{Cell: c, Value: d})
			}
		}
	}
	names := map[int]string{2: "an X-wing", 3: "a swordfish", 4: "a jellyfish"}
	what := names[len(ys)]
	if what == "" {
		what = "a fish of " + strconv.Itoa(len(ys))
	}
	r.add(engine.Step{
		Technique: ladder[tFish].ID,
		Sentence: fmt.Sprintf("%d is %s: in %s it can only go in %s, so it leaves the rest of those columns: %s.",
			d, what, joinAnd(base), joinAnd(cover), r.ruledOut(ms)),
		Pattern:   pattern,
		Base:      base,
		Cover:     cover,
		Digits:    []int{d},
		Eliminate: ms,
	})
}

// chain: path runs from the chain's last cell back to its start; number
// holds the digit each chain cell takes when the start is not orig.
func (r *rater) chain(orig int, path []int, number []int8, target int) {
	r.count(tChain)
	if !r.withSteps {
		return
	}
	start := path[len(path)-1]
	var b strings.Builder
	fmt.Fprintf(&b, "If %s is not %d it is %d", r.name(start), orig, number[start])
	var links []engine.Link
	for i := len(path) - 2; i >= 0; i-- {
		from, to := path[i+1], path[i]
		fmt.Fprintf(&b, ", so %s is %d", r.name(to), number[to])
		links = append(links, engine.Link{
			From: engine.Mark{Cell: from, Value: int(number[from])}, FromOn: true,
			To: engine.Mark{Cell: to, Value: int(number[from])}, ToOn: false,
		}, engine.Link{
			From: engine.Mark{Cell: to, Value: int(number[from])}, FromOn: false,
			To: engine.Mark{Cell: to, Value: int(number[to])}, ToOn: true, Strong: true,
		})
	}
	end := path[0]
	fmt.Fprintf(&b, ". Either %s or %s is %d, and %s sees both, so it cannot be %d.",
		r.name(start), r.name(end), orig, r.name(target), orig)
	cells := append([]int(nil), path...)
	r.add(engine.Step{
		Technique: ladder[tChain].ID,
		Sentence:  b.String(),
		Pattern:   cells,
		Pincers:   []int{start, end},
		Digits:    []int{orig},
		Links:     links,
		Eliminate: []engine.Mark{{Cell: target, Value: orig}},
	})
}

func (r *rater) contra(c, d, lim int, probe *state) {
	r.count(tContra)
	if !r.withSteps {
		return
	}
	with := "hidden and naked singles and the cage rules"
	if lim > LevelBasic {
		with = "the deductions up to " + TathamLevels[lim]
	}
	what, where := r.clash(probe)
	r.add(engine.Step{
		Technique:     ladder[tContra].ID,
		Sentence:      fmt.Sprintf("If %s were %d, %s would %s, so %s is not %d.", r.name(c), d, with, what, r.name(c), d),
		Pattern:       []int{c},
		Digits:        []int{d},
		Assumption:    fmt.Sprintf("%s=%d", r.name(c), d),
		Contradiction: where,
		Eliminate:     []engine.Mark{{Cell: c, Value: d}},
	})
}

// clash says where a probe's state breaks a rule, and names the cell or
// region for the viewer: a cell without a candidate, a digit without a
// place in a house, a cage repeating a digit or unable to make its sum.
func (r *rater) clash(s *state) (what, where string) {
	g := r.sv.g
	for c := range g.cells {
		if s.cand[c] == 0 {
			return "leave " + r.name(c) + " without a candidate", r.name(c)
		}
	}
	for h := range 3 * g.n {
		var seen uint16
		for i := range g.n {
			seen |= s.cand[g.house[h][i]]
		}
		if miss := g.all &^ seen; miss != 0 {
			return fmt.Sprintf("leave %d no place in %s", lowDigit(miss), r.houseName(h)), r.houseName(h)
		}
	}
	var seen [maxCells]uint16
	for c, k := range r.p.Cage {
		v := s.val[c]
		if v == 0 {
			continue
		}
		if seen[k]&bit(int(v)) != 0 {
			return fmt.Sprintf("put %d twice in %s", v, r.cageName(c)), r.cageName(c)
		}
		seen[k] |= bit(int(v))
	}
	for k := range s.ncage {
		lo, hi := 0, 0
		first := -1
		for _, c := range s.cageSet[k].list(nil) {
			if first < 0 {
				first = c
			}
			lo += lowDigit(s.cand[c])
			hi += highDigit(s.cand[c])
		}
		if sum := int(s.cageSum[k]); first >= 0 && (sum < lo || sum > hi) {
			return "leave " + r.cageName(first) + " unable to make its sum", r.cageName(first)
		}
	}
	for _, all := range r.p.Cages() {
		left := r.p.Sums[r.p.Cage[all[0]]]
		var placed uint16
		var cand []uint16
		for _, c := range all {
			if v := s.val[c]; v != 0 {
				left -= int(v)
				placed |= bit(int(v))
			} else {
				cand = append(cand, s.cand[c])
			}
		}
		for i := range cand {
			cand[i] &^= placed
		}
		if len(cand) == 0 {
			continue
		}
		if fit, _ := fitDigits(cand, g.n, left); fit[0] == 0 {
			return "leave no way to fill " + r.cageName(all[0]) + " with different digits adding to its sum", r.cageName(all[0])
		}
	}
	return "reach a contradiction", ""
}
