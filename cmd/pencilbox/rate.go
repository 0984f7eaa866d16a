package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"

	"pencilbox/engine"
)

// runRate: pencilbox rate. One line per puzzle:
// PUZZLE<TAB>STATUS<TAB>RANK<TAB>SCORE<TAB>HYPOTHESIS<TAB>PROFILE, and with
// --steps the numbered step log under it. --er appends the kind's second
// rating (its registered engine.SecondRater, in its thorough form: a
// puzzle asked for by hand may take seconds), ER<TAB>EP<TAB>ED<TAB>TECHNIQUE
// ("-" where there is none), and with --steps prints the second rater's
// steps instead of the ladder's.
func runRate(e *env, args []string) int {
	fs := newFlags(e, "rate")
	var b batchFlags
	b.register(e, fs, true)
	steps := fs.Bool("steps", false, "print the numbered step log under each puzzle")
	er := fs.Bool("er", false, "append the second rating's ER, EP, ED and hardest technique (kinds with one: "+strings.Join(e.second.Kinds(), ", ")+")")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	memprofile := fs.String("memprofile", "", "write an allocation profile of the run to this file at the end")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *cpuprofile != "" {
		stop, err := startProfile(*cpuprofile)
		if err != nil {
			fmt.Fprintln(e.stderr, "pencilbox rate:", err)
			return 2
		}
		defer stop()
	}
	if *memprofile != "" {
		defer func() {
			if err := writeMemProfile(*memprofile); err != nil {
				fmt.Fprintln(e.stderr, "pencilbox rate:", err)
			}
		}()
	}
	thorough := make(engine.SecondRaters, len(e.second))
	for k, r := range e.second {
		thorough[k] = engine.Thorough(r)
	}
	return eachPuzzle(e, &b, fs.Args(), func(p engine.Puzzle) (string, string) {
		if !*er {
			r := p.Rate(*steps)
			return formatRating(p, r, *steps), workNote(r.Err)
		}
		r := p.Rate(false)
		line := formatRating(p, r, false)
		note := workNote(r.Err)
		cols, sr := "-\t-\t-\t-", engine.SecondRating{}
		if rater, ok := thorough[p.Kind().Name()]; ok && r.Status == engine.Unique {
			sr = rater.RateSecond(p, *steps)
			if sr.Err != nil {
				if note != "" {
					note += "; "
				}
				note += "second rating " + engine.GaveUp(sr.Err)
			} else {
				cols = secondColumns(rater.Scales(), sr)
			}
		}
		var sb strings.Builder
		sb.WriteString(strings.TrimSuffix(line, "\n"))
		sb.WriteString("\t" + cols + "\n")
		if *steps {
			for i, s := range sr.Steps {
				fmt.Fprintf(&sb, "%4d. [%s %s] %s\n", i+1, s.Technique, engine.FormatTenths(float64(s.Level)/10), s.Sentence)
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

// secondColumns are rate's second-rating columns: each declared scale's
// figure with its decimals, then the note ("-" each when unrated).
func secondColumns(scales []engine.Scale, sr engine.SecondRating) string {
	cols := make([]string, 0, len(scales)+1)
	for i, sc := range scales {
		if sr.Rated() {
			cols = append(cols, sc.Format(sr.Values[i]))
		} else {
			cols = append(cols, "-")
		}
	}
	if sr.Rated() {
		cols = append(cols, sr.Note)
	} else {
		cols = append(cols, "-")
	}
	return strings.Join(cols, "\t")
}

// writeMemProfile writes the allocation profile of the run so far (every
// allocation since the start, sampled) to path, for --memprofile.
func writeMemProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--memprofile: %w", err)
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("--memprofile: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("--memprofile: %w", err)
	}
	return nil
}
