package killer

import (
	"math/rand/v2"
	"testing"
)

// TestFitDigits: the digits each cell can hold in an assignment of
// distinct digits adding to the sum equal brute force's, on random cells.
func TestFitDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 3000 {
		n := []int{4, 6, 9}[rng.IntN(3)]
		k := 1 + rng.IntN(min(n, 6))
		cand := make([]uint16, k)
		for i := range cand {
			cand[i] = uint16(rng.IntN(1<<uint(n))) << 1
		}
		lo, hi := k*(k+1)/2, k*(2*n-k+1)/2
		sum := lo + rng.IntN(hi-lo+1)
		got, _ := fitDigits(cand, n, sum)
		var want [maxN]uint16
		var cur [maxN]int
		var walk func(i int, used uint16, left int)
		walk = func(i int, used uint16, left int) {
			if i == k {
				if left == 0 {
					for j := range k {
						want[j] |= bit(cur[j])
					}
				}
				return
			}
			for d := 1; d <= n; d++ {
				if cand[i]&bit(d) != 0 && used&bit(d) == 0 && d <= left {
					cur[i] = d
					walk(i+1, used|bit(d), left-d)
				}
			}
		}
		walk(0, 0, sum)
		if got != want {
			t.Fatalf("cells %b sum %d (n %d): got %b, want %b", cand, sum, n, got[:k], want[:k])
		}
	}
}
