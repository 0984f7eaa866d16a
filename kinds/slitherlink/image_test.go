package slitherlink_test

import (
	"testing"

	"pencilbox/internal/imagetest"
	"pencilbox/kinds/slitherlink"
)

// TestImage: a publication printed as random images prints each puzzle as
// itself turned, mirrored (and relabelled where the kind has digits to
// rename): the 8 images of a Slitherlink.
func TestImage(t *testing.T) {
	imagetest.Check(t, slitherlink.Kind{}, "7x7t0:3a2b1b3a3a111a032b2a2a12a3a1b2b22b3b2222a3", 6)
}
