package pencilbox

import (
	"fmt"
	"slices"
	"strings"

	"pencilbox/engine"
)

// PendingWord is what a filter on a scale takes for the puzzles the
// rating queue has not rated yet (er=pending, --er pending), and what
// lists, pages and exports show in place of their figures: never a
// number. No kind may declare it as a scale's key (engine.CheckScales).
const PendingWord = "pending"

// Terms are what one kind declares beside its ladder: the figures of its
// second rating (engine.Scale, in slot order) and its own verdict
// (engine.Verdict), as the parsers, pages and exports read them.
type Terms struct {
	Kind       string
	Title      string
	Scales     []engine.Scale
	Verdict    engine.Verdict
	HasVerdict bool
}

// Vocabulary is the registered kinds' Terms in registration order: the
// one place shared code learns which scale keys ("er") and verdict keys
// ("hyp") users may type, which kinds they belong to, and how to show
// them. It never names a kind's scale itself.
type Vocabulary []Terms

// NewVocabulary reads the declarations of the registered kinds.
func NewVocabulary(kinds engine.Registry, second engine.SecondRaters) Vocabulary {
	out := make(Vocabulary, 0, len(kinds))
	for _, k := range kinds {
		t := Terms{Kind: k.Name(), Title: k.Title(), Scales: second.ScalesOf(k.Name())}
		t.Verdict, t.HasVerdict = engine.VerdictOf(k)
		out = append(out, t)
	}
	return out
}

// Of is kind's Terms (ok false for a kind not registered).
func (v Vocabulary) Of(kind string) (Terms, bool) {
	for _, t := range v {
		if t.Kind == kind {
			return t, true
		}
	}
	return Terms{}, false
}

// shared reports whether every registered kind declares what has says.
func (v Vocabulary) shared(has func(Terms) bool) bool {
	if len(v) == 0 {
		return false
	}
	for _, t := range v {
		if !has(t) {
			return false
		}
	}
	return true
}

// FirstScale is the scale the list shows in its column, filters and
// sorts on for kind: the kind's first, or with no kind ("") the first
// scale of the first kind when every registered kind declares one under
// the same key (a column means the same for every row, or there is
// none). ok is false when there is none.
func (v Vocabulary) FirstScale(kind string) (engine.Scale, bool) {
	if kind != "" {
		t, ok := v.Of(kind)
		if !ok || len(t.Scales) == 0 {
			return engine.Scale{}, false
		}
		return t.Scales[0], true
	}
	if len(v) == 0 || len(v[0].Scales) == 0 {
		return engine.Scale{}, false
	}
	key := v[0].Scales[0].Key
	if !v.shared(func(t Terms) bool { return len(t.Scales) > 0 && t.Scales[0].Key == key }) {
		return engine.Scale{}, false
	}
	return v[0].Scales[0], true
}

// AnyFirstScale is the first scale of the kinds given (every registered
// kind when none) that have one, when they agree on its key: what a
// booklet of those kinds may caption and order by (a puzzle of a kind
// without it simply has none). ok is false when none has one or they
// differ.
func (v Vocabulary) AnyFirstScale(kinds []string) (engine.Scale, bool) {
	var out engine.Scale
	found := false
	for _, t := range v {
		if len(t.Scales) == 0 || (len(kinds) > 0 && !slices.Contains(kinds, t.Kind)) {
			continue
		}
		if found && t.Scales[0].Key != out.Key {
			return engine.Scale{}, false
		}
		out, found = t.Scales[0], true
	}
	return out, found
}

// VerdictFor is the verdict the list offers for kind: the kind's own, or
// with no kind the first kind's when every registered kind declares one
// under the same key.
func (v Vocabulary) VerdictFor(kind string) (engine.Verdict, bool) {
	if kind != "" {
		t, ok := v.Of(kind)
		return t.Verdict, ok && t.HasVerdict
	}
	if len(v) == 0 || !v[0].HasVerdict {
		return engine.Verdict{}, false
	}
	key := v[0].Verdict.Key
	if !v.shared(func(t Terms) bool { return t.HasVerdict && t.Verdict.Key == key }) {
		return engine.Verdict{}, false
	}
	return v[0].Verdict, true
}

