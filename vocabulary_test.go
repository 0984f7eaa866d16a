package pencilbox_test

import (
	"slices"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/engine"
)

// vocab: a kind with ER-like scales and a verdict, one without any, and
// one keeping another scale in the first slot.
func vocab() pencilbox.Vocabulary {
	er := engine.Scale{Key: "er", Short: "ER", Max: 100, Decimals: 1, Filter: true, Sort: true}
	ep := engine.Scale{Key: "ep", Short: "EP", Max: 100, Decimals: 1}
	moves := engine.Scale{Key: "moves", Short: "Mv", Max: 16, Filter: true, Sort: true}
	return pencilbox.Vocabulary{
		{Kind: "a", Scales: []engine.Scale{er, ep}, Verdict: engine.Verdict{Key: "hyp", Field: "hypothesis", Name: "H"}, HasVerdict: true},
		{Kind: "b"},
		{Kind: "c", Scales: []engine.Scale{moves}},
	}
}

func TestVocabularyScaleFilter(t *testing.T) {
	v := vocab()
	for _, tc := range []struct {
		kind, key, text string
		lo, hi          float64
		kinds           []string // nil: none added
		says            string
	}{
		{"", "er", "6.5-7.5", 6.5, 7.5, []string{"a"}, ""},      // c keeps moves in the slot
		{"a", "er", "7-", 7, 0, nil, ""},                        // the kind chosen declares it
		{"b", "er", "7-", 7, 0, []string{}, ""},                 // it does not: nothing matches
		{"c", "er", "7-", 7, 0, []string{}, ""},                 // nor here, though its slot holds moves
		{"", "moves", "3", 3, 3, []string{"c"}, ""},             // and the other way round
		{"", "er", "", 0, 0, nil, ""},                           // not given
		{"", "moves", "17-", 0, 0, nil, "Mv runs from 0 to 16"}, // outside the declared range
		{"", "ep", "3", 0, 0, nil, "no kind has a scale \"ep\" to filter on"},
		{"", "er", "x", 0, 0, nil, "want a rating or a range"},
	} {
		f := pencilbox.Filter{Kind: tc.kind}
		err := v.ApplyScale(&f, tc.key, tc.text, tc.key)
		if tc.says != "" {
			if err == nil || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("%s=%s (kind %q): %v, want an error saying %q", tc.key, tc.text, tc.kind, err, tc.says)
			}
			continue
		}
		if err != nil || f.ScaleMin != tc.lo || f.ScaleMax != tc.hi || !slices.Equal(f.ScaleKinds, tc.kinds) || (f.ScaleKinds == nil) != (tc.kinds == nil) {
			t.Errorf("%s=%s (kind %q): %v-%v kinds %#v, %v; want %v-%v kinds %#v", tc.key, tc.text, tc.kind, f.ScaleMin, f.ScaleMax, f.ScaleKinds, err, tc.lo, tc.hi, tc.kinds)
		}
	}
	f := pencilbox.Filter{}
	if err := v.ApplyScale(&f, "er", "7-", "er"); err != nil {
		t.Fatal(err)
	}
	if err := v.ApplyScale(&f, "moves", "3-", "moves"); err == nil || !strings.Contains(err.Error(), "one scale filter at a time") {
		t.Errorf("two scale filters: %v", err)
	}
}

func TestVocabularySortAndOffer(t *testing.T) {
	v := vocab()
	f := pencilbox.Filter{Kind: "a"}
	if err := v.ApplySort(&f, "er"); err != nil || f.Sort != pencilbox.SortScale {
		t.Errorf("sort=er of kind a: %q, %v", f.Sort, err)
	}
	f = pencilbox.Filter{Kind: "b"}
	if err := v.ApplySort(&f, "er"); err != nil || f.Sort != pencilbox.SortID {
		t.Errorf("sort=er of kind b (no such scale): %q, %v; want id order", f.Sort, err)
	}
	f = pencilbox.Filter{}
	if err := v.ApplySort(&f, "er"); err == nil || !strings.Contains(err.Error(), "choose a kind") {
		t.Errorf("sort=er with no kind while c keeps moves in the slot: %v", err)
	}
	if _, ok := v.FirstScale(""); ok {
		t.Error("with no kind, a first scale is offered though the kinds differ")
	}
	if sc, ok := v.FirstScale("c"); !ok || sc.Key != "moves" {
		t.Errorf("kind c's first scale: %v %v", sc, ok)
	}
	if _, ok := v.VerdictFor(""); ok {
		t.Error("with no kind, a verdict is offered though only kind a has one")
	}
	if sc, ok := v.AnyFirstScale([]string{"a", "b"}); !ok || sc.Key != "er" {
		t.Errorf("a booklet of a and b: %v %v, want er", sc, ok)
	}
	if _, ok := v.AnyFirstScale(nil); ok {
		t.Error("a booklet of every kind offers one scale though a and c differ")
	}
	same := pencilbox.Vocabulary{v[0], {Kind: "d", Scales: v[0].Scales, Verdict: v[0].Verdict, HasVerdict: true}}
	if sc, ok := same.FirstScale(""); !ok || sc.Key != "er" {
		t.Errorf("two kinds sharing er, no kind chosen: %v %v", sc, ok)
	}
	f = pencilbox.Filter{}
	if err := same.ApplyVerdict(&f, "hyp", "no", "hyp"); err != nil || f.Verdict != engine.No || f.VerdictKinds != nil {
		t.Errorf("hyp=no over kinds that all declare it: %v %v %v", f.Verdict, f.VerdictKinds, err)
	}
	f = pencilbox.Filter{}
	if err := v.ApplyVerdict(&f, "hyp", "maybe", "hyp"); err == nil || !strings.Contains(err.Error(), "want yes or no") {
		t.Errorf("hyp=maybe: %v", err)
	}
}
