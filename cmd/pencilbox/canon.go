package main

import "pencilbox/engine"

// runCanon: pencilbox canon. One canonical form per line.
func runCanon(e *env, args []string) int {
	fs := newFlags(e, "canon")
	var b batchFlags
	b.register(e, fs, false)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	return eachPuzzle(e, &b, fs.Args(), func(p engine.Puzzle) (string, string) {
		return p.Canonical() + "\n", ""
	})
}
