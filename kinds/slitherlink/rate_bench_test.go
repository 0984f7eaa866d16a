package slitherlink_test

import (
	"strings"
	"testing"

	"pencilbox/kinds/slitherlink"
)

// BenchmarkLadderTatham10 rates the 10x10 Tatham dev puzzles of one level
// on the ladder (the solution given: no solve), one puzzle per op.
func BenchmarkLadderTatham10(b *testing.B) {
	all := loadSgt(b)
	for _, lv := range []string{"Easy", "Normal", "Tricky", "Hard"} {
		var set []sgtRec
		for _, r := range all {
			if strings.HasPrefix(r.id, "10x10") && r.level == levelOf[lv] {
				set = append(set, r)
			}
		}
		b.Run(lv, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r := set[i%len(set)]
				slitherlink.RateSolved(r.p, r.sol, false)
			}
		})
	}
}
