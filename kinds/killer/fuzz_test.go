package killer_test

import (
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/killer"
)

// FuzzParse: no text crashes the parser; a puzzle read writes back to
// itself in both notations, its canonical form parses and is the same for
// its images, it solves within a small limit to a solution that passes
// Check, and it draws.
func FuzzParse(f *testing.F) {
	f.Add("2x2k:p,a_a_a_aaa_____aa,6_4a7a3b4_7a3a6b")
	f.Add(small4)
	f.Add("3x3k:zzzc,_,1")
	f.Add("2x3k:zj,_a_b__aa_______a___aabaa__c_aba__b__aa,12_9a10_6e6a7_6b10_9a15_11_7g11b7c")
	f.Add("4x4\n10: r1c1 r1c2 r1c3 r1c4\n10: r2c1 r2c2 r2c3 r2c4\n10: r3c1 r3c2 r3c3 r3c4\n10: r4c1 r4c2 r4c3 r4c4\ngiven: r1c1=2\n")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := killer.Parse(text)
		if err != nil {
			return
		}
		for _, s := range []string{p.Givens(), p.CageList()} {
			q, err := killer.Parse(s)
			if err != nil || q.Givens() != p.Givens() {
				t.Fatalf("%q reads back as %v, %v", s, q, err)
			}
		}
		canon := p.Canonical()
		if _, err := killer.Parse(canon); err != nil {
			t.Fatalf("canonical %q: %v", canon, err)
		}
		if q := p.Transform(p.Symmetries() - 1); q.Canonical() != canon {
			t.Fatalf("image canonical %q, want %q", q.Canonical(), canon)
		}
		r := killer.SolveLimit(p, 2000)
		if r.Status == engine.Unique {
			if err := p.Check(r.Solution); err != nil {
				t.Fatalf("solution %s: %v", r.Solution, err)
			}
		}
		if _, err := (killer.Kind{}).Describe(p.Givens(), r.Solution); err != nil {
			t.Fatalf("describe: %v", err)
		}
	})
}
