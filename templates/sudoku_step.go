package templates

import (
	"fmt"
	"math"
	"regexp"
	"strconv"

	"pencilbox/engine"
)

// sdBoard is what sudokuBoard draws: the cells and, for a step, the
// drawing of its pattern.
type sdBoard struct {
	Cells   []sdCell
	Overlay sdOverlay
}

// sdOverlay draws one step's pattern as a reader of HoDoKu expects: a
// fish's base houses and cover houses shaded, a single's or a locking's
// house outlined, a wing's pivot and pincers and a rectangle's corners
// marked, a contradiction's cell or house in red, and a chain's links as
// arrows between candidate dots in order (strong solid, weak dashed).
type sdOverlay struct {
	Houses []sdHouse
	Marked []sdMarked
	Dots   []sdDot
	Arrows []sdArrow
}

type sdHouse struct {
	X, Y, W, H int
	Class      string // base, cover, unit, contra
	Title      string
}

type sdMarked struct {
	Cell  int
	Class string // pivot, pincer, corner, contra
	Title string
}

// sdDot is a candidate of a chain: on (true in the chain) or off.
type sdDot struct {
	X, Y  int
	Class string
}

// sdArrow is one link of a chain, from one candidate's dot to the next.
type sdArrow struct {
	X1, Y1, X2, Y2 float64
	Class          string // "link strong" or "link weak", plus " inner" for a nested chain's
	Order          int    // 1-based position in the step's links
	Chain          int
	Title          string
}

var (
	houseRE = regexp.MustCompile(`^(row|column|box) ([1-9])$`)
	cellRE  = regexp.MustCompile(`r([1-9])c([1-9])`)
)

// sdHouseRect is the rectangle of a house named as the sentences name it
// ("row 3", "column 5", "box 2").
func sdHouseRect(name, class string) (sdHouse, bool) {
	m := houseRE.FindStringSubmatch(name)
	if m == nil {
		return sdHouse{}, false
	}
	k, _ := strconv.Atoi(m[2])
	k--
	h := sdHouse{Class: class, Title: name}
	switch m[1] {
	case "row":
		h.X, h.Y, h.W, h.H = sdX(0), sdY(9*k), sdGridPx, sdSize
	case "column":
		h.X, h.Y, h.W, h.H = sdX(k), sdY(0), sdSize, sdGridPx
	default:
		h.X, h.Y, h.W, h.H = sdX(k%3*3), sdY(k/3*27), 3*sdSize, 3*sdSize
	}
	return h, true
}

// sdStepOverlay works out the drawing of step st.
func sdStepOverlay(st engine.Step) sdOverlay {
	var o sdOverlay
	addHouses := func(names []string, class string) {
		for _, n := range names {
			if h, ok := sdHouseRect(n, class); ok {
				o.Houses = append(o.Houses, h)
			}
		}
	}
	addHouses(st.Base, "base")
	addHouses(st.Cover, "cover")
	if len(st.Base) == 0 && len(st.Cover) == 0 {
		addHouses(st.Houses, "unit")
	}
	mark := func(cells []int, class, title string) {
		for _, c := range cells {
			if c >= 0 && c < 81 {
				o.Marked = append(o.Marked, sdMarked{Cell: c, Class: class, Title: title})
			}
		}
	}
	mark(st.Pivots, "pivot", "pivot")
	mark(st.Pincers, "pincer", "pincer")
	mark(st.Corners, "corner", "corner")
	if st.Contradiction != "" {
		if h, ok := sdHouseRect(st.Contradiction, "contra"); ok {
			o.Houses = append(o.Houses, h)
		} else if m := cellRE.FindStringSubmatch(st.Contradiction); m != nil {
			r, _ := strconv.Atoi(m[1])
			c, _ := strconv.Atoi(m[2])
			mark([]int{(r-1)*9 + c - 1}, "contra", "contradiction at "+m[0])
		}
	}
	seen := map[[2]int]int{} // candidate -> index in o.Dots
	dot := func(m engine.Mark, on bool) (float64, float64, bool) {
		if m.Cell < 0 || m.Cell >= 81 || m.Value < 1 || m.Value > 9 {
			return 0, 0, false
		}
		x, y := candCX(m.Cell, m.Value-1), candCY(m.Cell, m.Value-1)
		class := "node off"
		if on {
			class = "node on"
		}
		k := [2]int{m.Cell, m.Value}
		if _, ok := seen[k]; !ok {
			seen[k] = len(o.Dots)
			o.Dots = append(o.Dots, sdDot{X: x, Y: y, Class: class})
		}
		return float64(x), float64(y), true
	}
	for i, l := range st.Links {
		x1, y1, ok1 := dot(l.From, l.FromOn)
		x2, y2, ok2 := dot(l.To, l.ToOn)
		if !ok1 || !ok2 {
			continue
		}
		// From the edge of one dot to the edge of the next.
		dx, dy := x2-x1, y2-y1
		if d := math.Hypot(dx, dy); d > 20 {
			x1, y1 = x1+dx/d*9, y1+dy/d*9
			x2, y2 = x2-dx/d*9, y2-dy/d*9
		}
		class := "link weak"
		if l.Strong {
			class = "link strong"
		}
		if l.Parent > 0 {
			class += " inner"
		}
		o.Arrows = append(o.Arrows, sdArrow{X1: x1, Y1: y1, X2: x2, Y2: y2, Class: class, Order: i + 1, Chain: l.Chain,
			Title: fmt.Sprintf("%d. %s %s %s", i+1, candText(l.From, l.FromOn), arrowWord(l.Strong), candText(l.To, l.ToOn)),
		})
	}
	return o
}

func candText(m engine.Mark, on bool) string {
	s := "r" + itoa(m.Cell/9+1) + "c" + itoa(m.Cell%9+1)
	if on {
		return s + "=" + itoa(m.Value)
	}
	return s + "≠" + itoa(m.Value)
}

func arrowWord(strong bool) string {
	if strong {
		return "⇒ (strong)"
	}
	return "→ (weak)"
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }
