package explainer

import (
	"sort"

	"pencilbox/engine"
)

// Dynamic "+" and nested forcing chains: when a dynamic spread has nothing
// left to derive, the basic techniques SE 1.2.1 uses inside chains
// (pointing/claiming, hidden pair, naked pair, X-Wing; see PlusHinters) and,
// nested, the inner chaining producers are run on the spread's working
// grid. Their eliminations become "off" potentials whose parents are the
// chain's earlier removals the pattern rests on (a pattern that rests on
// none was there before the assumption and is skipped). Techniques are
// tried in order and the first that yields anything ends the round.

// plusCollector gathers every hint a hinter offers.
type plusCollector struct{ hints []Hint }

func (p *plusCollector) Add(h Hint) bool {
	p.hints = append(p.hints, h)
	return true
}

// advanced appends to c.buf the "off" potentials of the first technique
// that yields some.
func (c *chainer) advanced(toOff *potSet) {
	if c.plus == nil {
		c.plus = PlusHinters()
	}
	var marks []engine.Mark
	for _, hr := range c.plus {
		var col plusCollector
		ctx := Context{Limit: 1 << 62}
		hr.Hints(&c.cur, &ctx, &col)
		c.charge(int(ctx.Work) + 1)
		for i := range col.hints {
			h := &col.hints[i]
			marks = h.Parents(&c.save, &c.cur, marks[:0])
			if len(marks) == 0 {
				continue
			}
			for _, m := range hashOrder(h.Eliminate) {
				n := c.ar.add(mkPot(m.Cell, m.Value, false), causeAdvanced)
				for _, pm := range marks {
					if r := toOff.get(mkPot(pm.Cell, pm.Value, false)); r >= 0 {
						c.ar.addParent(n, r)
					}
				}
				c.buf = append(c.buf, n)
			}
		}
		if len(c.buf) > 0 {
			return
		}
	}
	if c.cf.level >= 2 {
		c.nestedPotentials(toOff)
	}
}

// hashOrder lists eliminations in the order SE walks its hint's
// cell-to-digits hash map: by the cell index modulo the map's table size
// (16, doubled while the cells pass three quarters of it), cells of one
// bucket in the order the hint named them, digits ascending.
func hashOrder(el []engine.Mark) []engine.Mark {
	var cells []int
	seen := [81]bool{}
	for _, m := range el {
		if !seen[m.Cell] {
			seen[m.Cell] = true
			cells = append(cells, m.Cell)
		}
	}
	size := 16
	for len(cells) > size*3/4 {
		size *= 2
	}
	sort.SliceStable(cells, func(i, j int) bool { return cells[i]&(size-1) < cells[j]&(size-1) })
	out := make([]engine.Mark, 0, len(el))
	for _, c := range cells {
		var m uint16
		for _, e := range el {
			if e.Cell == c {
				m |= 1 << (e.Value - 1)
			}
		}
		for ; m != 0; m &= m - 1 {
			out = append(out, engine.Mark{Cell: c, Value: trailing(m) + 1})
		}
	}
	return out
}

// nestedPotentials runs the inner chaining producers (levels 2 and up).
func (c *chainer) nestedPotentials(toOff *potSet) {}
