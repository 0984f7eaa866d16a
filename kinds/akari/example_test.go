package akari_test

import (
	"fmt"

	"pencilbox/engine"
	"pencilbox/kinds/akari"
)

func Example() {
	p, err := akari.Parse("https://puzz.link/p?akari/6/6/nekcakbl")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.TathamID())
	r := p.Rate(true)
	fmt.Println(r.Status, r.Rank, engine.ProfileString(r.Profile))
	fmt.Println(r.Steps[0].Sentence)
	states, _ := akari.Replay(p, r.Steps)
	fmt.Print(states[len(states)-1])
	// Output:
	// 6x6:h4g2b0g1h
	// unique 2 basics=11,onesource=1
	// The 4 at r2c3 needs 4 more lights and has exactly 4 free neighbours, so r1c3, r2c2, r2c4 and r3c3 each get a light.
	// xxLxxx
	// xL4Lxx
	// xxLx2L
	// x0xxLx
	// Lxx1xx
	// xxxLxx
}