// ScaleKeys are the filterable scales of every kind, one per key, in
// registration order: the query parameters and flags a parser reads.
func (v Vocabulary) ScaleKeys() []engine.Scale {
	var out []engine.Scale
	for _, t := range v {
		for _, s := range t.Scales {
			if s.Filter && !slices.ContainsFunc(out, func(o engine.Scale) bool { return o.Key == s.Key }) {
				out = append(out, s)
			}
		}
	}
	return out
}

// SortKeys are the sortable scales of every kind, one per key.
func (v Vocabulary) SortKeys() []engine.Scale {
	var out []engine.Scale
	for _, t := range v {
		for _, s := range t.Scales {
			if s.Sort && !slices.ContainsFunc(out, func(o engine.Scale) bool { return o.Key == s.Key }) {
				out = append(out, s)
			}
		}
	}
	return out
}

// VerdictKeys are the verdicts of every kind, one per key.
func (v Vocabulary) VerdictKeys() []engine.Verdict {
	var out []engine.Verdict
	for _, t := range v {
		if t.HasVerdict && !slices.ContainsFunc(out, func(o engine.Verdict) bool { return o.Key == t.Verdict.Key }) {
			out = append(out, t.Verdict)
		}
	}
	return out
}

// AllScales are every kind's scales, one per key, in registration order:
// the csv columns of an export.
func (v Vocabulary) AllScales() []engine.Scale {
	var out []engine.Scale
	for _, t := range v {
		for _, s := range t.Scales {
			if !slices.ContainsFunc(out, func(o engine.Scale) bool { return o.Key == s.Key }) {
				out = append(out, s)
			}
		}
	}
	return out
}

// KindsWith lists the kinds declaring key as their first scale, and
// whether another kind keeps a different scale in that slot (then a
// filter on key must name its kinds, or it would read the other's
// figures).
func (v Vocabulary) KindsWith(key string) (kinds []string, mixed bool) {
	for _, t := range v {
		switch {
		case len(t.Scales) > 0 && t.Scales[0].Key == key:
			kinds = append(kinds, t.Kind)
		case len(t.Scales) > 0:
			mixed = true
		}
	}
	return kinds, mixed
}

// scaleKinds is the restriction a filter on key needs beside kind (the
// one chosen, "" = any): nil when none, an empty non-nil list when kind
// does not declare it (nothing matches).
func (v Vocabulary) scaleKinds(key, kind string) []string {
	kinds, mixed := v.KindsWith(key)
	if kind != "" {
		if slices.Contains(kinds, kind) {
			return nil
		}
		return []string{}
	}
	if !mixed {
		return nil
	}
	return kinds
}

