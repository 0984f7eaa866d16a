package export

import (
	"slices"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/importers"
)

// scaleColumns are the csv's scale columns: every kind's declared
// figures, one per key, in registration order (Sudoku: er, ep, ed), and
// for each kind which of its slots fills each column.
type scaleColumns struct {
	keys []string
	slot map[string][]int // by kind: the slot of each column, -1 = none
	fmt  map[string][]engine.Scale
}

func newScaleColumns(ks Kinds) scaleColumns {
	c := scaleColumns{slot: map[string][]int{}, fmt: map[string][]engine.Scale{}}
	for _, k := range ks {
		for _, s := range k.Scales {
			if !slices.Contains(c.keys, s.Key) {
				c.keys = append(c.keys, s.Key)
			}
		}
	}
	for _, k := range ks {
		slots := make([]int, len(c.keys))
		scales := make([]engine.Scale, len(c.keys))
		for i, key := range c.keys {
			slots[i] = slices.IndexFunc(k.Scales, func(s engine.Scale) bool { return s.Key == key })
			if slots[i] >= 0 {
				scales[i] = k.Scales[slots[i]]
			}
		}
		c.slot[k.Engine.Name()], c.fmt[k.Engine.Name()] = slots, scales
	}
	return c
}

// fill writes p's figures into row (one per column): "" where its kind
// has no such scale or p no rating, "pending" (pencilbox.PendingWord)
// where the rating queue has not rated it yet: never a number.
func (c scaleColumns) fill(row []string, p pencilbox.Puzzle) {
	slots, scales := c.slot[p.Kind], c.fmt[p.Kind]
	for i := range c.keys {
		row[i] = ""
		switch {
		case i >= len(slots) || slots[i] < 0:
		case !p.ScaleRated:
			row[i] = pencilbox.PendingWord
		case p.Scales[slots[i]] > 0:
			row[i] = scales[i].Format(p.Scales[slots[i]])
		}
	}
}

// figures are p's second rating under its kind's keys (nil when none or
// pending: a figure left in a pending row's slots is never written),
// reusing buf, and its verdict's field.
func (ks Kinds) figures(buf []importers.JSONFigure, p pencilbox.Puzzle) ([]importers.JSONFigure, string) {
	k, ok := ks.lookup(p.Kind)
	if !ok {
		return buf[:0], ""
	}
	out := buf[:0]
	if p.Scales[0] > 0 && p.ScaleRated {
		for i, s := range k.Scales {
			if p.Scales[i] != 0 {
				out = append(out, importers.JSONFigure{Key: s.Key, Value: p.Scales[i]})
			}
		}
	}
	v, _ := engine.VerdictOf(k.Engine)
	return out, v.Field
}

// pending appends to buf the keys of p's declared scales when the rating
// queue has not rated it yet (the json's "pending" list, the API's form),
// and nothing when it is rated or its kind declares none.
func (ks Kinds) pending(buf []string, p pencilbox.Puzzle) []string {
	k, ok := ks.lookup(p.Kind)
	if !ok || p.ScaleRated {
		return buf
	}
	for _, s := range k.Scales {
		buf = append(buf, s.Key)
	}
	return buf
}

// A puzzle's group in an order by its first scale: the rated (by their
// figure), then the pending, then those without a figure (another kind,
// nothing to rate), never a pending one among either.
const (
	groupRated = iota
	groupPending
	groupNone
)

func (ks Kinds) scaleGroup(p pencilbox.Puzzle) int {
	k, ok := ks.lookup(p.Kind)
	switch {
	case !ok || len(k.Scales) == 0:
		return groupNone
	case !p.ScaleRated:
		return groupPending
	case p.Scales[0] > 0:
		return groupRated
	}
	return groupNone
}
