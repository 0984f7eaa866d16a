package explainer_test

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func readSample(t *testing.T) []seRow {
	t.Helper()
	f, err := os.Open("testdata/se_sample_200.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	rows := parseSE(t, lines)
	if len(rows) != 200 {
		t.Fatalf("sample holds %d puzzles, want 200", len(rows))
	}
	return rows
}

// TestSerateSample: on the committed sample of 200 dev puzzles our ER, EP
// and ED equal serate's. Puzzles whose hardest technique (by serate) has
// no hinter yet are skipped and counted; every other one must agree.
func TestSerateSample(t *testing.T) {
	a := check(t, readSample(t))
	t.Log("\n" + a.report())
	if a.skipped > 0 {
		t.Logf("%d of 200 skipped: their path may need a technique not implemented yet", a.skipped)
	}
	for _, d := range a.diffs {
		t.Error(d)
	}
}
