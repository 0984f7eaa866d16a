package akari_test

import (
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"pencilbox/engine"
	"pencilbox/engine/akari"
)

func parseAll(tb testing.TB, recs []record) []*akari.Puzzle {
	tb.Helper()
	ps := make([]*akari.Puzzle, len(recs))
	for i, rc := range recs {
		p, err := akari.ParseTatham(rc.tatham)
		if err != nil {
			tb.Fatalf("%s: %v", rc.id, err)
		}
		ps[i] = p
	}
	return ps
}

// BenchmarkJankoSolve solves all 749 Janko puzzles once per iteration, one
// thread. It reports the total and the slowest puzzle.
func BenchmarkJankoSolve(b *testing.B) {
	recs := loadJanko(b)
	ps := parseAll(b, recs)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var slow time.Duration
		slowID := ""
		for j, p := range ps {
			t0 := time.Now()
			if r := p.Solve(); r.Status != engine.Unique {
				b.Fatalf("%s: %v", recs[j].id, r.Status)
			}
			if d := time.Since(t0); d > slow {
				slow, slowID = d, recs[j].id
			}
		}
		b.ReportMetric(float64(slow.Microseconds())/1000, "slowest-ms")
		if i == 0 {
			b.Logf("slowest %s %v", slowID, slow)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/749")
}

// BenchmarkJankoRate rates all 749 Janko puzzles (without steps).
func BenchmarkJankoRate(b *testing.B) {
	recs := loadJanko(b)
	ps := parseAll(b, recs)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var slow time.Duration
		slowID := ""
		for j, p := range ps {
			t0 := time.Now()
			if r := p.Rate(false); r.Status != engine.Unique {
				b.Fatalf("%s: %v", recs[j].id, r.Status)
			}
			if d := time.Since(t0); d > slow {
				slow, slowID = d, recs[j].id
			}
		}
		b.ReportMetric(float64(slow.Microseconds())/1000, "slowest-ms")
		if i == 0 {
			b.Logf("slowest %s %v", slowID, slow)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/749")
}

// TestReportCollections prints, for docs/AKARI.md, per collection: solve and
// rate totals, the slowest puzzles, search nodes, and the rank histogram.
// It runs only with AKARI_REPORT=1.
func TestReportCollections(t *testing.T) {
	if os.Getenv("AKARI_REPORT") == "" {
		t.Skip("set AKARI_REPORT=1 to print the collection report")
	}
	for _, set := range []struct {
		name string
		load func(testing.TB) []record
	}{{"janko", loadJanko}, {"bank", loadBank}} {
		recs := set.load(t)
		ps := parseAll(t, recs)
		type timing struct {
			id string
			d  time.Duration
		}
		var solveT, rateT []timing
		var solveTot, rateTot time.Duration
		hist := map[int]int{}
		cross := map[string]*[6]int{} // Tatham's verdict -> rank counts
		searched := 0
		profTot := map[string]int{}
		for i, p := range ps {
			t0 := time.Now()
			_, st := akari.SolveStats(p)
			d := time.Since(t0)
			solveTot += d
			solveT = append(solveT, timing{recs[i].id + fmt.Sprintf(" %dx%d", p.W, p.H), d})
			if st.Nodes > 1 {
				searched++
			}
			t0 = time.Now()
			r := p.Rate(false)
			d = time.Since(t0)
			rateTot += d
			rateT = append(rateT, timing{recs[i].id + fmt.Sprintf(" %dx%d", p.W, p.H), d})
			hist[r.Rank]++
			if cross[recs[i].sgtDiff] == nil {
				cross[recs[i].sgtDiff] = new([6]int)
			}
			cross[recs[i].sgtDiff][r.Rank]++
			for _, c := range r.Profile {
				profTot[c.ID]++
			}
		}
		sort.Slice(solveT, func(i, j int) bool { return solveT[i].d > solveT[j].d })
		sort.Slice(rateT, func(i, j int) bool { return rateT[i].d > rateT[j].d })
		t.Logf("%s: %d puzzles; solve total %v, slowest %s %v, %s %v; searched (nodes>1) %d",
			set.name, len(ps), solveTot.Round(time.Millisecond), solveT[0].id, solveT[0].d.Round(time.Millisecond), solveT[1].id, solveT[1].d.Round(time.Millisecond), searched)
		t.Logf("%s: rate total %v, slowest %s %v, %s %v",
			set.name, rateTot.Round(time.Millisecond), rateT[0].id, rateT[0].d.Round(time.Millisecond), rateT[1].id, rateT[1].d.Round(time.Millisecond))
		t.Logf("%s: rank histogram 1:%d 2:%d 3:%d 4:%d 5:%d; puzzles using each technique %v",
			set.name, hist[1], hist[2], hist[3], hist[4], hist[5], profTot)
		for _, d := range []string{"0", "1", "2", "-1"} {
			if c := cross[d]; c != nil {
				t.Logf("%s: Tatham %2s -> ranks 1:%d 2:%d 3:%d 4:%d 5:%d", set.name, d, c[1], c[2], c[3], c[4], c[5])
			}
		}
	}
}
