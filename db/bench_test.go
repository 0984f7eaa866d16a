package db_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/engine"
)

// BenchEnv names the database BenchmarkFilters times the admin's filters
// on (docs/LIBRARY.md builds a library of 10^6 puzzles for it).
const BenchEnv = "PENCILBOX_BENCH_DB"

// FilterBudget is the slowest p95 a filter page may take on 10^6 puzzles.
const FilterBudget = 50 * time.Millisecond

// benchFilters lists the filter combinations the web admin offers, with
// values found in the library: the most and the least used source label
// and tag, common and rare techniques, words of the search text.
func benchFilters(b *testing.B, d *db.DB) []struct {
	name string
	f    pencilbox.Filter
} {
	ctx := context.Background()
	srcs, err := d.Sources(ctx)
	if err != nil {
		b.Fatal(err)
	}
	var bigSrc, smallSrc string
	for l, n := range srcs {
		if bigSrc == "" || n > srcs[bigSrc] {
			bigSrc = l
		}
		if smallSrc == "" || n < srcs[smallSrc] {
			smallSrc = l
		}
	}
	tagCount := map[string]int{}
	rows, err := d.R.QueryContext(ctx, `SELECT tag, count(*) FROM tags GROUP BY tag`)
	if err != nil {
		b.Fatal(err)
	}
	for rows.Next() {
		var t string
		var n int
		rows.Scan(&t, &n)
		tagCount[t] = n
	}
	rows.Close()
	var bigTag, smallTag string
	for t, n := range tagCount {
		if bigTag == "" || n > tagCount[bigTag] {
			bigTag = t
		}
		if smallTag == "" || n < tagCount[smallTag] {
			smallTag = t
		}
	}
	b.Logf("sources: most %q (%d puzzles), least %q (%d); tags: most %q (%d), least %q (%d)",
		bigSrc, srcs[bigSrc], smallSrc, srcs[smallSrc], bigTag, tagCount[bigTag], smallTag, tagCount[smallTag])
	type fc = struct {
		name string
		f    pencilbox.Filter
	}
	return []fc{
		{"none", pencilbox.Filter{}},
		{"kind=sudoku", pencilbox.Filter{Kind: "sudoku"}},
		{"kind=akari", pencilbox.Filter{Kind: "akari"}},
		{"rank=1-2", pencilbox.Filter{RankMin: 1, RankMax: 2}},
		{"rank=3-6", pencilbox.Filter{RankMin: 3, RankMax: 6}},
		{"rank=8", pencilbox.Filter{RankMin: 8, RankMax: 8}},
		{"status=unique", pencilbox.Filter{Status: "unique"}},
		{"status=invalid", pencilbox.Filter{Status: "invalid"}},
		{"status=multiple", pencilbox.Filter{Status: "multiple"}},
		{"source=most", pencilbox.Filter{Source: bigSrc}},
		{"source=least", pencilbox.Filter{Source: smallSrc}},
		{"tag=most", pencilbox.Filter{Tag: bigTag}},
		{"tag=least", pencilbox.Filter{Tag: smallTag}},
		{"technique=sbit", pencilbox.Filter{Technique: "sbit"}},
		{"technique=intersection", pencilbox.Filter{Technique: "intersection"}},
		{"technique=x2>=2", pencilbox.Filter{Technique: "x2", TechniqueMin: 2}},
		{"technique=negation", pencilbox.Filter{Technique: "negation"}},
		{"clues=17-18", pencilbox.Filter{CluesMin: 17, CluesMax: 18}},
		{"clues=25-30", pencilbox.Filter{CluesMin: 25, CluesMax: 30}},
		{"hypothesis=yes", pencilbox.Filter{Verdict: engine.Yes}},
		{"hypothesis=no", pencilbox.Filter{Verdict: engine.No}},
		{"q=common", pencilbox.Filter{Q: "plus"}},
		{"q=cell", pencilbox.Filter{Q: "r5c5"}},
		{"q=rare", pencilbox.Filter{Q: "qqwing"}},
		{"q=prefix", pencilbox.Filter{Q: "sam"}},
		{"q=two words", pencilbox.Filter{Q: "plus r9c1"}},
		{"ids=50", pencilbox.Filter{IDs: idRange(1, 1000000, 50)}},
		{"sudoku+unique+rank=3-5", pencilbox.Filter{Kind: "sudoku", Status: "unique", RankMin: 3, RankMax: 5}},
		{"sudoku+rank=7-8+hyp=no", pencilbox.Filter{Kind: "sudoku", RankMin: 7, RankMax: 8, Verdict: engine.No}},
		{"sudoku+invalid+source", pencilbox.Filter{Kind: "sudoku", Status: "invalid", Source: bigSrc}},
		{"source+tag", pencilbox.Filter{Source: bigSrc, Tag: smallTag}},
		{"tag+technique", pencilbox.Filter{Tag: bigTag, Technique: "e2"}},
		{"clues+rank+technique", pencilbox.Filter{CluesMin: 18, CluesMax: 18, RankMin: 4, Technique: "x3"}},
		{"q+rank", pencilbox.Filter{Q: "r1c1", RankMin: 4}},
		{"q+source+hyp=yes", pencilbox.Filter{Q: "plus", Source: bigSrc, Verdict: engine.Yes}},
		{"everything", pencilbox.Filter{Kind: "sudoku", RankMin: 2, RankMax: 6, Status: "unique", Source: bigSrc,
			Tag: bigTag, Technique: "intersection", CluesMin: 17, CluesMax: 20, Verdict: engine.Yes, Q: "r4c5"}},
	}
}

