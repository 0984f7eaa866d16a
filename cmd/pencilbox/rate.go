package main

import (
	"fmt"
	"strconv"
	"strings"

	"pencilbox/engine"
	"pencilbox/engine/sudoku"
	"pencilbox/engine/sudoku/explainer"
)

// runRate: pencilbox rate. One line per puzzle:
// PUZZLE<TAB>STATUS<TAB>RANK<TAB>SCORE<TAB>HYPOTHESIS<TAB>PROFILE, and with
// --steps the numbered step log under it. --er appends Sudoku Explainer's
// rating, ER<TAB>EP<TAB>ED<TAB>TECHNIQUE ("-" where there is none), and
// with --steps prints the explainer's steps instead of the ladder's.
func runRate(e *env, args []string) int {
	fs := newFlags(e, "rate")
	var b batchFlags
	b.register(e, fs, true)
	steps := fs.Bool("steps", false, "print the numbered step log under each puzzle")
	er := fs.Bool("er", false, "append Sudoku Explainer's ER, EP, ED and hardest technique (Sudoku only)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	return eachPuzzle(e, &b, fs.Args(), func(p engine.Puzzle) (string, string) {
		if !*er {
			r := p.Rate(*steps)
			return formatRating(p, r, *steps), workNote(r.Err)
		}
		r := p.Rate(false)
		line := formatRating(p, r, false)
		note := workNote(r.Err)
		cols, ex := "-\t-\t-\t-", explainer.Rating{}
		if sp, ok := p.(*sudoku.Puzzle); ok && r.Status == engine.Unique {
			ex = explainer.Rate(&sp.Grid, explainer.Options{Steps: *steps})
			if ex.Err != nil {
				if note != "" {
					note += "; "
				}
				note += "explainer " + engine.GaveUp(ex.Err)
			} else {
				cols = explainer.FormatRating(ex.ER) + "\t" + explainer.FormatRating(ex.EP) + "\t" +
					explainer.FormatRating(ex.ED) + "\t" + ex.Hardest
			}
		}
		var sb strings.Builder
		sb.WriteString(strings.TrimSuffix(line, "\n"))
		sb.WriteString("\t" + cols + "\n")
		if *steps {
			for i, s := range ex.Steps {
				fmt.Fprintf(&sb, "%4d. [%s %s] %s\n", i+1, s.Technique, explainer.FormatRating(float64(s.Level)/10), s.Sentence)
			}
		}
		return sb.String(), note
	})
}

func formatRating(p engine.Puzzle, r engine.Rating, steps bool) string {
	rank, score, hyp, prof := "-", "-", "-", engine.ProfileString(r.Profile)
	if r.Status == engine.Unique {
		rank = strconv.Itoa(r.Rank)
		score = strconv.FormatFloat(r.Score, 'f', -1, 64)
		hyp = r.Verdict.String()
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
