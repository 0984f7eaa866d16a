// Command stardump prints, for each Sudoku puzzle line on stdin, everything
// the star ladder computes for it, so that two builds can be compared byte
// for byte (docs/bench/star-same.sh):
//
//	PUZZLE<TAB>STATUS<TAB>RANK<TAB>SCORE<TAB>VERDICT<TAB>PROFILE<TAB>HASH
//
// where the columns are sudoku.Rate's without steps, and HASH is the
// SHA-256 of the JSON of Rate with steps (every step's text, cells, houses,
// digits, placements and eliminations), of Hypothesis's answer, and of
// ApplyTechnique's answer for each technique up to X(4) on every state of
// the step log. A line also fails loudly when Rate with and without steps
// disagree.
//
//	go run ./internal/tools/stardump -jobs 2 <puzzles.txt >out.txt
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"sync"

	"pencilbox/engine"
	"pencilbox/kinds/sudoku"
)

var ids = []string{"sbit", "ubit", "intersection", "e2", "x2", "e3", "x3", "e4", "x4"}

func main() {
	jobs := flag.Int("jobs", 2, "puzzles worked on in parallel (output keeps input order)")
	flag.Parse()
	var lines []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		if l := sc.Text(); len(l) >= 81 {
			lines = append(lines, l[:81])
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "stardump:", err)
		os.Exit(2)
	}
	out := make([]string, len(lines))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(*jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = dump(lines[i])
			}
		}()
	}
	for i := range lines {
		next <- i
	}
	close(next)
	wg.Wait()
	w := bufio.NewWriter(os.Stdout)
	for _, o := range out {
		w.WriteString(o)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "stardump:", err)
		os.Exit(2)
	}
}

func dump(line string) string {
	g, err := sudoku.ParseLine(line)
	if err != nil {
		return line + "\tbad: " + err.Error() + "\n"
	}
	r := sudoku.Rate(&g, false)
	rs := sudoku.Rate(&g, true)
	h := sha256.New()
	enc := json.NewEncoder(h)
	enc.Encode(rs)
	fmt.Fprintln(h, sudoku.Hypothesis(&g))
	if rs.Status == engine.Unique {
		states, err := sudoku.Replay(&g, rs.Steps)
		fmt.Fprintln(h, len(states), err)
		for _, cs := range states {
			for _, id := range ids {
				c := cs
				st, found, contra, err := sudoku.ApplyTechnique(&c, id)
				enc.Encode(st)
				fmt.Fprintln(h, found, contra, err, c)
			}
		}
	}
	same := ""
	if r.Rank != rs.Rank || r.Score != rs.Score || r.Verdict != rs.Verdict ||
		engine.ProfileString(r.Profile) != engine.ProfileString(rs.Profile) || r.Status != rs.Status {
		same = "\tWITH-STEPS-DIFFERS"
	}
	return fmt.Sprintf("%s\t%s\t%d\t%s\t%s\t%s\t%x%s\n", line, r.Status, r.Rank,
		strconv.FormatFloat(r.Score, 'f', -1, 64), r.Verdict, engine.ProfileString(r.Profile), h.Sum(nil), same)
}
