package explainer

import (
	"math/bits"

	"pencilbox/engine"
)

// RuleKind tells how a basic hint's pattern is built.
type RuleKind uint8

const (
	RuleNone    RuleKind = iota
	RuleLocking          // pointing, claiming and fish: Digit confined from Base houses into Cover houses
	RuleHidden           // hidden subset: Digits confined to few cells of House
	RuleNaked            // naked subset: Cells hold only Digits
)

// Rule is the compact description of a basic hint's pattern that dynamic
// "+" chains need: from it Parents names the candidates whose removal made
// the pattern appear (SE's "rule parents").
type Rule struct {
	Kind   RuleKind
	Digit  uint8    // RuleLocking: the digit (1-9)
	Digits uint16   // RuleHidden, RuleNaked: the subset's digits (bit d-1)
	Base   uint32   // RuleLocking: base houses (bit h, houses 0-26)
	Cover  uint32   // RuleLocking: cover houses
	House  uint8    // RuleHidden: the house
	Cells  [4]uint8 // RuleNaked: the subset's cells
	N      uint8    // RuleNaked: how many of Cells are used
}

// Parents appends to dst (as off candidates) what must have gone from
// initial for the hint's pattern to hold in current (see Rule.offParents).
func (h *Hint) Parents(initial, current *Grid, dst []engine.Mark) []engine.Mark {
	var buf [64]pot
	for _, p := range h.Rule.offParents(initial, current, buf[:0]) {
		dst = append(dst, engine.Mark{Cell: p.cell(), Value: p.digit()})
	}
	return dst
}

// offParents appends to dst, as "off" potentials, what must have gone
// from initial for the pattern to hold in current: for a locking or fish
// pattern the digit's candidates of the base houses outside the cover
// houses; for a hidden subset the subset's digits in the house's other
// cells; for a naked subset the other digits of its cells. Only candidates
// present in initial count (and, for locking, absent from current).
func (r *Rule) offParents(initial, current *Grid, dst []pot) []pot {
	switch r.Kind {
	case RuleLocking:
		bit := uint16(1) << (r.Digit - 1)
		for bs := r.Base; bs != 0; bs &= bs - 1 {
			b := bits.TrailingZeros32(bs)
			for _, c := range houses[b] {
				if initial.Cand[c]&bit == 0 || current.Cand[c]&bit != 0 {
					continue
				}
				ch := cellHouses[c]
				if r.Cover&(1<<ch[0]|1<<ch[1]|1<<ch[2]) != 0 {
					continue
				}
				dst = append(dst, mkPot(int(c), int(r.Digit), false))
			}
		}
	case RuleHidden:
		for _, c := range houses[r.House] {
			if current.Cand[c]&r.Digits != 0 {
				continue
			}
			for m := initial.Cand[c] & r.Digits; m != 0; m &= m - 1 {
				dst = append(dst, mkPot(int(c), lowDigit(m), false))
			}
		}
	case RuleNaked:
		for _, c := range r.Cells[:r.N] {
			for m := initial.Cand[c] &^ r.Digits; m != 0; m &= m - 1 {
				dst = append(dst, mkPot(int(c), lowDigit(m), false))
			}
		}
	}
	return dst
}

// PlusHinters returns the techniques SE's dynamic "+" forcing chains try
// inside a chain, in SE's order (with its default setting): pointing and
// claiming, hidden pair, naked pair, X-Wing. Singles are part of the
// chains' own propagation. Each hint they offer carries its Rule, so
// Parents can name the chain's candidates it rests on.
func PlusHinters() []Hinter {
	return []Hinter{HinterFunc(locking), hiddenSet(2), nakedSet(2), fish(2)}
}
