// Package templates holds the web admin's templ components: the pages and
// the boards' view. Shared pages never switch on a kind: they call the
// KindView registered under the puzzle's kind name (wired in cmd), which
// is DrawnView over the kind's describer: the shared SVG back end drawing
// the kind's description of its board.
package templates

import (
	"path"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"pencilbox/engine"
	"pencilbox/web/model"
)

// KindView draws one kind's puzzles (DrawnView for every registered
// kind; a kind without a describer shows its givens as text).
type KindView interface {
	// Thumb is a small SVG picture of the givens for the library list.
	Thumb(p model.Puzzle) templ.Component
	// Board is the large SVG grid; with solution != "" the solution is
	// drawn over the givens.
	Board(p model.Puzzle, solution string) templ.Component
	// Step draws the board before step n (0-based) of steps, marking that
	// step's pattern, eliminations (red, struck) and placements (green);
	// n == len(steps) draws the board after the last step.
	Step(p model.Puzzle, steps []engine.Step, n int) (templ.Component, error)
}

// Views maps kind names to their views.
type Views map[string]KindView

// View returns the view of a kind, or a plain fallback that shows the
// givens as text.
func (v Views) View(kind string) KindView {
	if kv, ok := v[kind]; ok {
		return kv
	}
	return textView{}
}

type textView struct{}

func (textView) Thumb(p model.Puzzle) templ.Component { return givensText(p.Givens) }
func (textView) Board(p model.Puzzle, solution string) templ.Component {
	if solution != "" {
		return givensText(solution)
	}
	return givensText(p.Givens)
}
func (textView) Step(p model.Puzzle, steps []engine.Step, n int) (templ.Component, error) {
	return givensText(p.Givens), nil
}

func itoa(n int) string { return strconv.Itoa(n) }

// fileName is a source file's base name: the server's paths (where the
// command line read a file, or an upload's temporary copy) are not the
// curator's business.
func fileName(p string) string {
	if p == "" {
		return ""
	}
	return path.Base(strings.ReplaceAll(p, `\`, "/"))
}

// lineText is a rejected record's line; a whole-file error (line 0) has
// none, so its cell stays empty.
func lineText(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}
