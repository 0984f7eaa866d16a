// Command akarireport prints the collection report of docs/AKARI.md: for
// the Janko and puzz.link bank collections, solve and rate totals, the two
// slowest puzzles, how many needed a search, the rank histogram, how often
// each technique is used, and Tatham's difficulty against our rank.
// It reads the team's collections (../shared, or $PENCILBOX_SHARED):
//
//	go run ./internal/tools/akarireport
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"pencilbox/internal/shared"
	"pencilbox/kinds/akari"
)

// collection is one file of the report and where its columns are.
type collection struct {
	name, path        string
	id, tatham, tdiff int // field numbers
}

var collections = []collection{
	{"janko", "data/akari/janko_749.tsv", 0, 4, 8},
	{"bank", "data/akari/puzzlink_bank_2332.tsv", 0, 2, 5},
}

func main() {
	dir := shared.Dir()
	if dir == "" {
		fmt.Fprintln(os.Stderr, "akarireport: no shared data folder (../shared beside the repository, or $PENCILBOX_SHARED)")
		os.Exit(2)
	}
	for _, c := range collections {
		if err := report(filepath.Join(dir, c.path), c); err != nil {
			fmt.Fprintf(os.Stderr, "akarireport: %v\n", err)
			os.Exit(1)
		}
	}
}

type timing struct {
	id string
	d  time.Duration
}

func report(path string, c collection) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var solveT, rateT []timing
	var solveTot, rateTot time.Duration
	hist := map[int]int{}
	cross := map[string]*[6]int{} // Tatham's difficulty -> rank counts
	uses := map[string]int{}
	n, searched := 0, 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		fs := strings.Split(l, "\t")
		if len(fs) <= max(c.tatham, c.tdiff) {
			return fmt.Errorf("%s:%d: %d fields, want more than %d", path, line, len(fs), max(c.tatham, c.tdiff))
		}
		p, err := akari.ParseTatham(fs[c.tatham])
		if err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
		id := fmt.Sprintf("%s %dx%d", fs[c.id], p.W, p.H)
		n++
		t0 := time.Now()
		_, st := akari.SolveStats(p)
		d := time.Since(t0)
		solveTot += d
		solveT = append(solveT, timing{id, d})
		if st.Nodes > 1 {
			searched++
		}
		t0 = time.Now()
		r := p.Rate(false)
		d = time.Since(t0)
		rateTot += d
		rateT = append(rateT, timing{id, d})
		hist[r.Rank]++
		if r.Rank >= 0 && r.Rank < 6 {
			if cross[fs[c.tdiff]] == nil {
				cross[fs[c.tdiff]] = new([6]int)
			}
			cross[fs[c.tdiff]][r.Rank]++
		}
		for _, u := range r.Profile {
			uses[u.ID]++
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if n < 2 {
		return fmt.Errorf("%s: %d puzzles, want at least 2", path, n)
	}
	slowest := func(ts []timing) []timing {
		slices.SortFunc(ts, func(a, b timing) int { return int(b.d - a.d) })
		return ts[:2]
	}
	s, r := slowest(solveT), slowest(rateT)
	ms := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	fmt.Printf("%s: %d puzzles; solve total %v, slowest %s %v, %s %v; searched (nodes>1) %d\n",
		c.name, n, ms(solveTot), s[0].id, ms(s[0].d), s[1].id, ms(s[1].d), searched)
	fmt.Printf("%s: rate total %v, slowest %s %v, %s %v\n",
		c.name, ms(rateTot), r[0].id, ms(r[0].d), r[1].id, ms(r[1].d))
	fmt.Printf("%s: rank histogram 1:%d 2:%d 3:%d 4:%d 5:%d; puzzles using each technique %v\n",
		c.name, hist[1], hist[2], hist[3], hist[4], hist[5], uses)
	for _, d := range []string{"0", "1", "2", "-1"} {
		if k := cross[d]; k != nil {
			fmt.Printf("%s: Tatham %2s -> ranks 1:%d 2:%d 3:%d 4:%d 5:%d\n", c.name, d, k[1], k[2], k[3], k[4], k[5])
		}
	}
	return nil
}
