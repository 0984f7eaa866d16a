package explainer

import (
	"fmt"
	"sort"

	"pencilbox/engine"
)

// cellHouseOf returns the house of cell c of serate's region type t
// (0 box, 1 row, 2 column).
func cellHouseOf(c, t int) int {
	switch t {
	case 0:
		return int(cellHouses[c][2])
	case 1:
		return int(cellHouses[c][0])
	}
	return int(cellHouses[c][1])
}

// ulHint is a unique loop hint with its sort key.
type ulHint struct {
	tenths, typ int
	hint        Hint
}

// loopSearch walks the cells holding both digits of a pair, as serate's
// loop search does (depth first, houses box, row, column, never twice the
// same house type in a row), collecting closed loops of four or more cells.
type loopSearch struct {
	g      *Grid
	c      *Context
	t      *placeTable // g's places: the cells of a house holding both digits
	pair   uint16
	d1, d2 int // the pair's digits, 0-8
	loop   []int
	in     [81]bool
	seen   [2]uint32 // houses met by cells at even and odd places
	loops  [][]int
	budget bool
}

func (s *loopSearch) walk(cell, allowed int, extra uint16, last int) {
	if !s.c.Spend(1) {
		s.budget = false
		return
	}
	// A house met twice at places of the same parity can never be part
	// of a valid loop: such paths are not followed (serate follows them
	// and drops their loops at the validity test; the loops kept, and
	// their order, are the same).
	par := len(s.loop) % 2
	hs := &cellHouses[cell]
	hm := uint32(1)<<hs[0] | uint32(1)<<hs[1] | uint32(1)<<hs[2]
	if s.seen[par]&hm != 0 {
		return
	}
	s.seen[par] |= hm
	s.loop = append(s.loop, cell)
	s.in[cell] = true
	for t := 0; t < 3 && s.budget; t++ {
		if t == last {
			continue
		}
		h := cellHouseOf(cell, t)
		for both := s.t[h][s.d1] & s.t[h][s.d2]; both != 0; both &= both - 1 {
			next := int(houses[h][trailing(both)])
			if next == s.loop[0] && len(s.loop) >= 4 {
				s.loops = append(s.loops, append([]int(nil), s.loop...))
				continue
			}
			if s.in[next] {
				continue
			}
			p := s.g.Cand[next]
			ex := (extra | p) &^ s.pair
			n := count(p)
			if n == 2 || count(ex) == 1 || allowed > 0 {
				a := allowed
				if n > 2 {
					a--
				}
				s.walk(next, a, ex, t)
			}
		}
	}
	s.in[cell] = false
	s.loop = s.loop[:len(s.loop)-1]
	s.seen[par] &^= hm
}

// validLoop: every house a loop cell lies in is visited by exactly one
// cell at an even place and one at an odd place.
func validLoop(loop []int) bool {
	var seen [2]uint32
	for i, c := range loop {
		for _, h := range cellHouses[c] {
			b := uint32(1) << h
			if seen[i%2]&b != 0 {
				return false
			}
			seen[i%2] |= b
		}
	}
	return seen[0] == seen[1]
}

// uniqueLoops is Unique Rectangles and Loops, types 1-4 (4.5 for a
// rectangle, 4.6 for a loop of 6, 4.7 of 8, 5.0 of 10 and more; type 3
// adds for its subset). A pattern of cells that could swap two digits
// would give two solutions, so the extra candidates that break it must
// be kept. serate gathers every loop hint, then offers them easiest
// first, lower type first among equals, in the order found otherwise.
func uniqueLoops(g *Grid, c *Context, acc Accumulator) {
	c.Spend(1)
	var found []ulHint
	var done []cellSet // loops already turned into hints
	var buf placeTable
	s := loopSearch{g: g, c: c, t: c.places(g, &buf), budget: true}
	for start := 0; start < 81; start++ {
		if count(g.Cand[start]) != 2 {
			continue
		}
		s.pair = g.Cand[start]
		s.d1 = trailing(s.pair)
		s.d2 = trailing(s.pair &^ (1 << s.d1))
		s.loops = s.loops[:0]
		s.walk(start, 2, 0, -1)
		if !s.budget {
			return
		}
	next:
		for _, loop := range s.loops {
			if !validLoop(loop) {
				continue
			}
			// serate meets each loop once per cell and direction; the
			// copies give the same hints after the first (equal sort
			// keys, found later), so only the first is worked out.
			var cs cellSet
			for _, x := range loop {
				cs.add(x)
			}
			for _, d := range done {
				if d == cs {
					continue next
				}
			}
			done = append(done, cs)
			found = loopHints(g, c, loop, s.pair, found)
		}
	}
	sort.SliceStable(found, func(i, j int) bool {
		if found[i].tenths != found[j].tenths {
			return found[i].tenths < found[j].tenths
		}
		return found[i].typ < found[j].typ
	})
	for _, f := range found {
		if !acc.Add(f.hint) {
			return
		}
	}
}

