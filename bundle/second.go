package bundle

import (
	"fmt"

	"pencilbox/engine"
)

// SecondRated is the optional capability of a bundle whose kind has a
// second difficulty scale (engine.SecondRater): the library stores it
// beside the ladder's rank, filters and sorts by it, and the puzzle page
// shows its steps.
type SecondRated interface {
	SecondRater() engine.SecondRater
}

// SecondRaters maps each kind that has a second rater to it.
func (r Registry) SecondRaters() engine.SecondRaters {
	out := engine.SecondRaters{}
	for _, b := range r {
		if s, ok := b.(SecondRated); ok {
			out[b.Kind().Name()] = s.SecondRater()
		}
	}
	return out
}

// Check reports why the registered kinds' declarations cannot be stored
// and offered as declared: a second rater's scales beyond what the
// library keeps (engine.CheckScales), or a verdict without a key or name,
// or two verdicts sharing one key with different fields. cmd/pencilbox
// refuses to start with such a registry.
func (r Registry) Check() error {
	fields := map[string]string{}
	for _, b := range r {
		k := b.Kind()
		if s, ok := b.(SecondRated); ok {
			if err := engine.CheckScales(s.SecondRater().Scales()); err != nil {
				return fmt.Errorf("kind %s: %w", k.Name(), err)
			}
		}
		if v, ok := engine.VerdictOf(k); ok {
			if !engine.PlainKey(v.Key) || !engine.PlainKey(v.Field) || v.Name == "" {
				return fmt.Errorf("kind %s: its verdict needs a key and a field (lowercase letters, digits, _) and a name", k.Name())
			}
			if f, seen := fields[v.Key]; seen && f != v.Field {
				return fmt.Errorf("kind %s: verdict key %q exported as %q and %q", k.Name(), v.Key, f, v.Field)
			}
			fields[v.Key] = v.Field
		}
	}
	return nil
}
