package akari_test

import (
	"testing"

	"pencilbox/internal/imagetest"
	"pencilbox/kinds/akari"
)

// TestImage: a publication printed as random images prints each puzzle as
// itself turned, mirrored (and relabelled where the kind has digits to
// rename): the 8 images of an Akari.
func TestImage(t *testing.T) {
	imagetest.Check(t, akari.Kind{}, "6x6:h4g2b0g1h", 6)
}
