package engine

import (
	"fmt"
	"strconv"
)

// ScaleSlots is how many figures a kind's second rating may declare: the
// library keeps that many numeric slots per puzzle (db columns scale1 to
// scale3), so a kind with more is refused when it is declared
// (CheckScales), not cut short when stored.
const ScaleSlots = 3

// Scale declares one figure of a kind's second rating (SecondRater.Scales),
// so that shared code stores, filters, sorts, shows and exports it from
// this description and never knows which scale it is. A rater's scales
// are listed in slot order: the first is the one the library indexes,
// the only one that may offer a filter and a sort.
type Scale struct {
	// Key names the figure where users type it: the URL parameter and
	// CLI flag of its range filter, its sort, and its csv/json key
	// (Sudoku: "er", "ep", "ed").
	Key string
	// Name is its full name ("Sudoku Explainer rating").
	Name string
	// Short is its label in column heads, captions and form fields
	// ("ER").
	Short string
	// Min and Max are the range its figures take; a filter or a
	// generation target outside it is refused.
	Min, Max float64
	// Decimals is how many decimals it is stored, printed and filtered
	// with (1: tenths, as "7.2").
	Decimals int
	// Step says what one step of a solution adds to it (the ER is its
	// hardest step's difficulty), shown beside the step log.
	Step string
	// Filter and Sort: the library list offers a range filter and a
	// sort on it (first scale only: the indexed slot).
	Filter, Sort bool
	// Placeholder is a sample range for the filter's field ("6.5-7.5").
	Placeholder string
	// NoteName and NoteKey name what set the figure
	// (SecondRating.Note), where it is shown ("Hardest step") and its
	// json key ("er_technique"); the first scale's only, as one note is
	// stored.
	NoteName, NoteKey string
}

// Format prints v with the scale's decimals ("7.0").
func (s Scale) Format(v float64) string {
	return strconv.FormatFloat(s.Round(v), 'f', s.Decimals, 64)
}

// Round rounds v to the scale's decimals, as it is stored (6.65 -> 6.7
// for tenths).
func (s Scale) Round(v float64) float64 {
	if s.Decimals == 1 {
		return Tenths(v)
	}
	p := 1.0
	for range s.Decimals {
		p *= 10
	}
	return float64(int64(v*p+0.5)) / p
}

// Verdict declares a kind's own yes/no verdict (Verdicter), so that shared
// code stores, filters, shows and exports it from this description.
type Verdict struct {
	// Key names its filter where users type it: the URL parameter and
	// the CLI flag (Sudoku: "hyp"), taking "yes" or "no".
	Key string
	// Field is its key in json exports and imports ("hypothesis").
	Field string
	// Name is its name where it is shown ("Enclosure+Negation").
	Name string
	// Yes and No are the words the filter's choices and the puzzle page
	// show for each answer ("yes: it solves them").
	Yes, No string
}

// PlainKey reports whether k may name a declared scale or verdict where
// users type it and files carry it: lowercase ASCII letters, digits and
// '_', starting with a letter.
func PlainKey(k string) bool {
	if k == "" || k[0] < 'a' || k[0] > 'z' {
		return false
	}
	for _, c := range []byte(k) {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

// CheckScales reports why a rater's declared scales cannot be stored:
// more than ScaleSlots, a key missing or repeated, a filter or sort on
// a scale other than the first (the only indexed slot), or an empty
// range.
func CheckScales(scales []Scale) error {
	if len(scales) == 0 {
		return fmt.Errorf("a second rater declares no scale")
	}
	if len(scales) > ScaleSlots {
		return fmt.Errorf("%d scales declared, at most %d (ScaleSlots)", len(scales), ScaleSlots)
	}
	seen := map[string]bool{}
	for i, s := range scales {
		switch {
		case s.Key == "" || s.Short == "":
			return fmt.Errorf("scale %d: a key and a short label are needed", i+1)
		case !PlainKey(s.Key) || (s.NoteKey != "" && !PlainKey(s.NoteKey)):
			return fmt.Errorf("scale %q: a key is lowercase letters, digits and _ (it is a URL parameter, a flag and a csv/json key)", s.Key)
		case s.Key == "pending":
			return fmt.Errorf("scale %q: the word is what a filter takes for the puzzles not rated yet (pencilbox.PendingWord)", s.Key)
		case seen[s.Key]:
			return fmt.Errorf("scale %q declared twice", s.Key)
		case i > 0 && (s.Filter || s.Sort):
			return fmt.Errorf("scale %q: only the first scale may offer a filter or a sort", s.Key)
		case s.Max <= s.Min || s.Min < 0:
			return fmt.Errorf("scale %q: range %g-%g is empty or below 0", s.Key, s.Min, s.Max)
		case s.Decimals < 0 || s.Decimals > 6:
			return fmt.Errorf("scale %q: %d decimals, want 0-6", s.Key, s.Decimals)
		}
		seen[s.Key] = true
	}
	return nil
}
