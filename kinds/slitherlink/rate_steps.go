package slitherlink

import (
	"fmt"
	"strings"
)

// The sentences of the step log: what the step looked at, why, and what
// it drew (lines), crossed or learnt (pair facts, equal or opposite
// edges), naming cells r1c1 and edges as cell sides (r2c5-top) in the
// puzzle's own orientation.

func wordFor(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// results says what the step's record changed.
func (r *rater) results() string {
	rec := &r.rec
	var parts []string
	if len(rec.on) > 0 {
		parts = append(parts, "draw "+r.names(rec.on))
	}
	if len(rec.off) > 0 {
		parts = append(parts, "cross "+r.names(rec.off))
	}
	// Facts: a pair with both facts is "exactly one".
	seen := map[int32]uint8{}
	var order []int32
	for _, f := range rec.facts {
		id := f / 2
		if _, ok := seen[id]; !ok {
			order = append(order, id)
		}
		seen[id] |= 1 << uint(f&1)
	}
	for _, id := range order {
		a, b := r.t.pairEdges(id)
		both := r.edgeName(a) + " and " + r.edgeName(b)
		switch seen[id] {
		case 1:
			parts = append(parts, "at least one of "+both+" is a line")
		case 2:
			parts = append(parts, "at most one of "+both+" is a line")
		default:
			parts = append(parts, "exactly one of "+both+" is a line")
		}
	}
	for _, mg := range rec.merges {
		both := r.edgeName(mg[0]) + " and " + r.edgeName(mg[1])
		if mg[2] == 0 {
			parts = append(parts, both+" are both lines or both crossed")
		} else {
			parts = append(parts, "exactly one of "+both+" is a line")
		}
	}
	return strings.Join(parts, "; ")
}

// sentence is the step's text.
func (r *rater) sentence(level int, x int32, why int, assume, contra string) string {
	res := r.results()
	t := r.t
	clue := func() string {
		return fmt.Sprintf("the %d at %s", t.clue[x], r.cellName(x))
	}
	dot := func() string { return r.dotName(x - int32(t.nc)) }
	switch level {
	case 5:
		if r.where == "" {
			return fmt.Sprintf("If %s, levels 1-4 would close a loop that leaves lines out, so %s.", r.assumed, res)
		}
		return fmt.Sprintf("If %s, levels 1-4 would run into a contradiction at %s, so %s.", r.assumed, r.where, res)
	case 6:
		return fmt.Sprintf("No single assumption leads to a contradiction here; with %s the search finds no solution, so %s.", r.assumed, res)
	}
	switch why {
	case whyClueFull:
		return fmt.Sprintf("%s already has its %d %s, so %s.", upper(clue()), t.clue[x], wordFor(int(t.clue[x]), "line", "lines"), res)
	case whyClueNeedsAll:
		return fmt.Sprintf("%s needs every side still open, so %s.", upper(clue()), res)
	case whyClueCorner:
		return fmt.Sprintf("%s can take one more cross only, and two of its open sides meet at a dot that already has a line, so they are not both lines: %s.", upper(clue()), res)
	case whyDotDead:
		return fmt.Sprintf("A line cannot end at %s (no line, one open edge), so %s.", dot(), res)
	case whyDotOnward:
		return fmt.Sprintf("The line into %s goes on through its last open edge: %s.", dot(), res)
	case whyDotFull:
		return fmt.Sprintf("%s already has two lines, so %s.", upper(dot()), res)
	case whyLoopEarly:
		e := x - int32(t.nc+t.nd)
		return fmt.Sprintf("Drawing %s would close a loop that leaves lines or clues out, so %s.", r.edgeName(e), res)
	case whyLoopClosed:
		if len(r.rec.off) > 3 {
			return fmt.Sprintf("The loop is closed, so every other edge is crossed (%d edges).", len(r.rec.off))
		}
		return fmt.Sprintf("The loop is closed, so %s.", res)
	case whyPairDot:
		return fmt.Sprintf("A line through %s uses two of its edges or none: %s.", dot(), res)
	case whyPairClue:
		return fmt.Sprintf("%s needs %d of its 4 sides; with the pairs known at its corners: %s.", upper(clue()), t.clue[x], res)
	case whyPairTricky:
		return fmt.Sprintf("%s needs %d of its 4 sides; counting what its other sides can hold: %s.", upper(clue()), t.clue[x], res)
	case whyPairOpposite:
		return fmt.Sprintf("%s takes two lines or none, so across it: %s.", upper(dot()), res)
	case whyParityClue:
		return fmt.Sprintf("The open sides of %s hold an %s number of lines: %s.", clue(), evenOdd(x, r), res)
	case whyParityDot:
		d := x - int32(t.nc)
		return fmt.Sprintf("%s has two lines or none, so its open edges hold an %s number: %s.", upper(dot()), evenOddDot(d, r), res)
	case whyParityEdge:
		e := x - int32(t.nc+t.nd)
		return fmt.Sprintf("Edges known equal or opposite to %s follow it: %s.", r.edgeName(e), res)
	}
	return upper(res) + "."
}

func evenOdd(c int32, r *rater) string {
	k := int(r.t.clue[c]) - r.m.cellCount(c, lOn) + len(r.rec.on)
	if k&1 == 0 {
		return "even"
	}
	return "odd"
}

// evenOddDot is the parity of the lines dot d's open edges held before
// the step.
func evenOddDot(d int32, r *rater) string {
	k := r.m.dotCounts2(d) - len(r.rec.on)
	if k&1 == 0 {
		return "even"
	}
	return "odd"
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
