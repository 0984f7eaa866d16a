package main

import (
	"fmt"
	"strconv"
	"strings"

	"pencilbox/engine"
)

// runRate: pencilbox rate. One line per puzzle:
// PUZZLE<TAB>STATUS<TAB>RANK<TAB>SCORE<TAB>HYPOTHESIS<TAB>PROFILE, and with
// --steps the numbered step log under it.
func runRate(e *env, args []string) int {
	fs := newFlags(e, "rate")
	var b batchFlags
	b.register(fs, true)
	steps := fs.Bool("steps", false, "print the numbered step log under each puzzle")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	return eachPuzzle(e, &b, fs.Args(), func(p engine.Puzzle) (string, string) {
		r := p.Rate(*steps)
		return formatRating(p, r, *steps), workNote(r.Err)
	})
}

func formatRating(p engine.Puzzle, r engine.Rating, steps bool) string {
	rank, score, hyp, prof := "-", "-", "-", engine.ProfileString(r.Profile)
	if r.Status == engine.Unique {
		rank = strconv.Itoa(r.Rank)
		score = strconv.FormatFloat(r.Score, 'f', -1, 64)
		hyp = r.Hypothesis.String()
	}
	var sb strings.Builder
	sb.WriteString(strings.Join([]string{p.Givens(), r.Status.String(), rank, score, hyp, prof}, "\t"))
	sb.WriteByte('\n')
	if steps {
		ladder := p.Kind().Ladder()
		for i, s := range r.Steps {
			name := s.Technique
			for _, t := range ladder {
				if t.ID == s.Technique {
					name = t.Name
				}
			}
			fmt.Fprintf(&sb, "%4d. [%s] %s\n", i+1, name, s.Sentence)
		}
	}
	return sb.String()
}
