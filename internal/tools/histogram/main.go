// Command histogram prints the rank histogram table of docs/SUDOKU-RATING.md:
// for each collection, how many puzzles rate at each star rank, how many are
// not unique, and how many contradict the Enclosure+Negation hypothesis.
// It reads the team's collections (../shared, or $PENCILBOX_SHARED):
//
//	go run ./internal/tools/histogram            # every collection of the table
//	go run ./internal/tools/histogram data/sudoku/17_clue.txt:1000
//
// An argument is a file inside the shared folder, with ":N" for its first
// N puzzles only.
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"pencilbox/engine"
	"pencilbox/internal/shared"
	"pencilbox/kinds/sudoku"
)

// collections are the table's rows, in its order.
var collections = []string{
	"data/sudoku/hodoku/qqwing_simple.sdm",
	"data/sudoku/hodoku/qqwing_easy.sdm",
	"data/sudoku/hodoku/qqwing_intermediate.sdm",
	"data/sudoku/hodoku/qqwing_expert.sdm",
	"data/sudoku/hodoku/sudocue_top10000.sdm",
	"data/sudoku/hodoku/sudocue_learningcurve.sdm",
	"data/sudoku/hodoku/sudocue_almostdn.sdm",
	"data/sudoku/hodoku/sudocue_noponies.sdm",
	"data/sudoku/hodoku/sudocue_superiors.sdm",
	"data/sudoku/17_clue.txt",
	"data/sudoku/magictour_top1465.txt",
	"data/sudoku/forum_hardest_1106.txt",
	"data/sudoku/forum_hardest_1905_11plus.txt:5000",
}

func main() {
	dir := shared.Dir()
	if dir == "" {
		fmt.Fprintln(os.Stderr, "histogram: no shared data folder (../shared beside the repository, or $PENCILBOX_SHARED)")
		os.Exit(2)
	}
	args := os.Args[1:]
	if len(args) == 0 {
		args = collections
	}
	fmt.Println("| collection | puzzles | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | not unique | hypothesis counterexamples |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, arg := range args {
		if err := row(dir, arg); err != nil {
			fmt.Fprintf(os.Stderr, "histogram: %v\n", err)
			os.Exit(1)
		}
	}
}

// row rates the puzzles of one collection and prints its table row.
func row(dir, arg string) error {
	rel, n := arg, 0
	if i := strings.LastIndexByte(arg, ':'); i >= 0 {
		v, err := strconv.Atoi(arg[i+1:])
		if err != nil || v < 1 {
			return fmt.Errorf("%s: want FILE or FILE:N", arg)
		}
		rel, n = arg[:i], v
	}
	gs, err := grids(filepath.Join(dir, rel), n)
	if err != nil {
		return err
	}
	var hist [9]int
	other, counter := 0, 0
	for _, g := range gs {
		r := sudoku.Rate(&g, false)
		if r.Status != engine.Unique {
			other++
			continue
		}
		hist[r.Rank]++
		if r.Verdict == engine.No {
			counter++
		}
	}
	name := filepath.Base(rel)
	if n > 0 {
		name += fmt.Sprintf(" (first %d)", n)
	}
	fmt.Printf("| %s | %d |", name, len(gs))
	for r := 1; r <= 8; r++ {
		fmt.Printf(" %d |", hist[r])
	}
	fmt.Printf(" %d | %d |\n", other, counter)
	return nil
}

// grids reads the puzzles of a collection: each line's first 81
// characters, where they are a grid (comments and headers skipped).
func grids(path string, n int) ([]sudoku.Grid, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []sudoku.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() && (n == 0 || len(out) < n) {
		l := sc.Text()
		if len(l) < 81 {
			continue
		}
		if g, err := sudoku.ParseLine(l[:81]); err == nil {
			out = append(out, g)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}
