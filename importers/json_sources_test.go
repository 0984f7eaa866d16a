package importers_test

import (
	"fmt"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/akari"
	"pencilbox/kinds/sudoku"
)

// TestJSONSources: a json record's sources (an export's) are read as
// the record's Sources, in order; a source without a label, with a label
// over pencilbox.MaxSourceLabel or a negative line makes the record bad,
// saying which source and why; a record without sources has none.
func TestJSONSources(t *testing.T) {
	f := importers.JSONFormat(engine.Registry{sudoku.Kind{}, akari.Kind{}})
	line := func(sources string) string {
		return fmt.Sprintf(`{"kind":"sudoku","puzzle":%q%s}`, top1, sources)
	}
	long := strings.Repeat("x", pencilbox.MaxSourceLabel+1)
	in := strings.Join([]string{
		line(`,"sources":[{"label":"top1465","file":"top1465.txt","line":1,"text":"` + top1 + `"},{"label":"again","file":"b.txt","line":7}]`),
		line(``),
		line(`,"sources":[{"label":"ok","file":"a","line":1},{"label":"","file":"a","line":2}]`),
		line(`,"sources":[{"label":"` + long + `","file":"a","line":1}]`),
		line(`,"sources":[{"label":"ok","file":"a","line":-3}]`),
	}, "\n")
	var recs []importers.Record
	if err := f.Read(strings.NewReader(in), func(r importers.Record) error { recs = append(recs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 5 {
		t.Fatalf("%d records", len(recs))
	}
	if r := recs[0]; r.Err != nil || len(r.Sources) != 2 || r.Sources[0] != (importers.JSONSource{Label: "top1465", File: "top1465.txt", Line: 1, Text: top1}) || r.Sources[1].Label != "again" {
		t.Errorf("record with sources: %+v %v", r.Sources, r.Err)
	}
	if r := recs[1]; r.Err != nil || r.Sources != nil {
		t.Errorf("record without sources: %+v %v", r.Sources, r.Err)
	}
	for i, says := range []string{"source 2 of 2: no label", fmt.Sprintf("source 1 of 1: the source label has %d characters: a label takes at most %d", pencilbox.MaxSourceLabel+1, pencilbox.MaxSourceLabel), "source 1 of 1: line -3"} {
		if r := recs[2+i]; r.Err == nil || !strings.Contains(r.Err.Error(), says) || r.Puzzle != nil {
			t.Errorf("record %d: %v, want an error saying %q", 3+i, r.Err, says)
		}
	}
}
