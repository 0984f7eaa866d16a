package explainer_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"pencilbox/engine/sudoku"
	"pencilbox/engine/sudoku/explainer"
	"pencilbox/internal/shared"
)

// seRow is one puzzle with serate's figures (SukakuExplainer's serate with
// the Sudoku Explainer 1.2.1 technique set).
type seRow struct {
	puzzle     string
	er, ep, ed string
	technique  string
}

func parseSE(t testing.TB, lines []string) []seRow {
	t.Helper()
	var rows []seRow
	for i, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) != 5 || f[0] == "puzzle" {
			continue
		}
		if _, err := strconv.ParseFloat(f[1], 64); err != nil {
			t.Fatalf("line %d: ER %q: %v", i+1, f[1], err)
		}
		rows = append(rows, seRow{f[0], f[1], f[2], f[3], f[4]})
	}
	return rows
}

// agreement rates rows and returns a report; rows whose hardest technique
// has no hinter yet are skipped (and counted).
type agreement struct {
	rated, skipped, er, er02, ep, ed int
	bands                            map[int][3]int // ER band (whole number) -> rated, ER equal, within 0.2
	diffs                            []string
}

func check(t testing.TB, rows []seRow) agreement {
	a := agreement{bands: map[int][3]int{}}
	for _, r := range rows {
		if !explainer.Known(r.technique) {
			a.skipped++
			continue
		}
		g, err := sudoku.ParseLine(r.puzzle)
		if err != nil {
			t.Fatalf("%s: %v", r.puzzle, err)
		}
		got := explainer.Rate(&g, explainer.Options{})
		a.rated++
		er := explainer.FormatRating(got.ER)
		want, _ := strconv.ParseFloat(r.er, 64)
		band := int(want)
		b := a.bands[band]
		b[0]++
		d := got.ER - want
		if got.Err == nil && er == r.er {
			a.er++
			b[1]++
		}
		if got.Err == nil && d < 0.2001 && d > -0.2001 {
			a.er02++
			b[2]++
		}
		a.bands[band] = b
		if got.Err == nil && explainer.FormatRating(got.EP) == r.ep {
			a.ep++
		}
		if got.Err == nil && explainer.FormatRating(got.ED) == r.ed {
			a.ed++
		}
		if got.Err != nil || er != r.er || explainer.FormatRating(got.EP) != r.ep || explainer.FormatRating(got.ED) != r.ed {
			a.diffs = append(a.diffs, fmt.Sprintf("%s serate %s/%s/%s %s, ours %s/%s/%s %s %v", r.puzzle, r.er, r.ep, r.ed, r.technique,
				er, explainer.FormatRating(got.EP), explainer.FormatRating(got.ED), got.Hardest, got.Err))
		}
	}
	return a
}

func (a agreement) report() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "rated %d (skipped %d whose hardest technique has no hinter yet): ER equal %d, within 0.2 %d, EP equal %d, ED equal %d\n",
		a.rated, a.skipped, a.er, a.er02, a.ep, a.ed)
	fmt.Fprintf(&sb, "| ER band | puzzles | ER equal | within 0.2 |\n|---|---|---|---|\n")
	for b := 1; b <= 12; b++ {
		if x, ok := a.bands[b]; ok {
			fmt.Fprintf(&sb, "| %d.x | %d | %d | %d |\n", b, x[0], x[1], x[2])
		}
	}
	return sb.String()
}

// TestCrossCheckDev rates all 1,492 dev puzzles serate rated and reports
// the agreement table (needs ../shared).
func TestCrossCheckDev(t *testing.T) {
	if testing.Short() {
		t.Skip("slow cross-check")
	}
	rows := parseSE(t, shared.Lines(t, "data/sudoku/se_rated_dev_1492.tsv"))
	a := check(t, rows)
	t.Log("\n" + a.report())
	for i, d := range a.diffs {
		if i < 40 {
			t.Log(d)
		}
	}
}
