package pencilbox_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"pencilbox/engine"
)

// TestREADMESymmetries: the README's list of the generator's symmetry
// names is engine.Symmetries, in its order: a symmetry added or renamed
// in the code fails here until the README says so (issue 33, item 10).
func TestREADMESymmetries(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)--symmetry \(both kinds;[^)]*\):\s+([a-z0-9, ]+) \(the names engine\.Symmetries declares`).FindSubmatch(b)
	if m == nil {
		t.Fatal("README.md does not list the symmetry names after '--symmetry (both kinds; ...):'")
	}
	got := strings.Join(strings.Fields(strings.ReplaceAll(string(m[1]), ",", " ")), " ")
	var want []string
	for _, y := range engine.Symmetries {
		want = append(want, string(y))
	}
	if got != strings.Join(want, " ") {
		t.Errorf("README.md lists the symmetries %q; engine.Symmetries is %q", got, want)
	}
}
