package templates_test

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pencilbox/templates"
	"pencilbox/web/model"
)

// TestDashboardEmptyOffersImportToEditors: a library with no jobs yet
// points editors and admins to the import page, and a viewer (who may not
// import) to nothing they would be refused.
func TestDashboardEmptyOffersImportToEditors(t *testing.T) {
	for _, tc := range []struct {
		role string
		link bool
	}{{"viewer", false}, {"editor", true}, {"admin", true}} {
		var buf bytes.Buffer
		c := templates.Chrome{Title: "Dashboard", User: "u", Role: tc.role}
		if err := templates.DashboardPage(c, templates.Dashboard{}).Render(context.Background(), &buf); err != nil {
			t.Fatal(err)
		}
		body := buf.String()
		if !strings.Contains(body, "No imports yet") {
			t.Errorf("%s: the empty dashboard does not say there are no imports", tc.role)
		}
		if got := strings.Contains(body, `href="/import"`); got != tc.link {
			t.Errorf("%s: import link shown = %v, want %v", tc.role, got, tc.link)
		}
	}
}

// TestERHistogramLabelsApart: the ER histogram's texts (counts above the
// bars, axis labels under them) never overlap, counts of six digits
// included, and the chart sits in a box that scrolls sideways rather than
// shrinking it (at 390 px its labels were 4 px tall).
func TestERHistogramLabelsApart(t *testing.T) {
	var bins []model.ScaleBin
	for i := range 24 {
		lo := 1 + float64(i)/2
		bins = append(bins, model.ScaleBin{Lo: lo, Hi: lo + 0.4, N: 123456 - i})
	}
	d := templates.Dashboard{Stats: model.Stats{Kinds: []model.KindStats{{Kind: "k", Title: "K", ScaleKey: "er", ScaleShort: "ER", ScaleBins: bins, Ranks: []int{1}}}}}
	var buf bytes.Buffer
	if err := templates.DashboardPage(templates.Chrome{User: "u", Role: "viewer"}, d).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	body := buf.String()
	i := strings.Index(body, `<svg class="hist scale-hist"`)
	if i < 0 {
		t.Fatal("no ER histogram")
	}
	if open := strings.LastIndex(body[:i], `<div class="scroll"`); open < 0 || strings.Contains(body[open:i], "</div>") {
		t.Errorf("the ER histogram is not in a scrolling box")
	}
	svg := body[i : i+strings.Index(body[i:], "</svg>")]
	// each text's extent at its font: 0.6 em a character, centred
	type span struct{ lo, hi float64 }
	rows := map[string][]span{}
	re := regexp.MustCompile(`<text x="(\d+)" y="(\d+)" font-size="(\d+)" text-anchor="middle">([^<]*)</text>`)
	for _, m := range re.FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.Atoi(m[1])
		size, _ := strconv.Atoi(m[3])
		w := 0.6 * float64(size) * float64(len([]rune(m[4])))
		row := m[2]
		if row != "158" {
			row = "counts"
		}
		rows[row] = append(rows[row], span{float64(x) - w/2, float64(x) + w/2})
	}
	if len(rows["counts"]) != len(bins) || len(rows["158"]) == 0 {
		t.Fatalf("texts: %d counts, %d labels", len(rows["counts"]), len(rows["158"]))
	}
	for name, spans := range rows {
		for j := 1; j < len(spans); j++ {
			if spans[j].lo < spans[j-1].hi {
				t.Errorf("%s: text %d (%.0f-%.0f) overlaps the one before (%.0f-%.0f)", name, j, spans[j].lo, spans[j].hi, spans[j-1].lo, spans[j-1].hi)
			}
		}
	}
}
