package sudoku

import (
	"fmt"
	"strings"

	"pencilbox/engine"
)

func cellList(cs []int) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = cellName(c)
	}
	return andList(names)
}

func andList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func digitList(ds []int) string {
	xs := make([]string, len(ds))
	for i, d := range ds {
		xs[i] = fmt.Sprint(d)
	}
	return andList(xs)
}

// fillSubsetStep writes an E(n)/X(n) step. For naked: sel = chosen cell
// positions (indexes into u), un = digit mask. For hidden: sel = digit mask,
// un = cell positions.
func fillSubsetStep(st *engine.Step, h, n int, naked bool, u []uint8, sel, un uint16, el []engine.Mark) {
	cellsMask, digs := sel, un
	id, lvl := fmt.Sprintf("e%d", n), n+2
	if !naked {
		cellsMask, digs = un, sel
		id = fmt.Sprintf("x%d", n)
	}
	var pat []int
	for i := range u {
		if cellsMask&(1<<i) != 0 {
			pat = append(pat, int(u[i]))
		}
	}
	ds := digitsOf(digs)
	var sent string
	if naked {
		sent = fmt.Sprintf("In %s, %s hold only the digits %s, so %s are removed from the other cells there.",
			HouseName(h), cellList(pat), digitList(ds), digitList(ds))
	} else {
		sent = fmt.Sprintf("In %s, digits %s only fit %s, so other candidates there are removed.",
			HouseName(h), digitList(ds), cellList(pat))
	}
	*st = engine.Step{Level: lvl, Technique: id, Pattern: pat, Houses: []string{HouseName(h)},
		Digits: ds, Eliminate: el, Sentence: sent}
}

func whereName(w int) string {
	if w >= 100 {
		return HouseName(w - 100)
	}
	return cellName(w)
}
