package explainer

import (
	"fmt"
	"testing"
)

// TestPlaceCacheKeepsHints: every basic hinter of the path, asked on the
// states of the sample's paths through one Context that keeps the place
// table from grid to grid (as a rating's does), gives the same hints, in
// the same order, as asked with no table kept; and the kept table was
// used.
func TestPlaceCacheKeepsHints(t *testing.T) {
	kept := Context{Steps: true, Limit: DefaultWorkLimit, pc: &placeCache{}}
	compared, reused := 0, 0
	for i, g := range stuckGrids(t) {
		for _, r := range path() {
			if r.order >= OrderForcingChains {
				break
			}
			fresh := Context{Steps: true, Limit: DefaultWorkLimit}
			var want, got all
			r.hinter.Hints(&g, &fresh, &want)
			had := kept.pc.ok && kept.pc.g == g
			r.hinter.Hints(&g, &kept, &got)
			if a, b := hintsText(got.hints), hintsText(want.hints); a != b {
				t.Fatalf("grid %d, %s: with the kept table\n%s\nwithout\n%s", i, r.name, a, b)
			}
			if had {
				reused++
			}
			compared += len(want.hints)
		}
	}
	t.Logf("%d hints compared, the kept table reused %d times", compared, reused)
	if compared == 0 || reused == 0 {
		t.Fatalf("%d hints compared, the kept table reused %d times: nothing was tested", compared, reused)
	}
}

// refLocks is forEachLock written plainly: every base house of the pair's
// type, every digit with two or more places there, the cover house of the
// other type that holds all of them, if any.
func refLocks(g *Grid) []string {
	var out []string
	for _, pair := range lockingPairs {
		for d := 1; d <= 9; d++ {
			bit := uint16(1) << (d - 1)
			for b1 := pair[0]; b1 < pair[0]+9; b1++ {
				var cells []int
				for _, x := range houses[b1] {
					if g.Cand[x]&bit != 0 {
						cells = append(cells, int(x))
					}
				}
				if len(cells) < 2 {
					continue
				}
				for b2 := pair[1]; b2 < pair[1]+9; b2++ {
					in := true
					for _, x := range cells {
						if !inHouse(x, b2) {
							in = false
						}
					}
					if in {
						out = append(out, fmt.Sprintf("%d %d %d", d, b1, b2))
					}
				}
			}
		}
	}
	return out
}

// TestForEachLock: the locked candidates forEachLock finds with its masks
// are the plain search's, in the same order, on every state of the
// sample's paths.
func TestForEachLock(t *testing.T) {
	n := 0
	for i, g := range stuckGrids(t) {
		var tb placeTable
		g.places(&tb)
		var got []string
		forEachLock(&g, &tb, func(d, b1, b2 int) bool {
			got = append(got, fmt.Sprintf("%d %d %d", d, b1, b2))
			return true
		})
		want := refLocks(&g)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("grid %d: got %v, want %v", i, got, want)
		}
		n += len(want)
	}
	if n == 0 {
		t.Fatal("no locked candidates found")
	}
	t.Logf("%d locked candidates compared", n)
}

// TestCrossSlots: for every box and line that cross, crossSlots marks
// exactly the slots of the first whose cells lie in the second.
func TestCrossSlots(t *testing.T) {
	n := 0
	for a := 0; a < 27; a++ {
		for b := 0; b < 27; b++ {
			if (a >= 18) == (b >= 18) || !crosses(a, b) {
				continue
			}
			var want uint16
			for i, x := range houses[a] {
				if inHouse(int(x), b) {
					want |= 1 << i
				}
			}
			if got := crossSlots(a, b); got != want {
				t.Errorf("crossSlots(%d, %d) = %09b, want %09b", a, b, got, want)
			}
			n++
		}
	}
	if n != 2*9*6 {
		t.Fatalf("%d crossing pairs, want %d", n, 2*9*6)
	}
}
