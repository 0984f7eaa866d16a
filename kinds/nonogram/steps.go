package nonogram

import (
	"fmt"
	"strconv"
	"strings"

	"pencilbox/engine"
)

// describe makes the engine.Step of an applied step: Houses name the line
// a line step reasons on ("row 7", "column 3": the describer resolves
// them), Place marks every cell it decided as MarkFilled or MarkCrossed,
// and the sentence names the line, its clue and the cells.
func (r *rater) describe(st *lineStep) engine.Step {
	g := r.g
	out := engine.Step{Level: st.level, Technique: ladder[st.level-1].ID}
	for i, c := range st.cells {
		out.Place = append(out.Place, engine.Mark{Cell: int(c), Value: int(st.vals[i])})
	}
	switch st.level {
	case 1, 2:
		l := st.line
		out.Houses = []string{g.lineName(l)}
		var filled, crossed []int
		for i, c := range st.cells {
			pos := g.posIn(l, int(c))
			if st.vals[i] == full {
				filled = append(filled, pos)
			} else {
				crossed = append(crossed, pos)
			}
		}
		head := fmt.Sprintf("%s (%s): ", capital(g.lineName(l)), clueText(g.clues[l]))
		if st.level == 1 {
			var parts []string
			for _, run := range st.runs {
				parts = append(parts, fmt.Sprintf("%s must cover %s", runName(g.clues[l], run[0]), g.span(l, []int{run[1], run[2]}, true)))
			}
			if len(crossed) > 0 {
				verb := "is"
				if len(crossed) > 1 {
					verb = "are"
				}
				parts = append(parts, fmt.Sprintf("%s %s out of reach of every run", g.span(l, crossed, false), verb))
			}
			out.Sentence = head + strings.Join(parts, "; ") + "."
			return out
		}
		var parts []string
		if len(filled) > 0 {
			parts = append(parts, "fills "+g.span(l, filled, false))
		}
		if len(crossed) > 0 {
			parts = append(parts, "crosses "+g.span(l, crossed, false))
		}
		out.Sentence = head + "every placement of its runs that fits the known cells " + strings.Join(parts, " and ") + "."
	case 3:
		c := st.cell
		out.Pattern = []int{c}
		out.Assumption = engine.CellName(c, g.w) + " " + stateWord(st.val)
		out.Contradiction = g.lineName(st.bad)
		out.Sentence = fmt.Sprintf("Suppose %s is %s: line solving then leaves %s (%s) no placement of its runs, so %s is %s.",
			engine.CellName(c, g.w), stateWord(st.val), g.lineName(st.bad), clueText(g.clues[st.bad]),
			engine.CellName(c, g.w), stateWord(st.vals[0]))
	case 4:
		c := st.cell
		out.Pattern = []int{c}
		out.Sentence = fmt.Sprintf("No line and no single assumption decides a cell: try %s %s (as in the unique solution) and go on.",
			engine.CellName(c, g.w), stateWord(st.vals[0]))
	}
	return out
}

func stateWord(v int8) string {
	if v == full {
		return "filled"
	}
	return "empty"
}

func capital(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// clueText writes a clue as "3 1 2" ("0" for an empty line).
func clueText(clue []int) string {
	if len(clue) == 0 {
		return "0"
	}
	parts := make([]string, len(clue))
	for i, x := range clue {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}

var ordinals = []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}

// runName names run j of clue: "the 5", or "the second 1" when its length
// appears more than once.
func runName(clue []int, j int) string {
	same, nth := 0, 0
	for i, x := range clue {
		if x == clue[j] {
			same++
			if i <= j {
				nth = same
			}
		}
	}
	if same == 1 {
		return fmt.Sprintf("the %d", clue[j])
	}
	if nth <= len(ordinals) {
		return fmt.Sprintf("the %s %d", ordinals[nth-1], clue[j])
	}
	return fmt.Sprintf("run %d (%d)", j+1, clue[j])
}

// posIn is cell c's position along line l.
func (g *grid) posIn(l, c int) int {
	if l < g.h {
		return c % g.w
	}
	return c / g.w
}

// span names positions along line l: "c4-c6, c9" in a row, "r2-r3" in a
// column. With isRange, pos is a first and last position.
func (g *grid) span(l int, pos []int, isRange bool) string {
	p := "c"
	if l >= g.h {
		p = "r"
	}
	one := func(a, b int) string {
		if a == b {
			return fmt.Sprintf("%s%d", p, a+1)
		}
		return fmt.Sprintf("%s%d-%s%d", p, a+1, p, b+1)
	}
	if isRange {
		return one(pos[0], pos[1])
	}
	var parts []string
	for i := 0; i < len(pos); {
		j := i
		for j+1 < len(pos) && pos[j+1] == pos[j]+1 {
			j++
		}
		parts = append(parts, one(pos[i], pos[j]))
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
