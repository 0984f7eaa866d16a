package explainer

import (
	"math/rand/v2"
	"testing"
)

// TestPlusTableAsMap: the "+" memo's table answers as the map it replaced
// (map[Grid]*plusAnswers, emptied when a grid is added to a full one):
// a grid met again gets its entry back, a new grid a new empty entry, and
// the table is emptied at the same moments; grids of the same candidates
// and other values (the same hash) are told apart.
func TestPlusTableAsMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 5))
	var pool []Grid
	for range 60 {
		var g Grid
		for x := range 81 {
			g.Cand[x] = uint16(rng.IntN(512))
		}
		pool = append(pool, g)
		h := g
		h.Value[rng.IntN(81)] = uint8(1 + rng.IntN(9)) // same hash, another grid
		pool = append(pool, h)
	}
	for _, limit := range []int{1, 3, 17, 200} {
		var tab plusTable
		ref := map[Grid]*plusAnswers{}
		mine := map[Grid]*plusAnswers{} // what tab gave for each grid since its last clear
		clears := 0
		for step := range 5000 {
			g := pool[rng.IntN(len(pool))]
			want, known := ref[g]
			if !known {
				if len(ref) >= limit {
					clear(ref)
					clear(mine)
					clears++
				}
				want = &plusAnswers{}
				ref[g] = want
			}
			got := tab.answers(&g, limit)
			if known {
				if got != mine[g] {
					t.Fatalf("limit %d, step %d: a grid met again got another entry", limit, step)
				}
			} else {
				if got.known != 0 {
					t.Fatalf("limit %d, step %d: a new grid got a used entry", limit, step)
				}
				for h, p := range mine {
					if p == got && h != g {
						t.Fatalf("limit %d, step %d: a new grid got another grid's entry", limit, step)
					}
				}
				mine[g] = got
			}
			got.known |= 1 << rng.IntN(numPlus)
			if tab.len() != len(ref) {
				t.Fatalf("limit %d, step %d: the table holds %d grids, the map %d", limit, step, tab.len(), len(ref))
			}
		}
		if clears == 0 && limit < len(pool) {
			t.Fatalf("limit %d: never emptied", limit)
		}
		tab.reset()
		if tab.len() != 0 {
			t.Fatal("reset kept grids")
		}
		g := pool[0]
		if tab.answers(&g, limit).known != 0 {
			t.Fatal("reset kept answers")
		}
	}
}
