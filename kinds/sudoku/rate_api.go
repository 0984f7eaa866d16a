package sudoku

import (
	"fmt"

	"pencilbox/engine"
)

// fromCandidates rebuilds the rater state from a candidate state.
func fromCandidates(cs *Candidates) rstate {
	s := rstate{c: *cs}
	for c := 0; c < 81; c++ {
		if cs[c]&Settled != 0 {
			b := cs[c] & allDigits
			h := &cellHouses[c]
			s.hp[h[0]] |= b
			s.hp[h[1]] |= b
			s.hp[h[2]] |= b
		} else {
			s.left++
		}
	}
	return s
}

// ApplyTechnique applies one application of the ladder technique id
// ("sbit" ... "x4", "negation") to cs, which it updates. It returns the
// step (with text) and whether one was found; contradiction names the cell
// or house where the technique found the state impossible ("" if none).
func ApplyTechnique(cs *Candidates, id string) (st engine.Step, found bool, contra string, err error) {
	s := fromCandidates(cs)
	var r outcome
	switch id {
	case "sbit":
		r = s.sbit(&st, false)
	case "ubit":
		r = s.ubit(&st, false)
	case "intersection":
		r = s.intersection(&st, false)
	case "e2", "e3", "e4", "x2", "x3", "x4":
		r = s.subset(int(id[1]-'0'), id[0] == 'e', &st, false)
	case "negation":
		r = negation(&s, &st, 6, false, nil)
	default:
		return st, false, "", fmt.Errorf("unknown technique %q", id)
	}
	switch r {
	case contradiction:
		return engine.Step{}, false, whereName(s.where), nil
	case progress:
		for _, t := range ladder {
			if t.ID == id {
				st.Level = t.Level
			}
		}
		*cs = s.c
		return st, true, "", nil
	}
	return engine.Step{}, false, "", nil
}
