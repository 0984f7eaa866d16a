package kind_test

import (
	"strings"
	"testing"

	"pencilbox/kinds/nonogram"
	"pencilbox/kinds/nonogram/kind"
)

// TestExportTexts: the tatham text is the Pattern ID, the non text a
// .non puzzle ending in the .nonpack divider that reads back, the url
// the puzz.link URL.
func TestExportTexts(t *testing.T) {
	p, err := nonogram.Parse("3x3:1/3/1/1/3/1")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, tx := range (kind.Bundle{}).Export().Texts {
		if tx.Line != nil {
			got[tx.Format] = tx.Line(p)
		} else {
			got[tx.Format] = "(shared)"
		}
	}
	if got["tatham"] != "3x3:1/3/1/1/3/1" {
		t.Errorf("tatham %q", got["tatham"])
	}
	non := got["non"]
	if !strings.HasSuffix(non, "\n====") {
		t.Errorf("non %q lacks the divider", non)
	}
	if q, err := nonogram.ParseNon(strings.TrimSuffix(non, "====")); err != nil || q.Puzzle.TathamID() != p.TathamID() {
		t.Errorf("non reads back: %v", err)
	}
	if q, err := nonogram.ParseURL(got["url"]); err != nil || q.TathamID() != p.TathamID() {
		t.Errorf("url %q: %v", got["url"], err)
	}
	for _, f := range []string{"csv"} {
		if got[f] != "(shared)" {
			t.Errorf("%s not claimed", f)
		}
	}
	if (kind.Bundle{}).Describer() == nil || len((kind.Bundle{}).Formats()) != 6 {
		t.Error("describer or formats missing")
	}
}

// TestMarkValues: the describer draws the rate helper's step marks.
func TestMarkValues(t *testing.T) {
	if nonogram.MarkFilled != int(nonogram.CellFilled) || nonogram.MarkCrossed != int(nonogram.CellEmpty) {
		t.Fatal("the step mark values and the describer's cell values differ")
	}
}
