package templates

import (
	"strings"

	"pencilbox/engine"
	"pencilbox/web/model"
)

// listScale is the scale the library list shows in a column and offers a
// filter and a sort on: the chosen kind's first scale; with no kind, one
// every registered kind declares under the same key
// (pencilbox.Vocabulary.FirstScale: with Sudoku and Akari, none); and
// else the scale the query already filters or sorts on, so a filter in
// effect is always shown and can be cleared. ok is false when there is
// none: an Akari list shows no scale field.
func (l Library) listScale() (engine.Scale, bool) {
	if sc, ok := l.Vocab.FirstScale(l.Query.Get("kind")); ok {
		return sc, true
	}
	for _, sc := range append(l.Vocab.ScaleKeys(), l.Vocab.SortKeys()...) {
		if l.Query.Get(sc.Key) != "" || l.Query.Get("sort") == sc.Key {
			return sc, true
		}
	}
	return engine.Scale{}, false
}

// listVerdict is the verdict the list offers a filter on, chosen as
// listScale chooses the scale.
func (l Library) listVerdict() (engine.Verdict, bool) {
	if v, ok := l.Vocab.VerdictFor(l.Query.Get("kind")); ok {
		return v, true
	}
	for _, v := range l.Vocab.VerdictKeys() {
		if l.Query.Get(v.Key) != "" {
			return v, true
		}
	}
	return engine.Verdict{}, false
}

// sorts are the list's sort choices: the fixed ones, then the shown
// scale's key when it offers a sort.
func (l Library) sorts() []string {
	out := append([]string(nil), model.Sorts...)
	if sc, ok := l.listScale(); ok && sc.Sort {
		out = append(out, sc.Key)
	}
	return out
}

// figureText is p's figure of the scale key, as its scale prints it; ""
// when p's kind has no such scale or p no rating.
func figureText(p model.Puzzle, key string) string {
	if f, ok := p.Figure(key); ok {
		return f.Text
	}
	return ""
}

// figureLabels and figureTexts are a puzzle's figures as the puzzle page
// lists them: "ER / EP / ED" and "7.2 / 7.2 / 2.6".
func figureLabels(fs []model.Figure) string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Short
	}
	return strings.Join(out, " / ")
}

func figureTexts(fs []model.Figure) string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Text
	}
	return strings.Join(out, " / ")
}