// ApplyScale sets f's bound on the first scale from text, a range of the
// scale whose key is key ("6.5-7.5", "7-": ParseScaleRange), within the
// scale's declared range. The bound applies to the kinds that declare
// key: a kind chosen without it matches nothing (as a kind without the
// rating always did), and with no kind chosen the others are left out
// when they keep another scale in its slot. what names it in errors ("ER",
// "--er"). One scale filter at a time: the first slot is the only one
// indexed.
func (v Vocabulary) ApplyScale(f *Filter, key, text, what string) error {
	var sc engine.Scale
	found := false
	for _, s := range v.ScaleKeys() {
		if s.Key == key {
			sc, found = s, true
		}
	}
	if !found {
		return fmt.Errorf("%s: no kind has a scale %q to filter on", what, key)
	}
	if f.ScaleKey != "" && f.ScaleKey != key && strings.TrimSpace(text) != "" {
		return fmt.Errorf("%s: one scale filter at a time (%s is given too)", what, f.ScaleKey)
	}
	if strings.EqualFold(strings.TrimSpace(text), PendingWord) {
		// Always restricted to the kinds that declare key: another kind
		// has nothing pending on it, whatever its flag says.
		kinds, _ := v.KindsWith(key)
		switch {
		case f.Kind != "" && slices.Contains(kinds, f.Kind):
			kinds = []string{f.Kind}
		case f.Kind != "":
			kinds = []string{}
		}
		f.ScaleKey, f.ScalePending, f.ScaleKinds = key, true, kinds
		return nil
	}
	lo, hi, err := ParseScaleRange(text, what)
	if err != nil || (lo == 0 && hi == 0) {
		return err
	}
	if lo > sc.Max || hi > sc.Max || (lo > 0 && lo < sc.Min) {
		return fmt.Errorf("%s %q: %s runs from %s to %s", what, text, sc.Short, sc.Format(sc.Min), sc.Format(sc.Max))
	}
	if f.ScaleKey != "" && f.ScaleKey != key {
		return fmt.Errorf("%s: one scale filter at a time (%s is given too)", what, f.ScaleKey)
	}
	f.ScaleKey, f.ScaleMin, f.ScaleMax = key, lo, hi
	f.ScaleKinds = v.scaleKinds(key, f.Kind)
	return nil
}

// IsScaleSort reports whether sort is a scale's key (not one of the
// fixed sorts): ApplySort reads it.
func (v Vocabulary) IsScaleSort(sort string) bool {
	return slices.ContainsFunc(v.SortKeys(), func(s engine.Scale) bool { return s.Key == sort })
}

// ApplySort sets f's sort to the first scale whose key is key. A kind
// chosen without that scale lists in id order (its puzzles have no
// figure to sort by, as before); with no kind chosen while another kind
// keeps a different scale in the slot, the sort would mix the two, so it
// is refused: choose a kind.
func (v Vocabulary) ApplySort(f *Filter, key string) error {
	if !slices.ContainsFunc(v.SortKeys(), func(s engine.Scale) bool { return s.Key == key }) {
		return fmt.Errorf("no kind has a scale %q to sort by", key)
	}
	switch k := v.scaleKinds(key, f.Kind); {
	case k == nil:
		f.Sort = SortScale
		// the kinds whose unrated puzzles sort as pending
		f.SortKinds, _ = v.KindsWith(key)
		if f.Kind != "" {
			f.SortKinds = []string{f.Kind}
		}
	case f.Kind != "":
		f.Sort = SortID
	default:
		return fmt.Errorf("sort %s: choose a kind (%s is a scale of %v only)", key, key, k)
	}
	return nil
}

// ApplyVerdict sets f's verdict filter from text ("yes" or "no") for the
// verdict whose key is key, restricted as ApplyScale restricts a scale.
func (v Vocabulary) ApplyVerdict(f *Filter, key, text, what string) error {
	yn, err := ParseYesNo(text, what)
	if err != nil || yn == "" {
		return err
	}
	var kinds []string
	mixed := false
	for _, t := range v {
		switch {
		case t.HasVerdict && t.Verdict.Key == key:
			kinds = append(kinds, t.Kind)
		case t.HasVerdict:
			mixed = true
		}
	}
	if len(kinds) == 0 {
		return fmt.Errorf("%s: no kind has a verdict %q", what, key)
	}
	if f.VerdictKey != "" && f.VerdictKey != key {
		return fmt.Errorf("%s: one verdict filter at a time (%s is given too)", what, f.VerdictKey)
	}
	f.VerdictKey = key
	f.Verdict = engine.No
	if yn == "yes" {
		f.Verdict = engine.Yes
	}
	switch {
	case f.Kind != "" && !slices.Contains(kinds, f.Kind):
		f.VerdictKinds = []string{}
	case f.Kind == "" && mixed:
		f.VerdictKinds = kinds
	default:
		f.VerdictKinds = nil
	}
	return nil
}