func loopBase(n int) int {
	switch {
	case n >= 10:
		return 50
	case n >= 8:
		return 47
	case n >= 6:
		return 46
	}
	return 45
}

// loopNames holds the names of loops up to 30 cells, so that finding a
// hint formats nothing.
var loopNames = func() (t [31][5]string) {
	for n := 4; n <= 30; n += 2 {
		for typ := 1; typ <= 4; typ++ {
			t[n][typ] = formatLoopName(n, typ)
		}
	}
	return
}()

func loopName(n, typ int) string {
	if n <= 30 {
		return loopNames[n][typ]
	}
	return formatLoopName(n, typ)
}

func formatLoopName(n, typ int) string {
	if n == 4 {
		return fmt.Sprintf("Unique Rectangle type %d", typ)
	}
	return fmt.Sprintf("Unique Loop %d type %d", n, typ)
}

// loopHints appends the hints of one valid loop: type 1 with one cell
// holding extra digits, type 2 when the extra cells share one extra digit,
// types 3 and 4 with two extra cells.
func loopHints(g *Grid, c *Context, loop []int, pair uint16, out []ulHint) []ulHint {
	var extra []int
	for _, x := range loop {
		if count(g.Cand[x]) > 2 {
			extra = append(extra, x)
		}
	}
	base := loopBase(len(loop))
	add := func(typ, tenths int, el []engine.Mark, sentence func() string, more []int) {
		if len(el) == 0 {
			return
		}
		h := Hint{Technique: loopName(len(loop), typ), Difficulty: float64(tenths) / 10, Eliminate: el}
		if c.Steps {
			h.Step = engine.Step{Sentence: sentence(), Pattern: append(append([]int{}, loop...), more...),
				Corners: append([]int{}, loop...), Digits: digitSlice(pair)}
		}
		out = append(out, ulHint{tenths, typ, h})
	}
	intro := func() string {
		what := "rectangle"
		if len(loop) > 4 {
			what = fmt.Sprintf("loop of %d cells", len(loop))
		}
		return fmt.Sprintf("%s form a %s on %s that would let the two digits swap (two solutions)", cellsText(loop), what, digitsText(pair))
	}
	switch {
	case len(extra) == 1:
		x := extra[0]
		var el []engine.Mark
		for m := g.Cand[x] & pair; m != 0; m &= m - 1 {
			el = append(el, engine.Mark{Cell: x, Value: lowDigit(m)})
		}
		add(1, base, el, func() string {
			return fmt.Sprintf("%s: only %s breaks it, so it loses %s.", intro(), cellName(x), digitsText(pair))
		}, nil)
	case len(extra) > 2:
		loopType2(g, extra, pair, base, add, intro)
	case len(extra) == 2:
		c1, c2 := extra[0], extra[1]
		rest := (g.Cand[c1] | g.Cand[c2]) &^ pair
		if count(rest) == 1 {
			loopType2(g, extra, pair, base, add, intro)
		} else if count(rest) >= 2 {
			loopType3(g, c1, c2, pair, rest, base, add, intro)
		}
		loopType4(g, c1, c2, pair, base, add, intro)
	}
	return out
}

type addFunc func(typ, tenths int, el []engine.Mark, sentence func() string, more []int)

func loopType2(g *Grid, extra []int, pair uint16, base int, add addFunc, intro func() string) {
	z := lowDigit(g.Cand[extra[0]] &^ pair)
	bit := uint16(1) << (z - 1)
	var el []engine.Mark
	for x := 0; x < 81; x++ {
		if g.Cand[x]&bit == 0 {
			continue
		}
		all := true
		for _, e := range extra {
			if !sees(x, e) {
				all = false
				break
			}
		}
		if all {
			el = append(el, engine.Mark{Cell: x, Value: z})
		}
	}
	add(2, base, el, func() string {
		return fmt.Sprintf("%s: one of %s must hold %d, so cells that see them all lose %d.", intro(), cellsText(extra), z, z)
	}, nil)
}