func idRange(from, to, n int64) []int64 {
	var out []int64
	for i := range n {
		out = append(out, from+i*(to-from)/n)
	}
	return out
}

// BenchmarkFilters times one page of the library list (rows and the
// capped Total, as the admin asks for them) for every filter combination,
// every sort both ways, on the first page and 10 pages deep. Each
// sub-benchmark reports p50-ms and p95-ms and fails when p95 exceeds
// FilterBudget. It needs a library: PENCILBOX_BENCH_DB=/tmp/pb1m.db.
//
//	PENCILBOX_BENCH_DB=/tmp/pb1m.db go test -run '^$' -bench Filters -benchtime 20x ./db/
func BenchmarkFilters(b *testing.B) {
	d := benchDB(b)
	sorts := []struct {
		name string
		sort string
		desc bool
	}{
		{"id", pencilbox.SortID, false},
		{"rank", pencilbox.SortRank, false}, {"rank-desc", pencilbox.SortRank, true},
		{"score", pencilbox.SortScore, false}, {"score-desc", pencilbox.SortScore, true},
		{"clues", pencilbox.SortClues, false}, {"clues-desc", pencilbox.SortClues, true},
		{"created", pencilbox.SortCreated, false}, {"created-desc", pencilbox.SortCreated, true},
	}
	ctx := context.Background()
	slow := map[string]string{}
	for _, fc := range benchFilters(b, d) {
		for _, s := range sorts {
			for _, deep := range []bool{false, true} {
				page := "first"
				if deep {
					page = "deep"
				}
				name := fc.name + "/" + s.name + "/" + page
				b.Run(name, func(b *testing.B) {
					f := fc.f
					f.Sort, f.Desc, f.Limit = s.sort, s.desc, 50
					if deep {
						// Ten pages in, by the cursors (not timed).
						for range 10 {
							pg, err := d.Puzzles(ctx, f)
							if err != nil {
								b.Fatal(err)
							}
							if pg.Next == "" {
								b.Skip("fewer than 11 pages")
							}
							f.After = pg.Next
						}
					}
					// Cold: the plan (set sizes and the capped count) is
					// made again for every page, as for a new visitor.
					p50, p95 := timeOps(b, func() error { d.ForgetPlans(); _, err := d.Puzzles(ctx, f); return err })
					if p95 > FilterBudget {
						slow[name] = fmt.Sprintf("%s: p50 %.1f ms, p95 %.1f ms", name, ms(p50), ms(p95))
					}
				})
			}
		}
		b.Run(fc.name+"/count", func(b *testing.B) {
			timeOps(b, func() error { _, err := d.Count(ctx, fc.f, pencilbox.CountCap); return err })
		})
	}
	if len(slow) > 0 {
		var lines []string
		for _, l := range slow {
			lines = append(lines, l)
		}
		slices.Sort(lines)
		b.Errorf("%d filter pages over the %v p95 budget:\n%s", len(slow), FilterBudget, strings.Join(lines, "\n"))
	}
}

// benchDB opens the library PENCILBOX_BENCH_DB names, or skips.
func benchDB(b *testing.B) *db.DB {
	path := os.Getenv(BenchEnv)
	if path == "" {
		b.Skipf("set %s to a library database to time the filters (docs/LIBRARY.md builds /tmp/pb1m.db, 10^6 puzzles)", BenchEnv)
	}
	if _, err := os.Stat(path); err != nil {
		b.Skipf("%s: %v", BenchEnv, err)
	}
	return mustOpenAt(b, path)
}

// timeOps runs op b.N times (at least 5), reports the p50 and p95 of one
// call in ms and returns them.
func timeOps(b *testing.B, op func() error) (p50, p95 time.Duration) {
	n := max(b.N, 5)
	ds := make([]time.Duration, 0, n)
	b.ResetTimer()
	for range n {
		t := time.Now()
		if err := op(); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t))
	}
	b.StopTimer()
	slices.Sort(ds)
	p50, p95 = ds[len(ds)/2], ds[min(len(ds)-1, (len(ds)*95+99)/100-1)]
	b.ReportMetric(ms(p50), "p50-ms")
	b.ReportMetric(ms(p95), "p95-ms")
	b.ReportMetric(0, "ns/op")
	return p50, p95
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
