package model

import (
	"encoding/json"
	"fmt"

	"pencilbox"
)

// Figure is one figure of a puzzle's second rating as its kind declares
// it (engine.Scale): the key the API writes it under, its short label,
// its value and its text with the scale's decimals.
type Figure struct {
	Key   string
	Name  string
	Short string
	Value float64
	Text  string
}

// MarshalJSON writes the puzzle with its figures, note and verdict under
// the keys its kind declares (Sudoku: "er", "ep", "ed", "er_technique",
// "hypothesis"), so the API's keys come from the declarations and stay
// what they were.
func (p Puzzle) MarshalJSON() ([]byte, error) {
	type plain Puzzle
	b, err := json.Marshal(plain(p))
	if err != nil {
		return nil, err
	}
	var extra []byte
	add := func(k string, v any) error {
		kb, err := json.Marshal(k)
		if err != nil {
			return err
		}
		vb, err := json.Marshal(v)
		if err != nil {
			return err
		}
		extra = append(append(append(append(extra, ','), kb...), ':'), vb...)
		return nil
	}
	for _, f := range p.Figures {
		if f.Value != 0 {
			if err := add(f.Key, f.Value); err != nil {
				return nil, err
			}
		}
	}
	if len(p.Pending) > 0 {
		keys := make([]string, len(p.Pending))
		for i, f := range p.Pending {
			keys[i] = f.Key
		}
		if err := add(pencilbox.PendingWord, keys); err != nil {
			return nil, err
		}
	}
	if p.ScaleNote != "" && p.NoteKey != "" {
		if err := add(p.NoteKey, p.ScaleNote); err != nil {
			return nil, err
		}
	}
	if p.Verdict != "" && p.VerdictKey != "" {
		if err := add(p.VerdictKey, p.Verdict); err != nil {
			return nil, err
		}
	}
	if len(extra) == 0 {
		return b, nil
	}
	if len(b) < 2 || b[len(b)-1] != '}' {
		return nil, fmt.Errorf("puzzle %d: unexpected json", p.ID)
	}
	return append(append(b[:len(b)-1], extra...), '}'), nil
}

// Figure returns the puzzle's figure whose key is key (ok false when its
// kind declares none or it has no rating); a pending one's Text is
// "pending" and its Value 0.
func (p Puzzle) Figure(key string) (Figure, bool) {
	for _, f := range p.Figures {
		if f.Key == key && f.Value != 0 {
			return f, true
		}
	}
	for _, f := range p.Pending {
		if f.Key == key {
			return f, true
		}
	}
	return Figure{}, false
}

// MergeObjects joins two JSON objects' members, a's first: a struct that
// embeds Puzzle writes itself with it (an embedded MarshalJSON would
// otherwise stand for the whole struct and drop the outer fields).
func MergeObjects(a, b []byte) ([]byte, error) {
	if len(a) < 2 || a[0] != '{' || a[len(a)-1] != '}' || len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return nil, fmt.Errorf("merge: not two JSON objects")
	}
	if len(b) == 2 {
		return a, nil
	}
	if len(a) == 2 {
		return b, nil
	}
	out := append(append([]byte(nil), a[:len(a)-1]...), ',')
	return append(out, b[1:]...), nil
}
