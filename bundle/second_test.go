package bundle_test

import (
	"strings"
	"testing"

	"pencilbox/bundle"
	"pencilbox/engine"
	akarikind "pencilbox/kinds/akari/kind"
	sudokukind "pencilbox/kinds/sudoku/kind"
)

// scaled is Sudoku with other scales declared, to check the registry's
// refusal of what the library cannot store.
type scaled struct {
	sudokukind.Bundle
	scales []engine.Scale
}

func (s scaled) SecondRater() engine.SecondRater { return declRater{s.scales} }

type declRater struct{ scales []engine.Scale }

func (declRater) RateSecond(engine.Puzzle, bool) engine.SecondRating { return engine.SecondRating{} }
func (r declRater) Scales() []engine.Scale                           { return r.scales }

func TestRegistryCheck(t *testing.T) {
	if err := (bundle.Registry{sudokukind.Bundle{}, akarikind.Bundle{}}).Check(); err != nil {
		t.Fatalf("the registered kinds: %v", err)
	}
	one := engine.Scale{Key: "a", Short: "A", Max: 10, Decimals: 1, Filter: true, Sort: true}
	b := one
	b.Key, b.Filter, b.Sort = "b", false, false
	c, d := b, b
	c.Key, d.Key = "c", "d"
	for _, tc := range []struct {
		what   string
		scales []engine.Scale
		want   string
	}{
		{"none", nil, "declares no scale"},
		{"more than the slots", []engine.Scale{one, b, c, d}, "at most 3"},
		{"a key twice", []engine.Scale{one, one}, "declared twice"},
		{"a filter on the second", []engine.Scale{one, func() engine.Scale { x := b; x.Filter = true; return x }()}, "only the first"},
		{"an empty range", []engine.Scale{func() engine.Scale { x := one; x.Max = 0; return x }()}, "empty"},
		{"no key", []engine.Scale{func() engine.Scale { x := one; x.Key = ""; return x }()}, "a key"},
		{"a key users cannot type", []engine.Scale{func() engine.Scale { x := one; x.Key = "E R"; return x }()}, "lowercase"},
	} {
		err := (bundle.Registry{scaled{scales: tc.scales}}).Check()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.what, err, tc.want)
		}
	}
	if err := (bundle.Registry{scaled{scales: []engine.Scale{one, b, c}}}).Check(); err != nil {
		t.Errorf("three scales, the first filtered: %v", err)
	}
}
