package nonogram

import (
	"context"
	"math/rand/v2"
	"testing"

	"pencilbox/engine"
)

// GenMaxFlips: a picture is flipped at most once per GenMaxFlips cells
// before a new one is drawn (here on a target that keeps shaping: rank 4
// on 6x6, which random pictures hardly ever meet).
func TestGenMaxFlips(t *testing.T) {
	src, err := Kind{}.NewSource(engine.GenOptions{MinRank: 4, MaxRank: 4, Params: engine.GenValues{"size": "6x6"}},
		rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	src.Next(&pictures{Context: context.Background(), n: 200})
	s := src.(*genSource)
	if s.mostFlips == 0 || s.mostFlips > 36/GenMaxFlips {
		t.Fatalf("most flips of one picture %d, want 1 to %d", s.mostFlips, 36/GenMaxFlips)
	}
}

// pictures is a context that ends after n calls of Err: Next asks once a
// picture, so it draws n pictures.
type pictures struct {
	context.Context
	n int
}

func (c *pictures) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}