// loopType3: the two extra cells act as one cell holding their extra
// digits, which makes a naked or hidden subset with other cells of a
// house they share. Subset sizes 2 to 7; houses box, row, column.
func loopType3(g *Grid, c1, c2 int, pair, rest uint16, base int, add addFunc, intro func() string) {
	for deg := 2; deg <= 7; deg++ {
		for t := 0; t < 3; t++ {
			h := cellHouseOf(c1, t)
			if cellHouseOf(c2, t) != h {
				continue
			}
			empty := g.empty(h)
			var i1, i2 int
			for i, x := range houses[h] {
				switch int(x) {
				case c1:
					i1 = i
				case c2:
					i2 = i
				}
			}
			if deg*2 <= empty && deg >= count(rest) {
				// Cells with fewer than two candidates never join the set;
				// leaving them (and c1, c2) out keeps serate's order.
				var pool uint16
				for i, x := range houses[h] {
					if i != i1 && i != i2 && count(g.Cand[x]) >= 2 {
						pool |= 1 << i
					}
				}
				combosIn(deg-1, pool, func(sel uint16) bool {
					sel |= 1 << i1
					naked := rest & g.Cand[c1] & g.Cand[c2]
					union := rest
					var others []int
					for m := sel &^ (1 << i1); m != 0; m &= m - 1 {
						x := int(houses[h][lowDigit(m)-1])
						p := g.Cand[x]
						if count(p) < 2 {
							return true
						}
						naked |= p
						union |= p
						others = append(others, x)
					}
					if count(naked) != deg || count(union) != deg {
						return true
					}
					var el []engine.Mark
					for i, x := range houses[h] {
						if sel&(1<<i) != 0 || i == i2 {
							continue
						}
						for m := g.Cand[x] & union; m != 0; m &= m - 1 {
							el = append(el, engine.Mark{Cell: int(x), Value: lowDigit(m)})
						}
					}
					add(3, base+deg-1, el, func() string {
						return fmt.Sprintf("%s: %s must hold one of %s, which with %s makes a naked set of %s in %s: the rest of %s loses %s.",
							intro(), andList([]string{cellName(c1), cellName(c2)}), digitsText(rest), cellsText(others), digitsText(union), houseName(h), houseName(h), digitsText(union))
					}, others)
					return true
				})
			}
			if deg*2 < empty {
				var remain []int
				for d := 1; d <= 9; d++ {
					if (pair|rest)&(1<<(d-1)) == 0 {
						remain = append(remain, d)
					}
				}
				if deg-2 > len(remain) {
					continue
				}
				try := func(sel uint16) bool {
					digits := pair
					for m := sel; m != 0; m &= m - 1 {
						digits |= 1 << (remain[lowDigit(m)-1] - 1)
					}
					var union uint16
					for m := digits; m != 0; m &= m - 1 {
						p := g.positions(h, m&-m) &^ (1 << i2)
						if p == 0 {
							return true
						}
						union |= p
					}
					if count(union) != deg {
						return true
					}
					cells := union &^ (1<<i1 | 1<<i2)
					var el []engine.Mark
					var others []int
					for m := cells; m != 0; m &= m - 1 {
						x := int(houses[h][lowDigit(m)-1])
						others = append(others, x)
						for o := g.Cand[x] &^ digits; o != 0; o &= o - 1 {
							el = append(el, engine.Mark{Cell: x, Value: lowDigit(o)})
						}
					}
					add(3, base+count(cells)-1, el, func() string {
						return fmt.Sprintf("%s: one of %s keeps %s, so in %s the digits %s fit only %s and one of them: those cells lose their other candidates.",
							intro(), andList([]string{cellName(c1), cellName(c2)}), digitsText(pair), houseName(h), digitsText(digits), cellsText(others))
					}, others)
					return true
				}
				if deg == 2 {
					try(0)
				} else {
					combos(deg-2, len(remain), try)
				}
			}
		}
	}
}

// loopType4: if one digit of the pair is confined, in a house the two
// extra cells share, to those cells, the other digit leaves them.
func loopType4(g *Grid, c1, c2 int, pair uint16, base int, add addFunc, intro func() string) {
	v1, v2 := lowDigit(pair), lowDigit(pair&(pair-1))
	h1, h2 := -1, -1
	for t := 0; t < 3; t++ {
		h := cellHouseOf(c1, t)
		if cellHouseOf(c2, t) != h {
			continue
		}
		var others uint16
		for _, x := range houses[h] {
			if int(x) != c1 && int(x) != c2 {
				others |= g.Cand[x]
			}
		}
		if others&(1<<(v1-1)) == 0 {
			h1 = h
		}
		if others&(1<<(v2-1)) == 0 {
			h2 = h
		}
	}
	lock, rem, h := v1, v2, h1
	if h1 < 0 {
		lock, rem, h = v2, v1, h2
	}
	if h < 0 {
		return
	}
	el := []engine.Mark{{Cell: c1, Value: rem}, {Cell: c2, Value: rem}}
	add(4, base, el, func() string {
		return fmt.Sprintf("%s: in %s, %d must go in %s or %s, so neither can hold %d.",
			intro(), houseName(h), lock, cellName(c1), cellName(c2), rem)
	}, nil)
}
