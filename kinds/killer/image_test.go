package killer_test

import (
	"testing"

	"pencilbox/internal/imagetest"
	"pencilbox/kinds/killer"
)

// TestImage: a publication printed as random images prints each puzzle as
// itself turned, mirrored (and relabelled where the kind has digits to
// rename): the 4 images of a 6x6 killer.
func TestImage(t *testing.T) {
	imagetest.Check(t, killer.Kind{}, "2x3kada:zj,_a_b__aa_______a___aabaa__c_aba__b__aa,12_9a10_6e6a7_6b10_9a15_11_7g11b7c", 2)
}
