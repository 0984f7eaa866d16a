// Command synth writes a synthetic Sudoku library for benchmarks: every
// puzzle of the input (17-clue puzzles) plus one given from its solution,
// in different cells, deduplicated up to symmetry. It is a developer tool,
// not part of the pencilbox CLI.
//
//	go run ./kinds/sudoku/synth/cmd/synth -n 1000000 -o /tmp/synth_1m.sdm ../shared/data/sudoku/17_clue.txt
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"pencilbox/kinds/sudoku"
	"pencilbox/kinds/sudoku/synth"
)

func main() {
	n := flag.Int("n", 1000000, "puzzles to write")
	out := flag.String("o", "-", "output file (- = stdout)")
	seed := flag.Uint64("seed", 1, "seed of each base's cell order")
	note := flag.Bool("note", true, "end each line with a note naming the added cell")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: synth [-n N] [-o FILE] [-seed S] BASES.txt...")
		os.Exit(2)
	}
	var bases []sudoku.Grid
	for _, name := range flag.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "synth:", err)
			os.Exit(2)
		}
		bs, err := synth.ReadBases(f)
		f.Close()
		if err != nil {
			fmt.Fprintln(os.Stderr, "synth:", name+":", err)
			os.Exit(2)
		}
		bases = append(bases, bs...)
	}
	w := os.Stdout
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "synth:", err)
			os.Exit(2)
		}
		defer f.Close()
		w = f
	}
	start := time.Now()
	got, err := synth.Generate(bases, w, synth.Options{N: *n, Seed: *seed, Note: *note})
	if err != nil {
		fmt.Fprintln(os.Stderr, "synth:", err)
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "synth: %d distinct puzzles from %d bases in %.1f s\n", got, len(bases), time.Since(start).Seconds())
	if got < *n {
		fmt.Fprintf(os.Stderr, "synth: the bases ran out before %d\n", *n)
		os.Exit(1)
	}
}
