package library_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/library"
)

// TestImportTagLimits: every importer's tags keep the admin's limits (64
// tags of 64 bytes): a JSON record of 100,000 tags or one of 500,000
// characters, a "# tags:" comment of 65 tags, a csv tags column of a
// 65-byte tag are each rejected with their line; the good records beside
// them are stored with their tags. (JSON stored 100,000 tags on a puzzle.)
func TestImportTagLimits(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	many := make([]string, 100000)
	for i := range many {
		many[i] = fmt.Sprint("t", i)
	}
	jline := func(tags []string) string {
		b, _ := json.Marshal(map[string]any{"kind": "sudoku", "puzzle": hard, "tags": tags})
		return string(b)
	}
	jsonFile := strings.Join([]string{
		jline([]string{"ok", "fine"}),
		jline(many),
		jline([]string{strings.Repeat("x", 500000)}),
	}, "\n") + "\n"
	sixtyFive := make([]string, 65)
	for i := range sixtyFive {
		sixtyFive[i] = fmt.Sprint("c", i)
	}
	lineFile := "# tags: " + strings.Join(sixtyFive, " ") + "\n" + image(t) + "\n"
	csvFile := "puzzle,tags\n" + strings.ReplaceAll(hard, ".", "0") + "," + strings.Repeat("y", 65) + "\n"
	var errs strings.Builder
	job, err := library.Import(ctx, d, registry(), []library.Input{
		{Name: "tags.jsonl", R: strings.NewReader(jsonFile)},
		{Name: "tags.sdm", R: strings.NewReader(lineFile)},
		{Name: "tags.csv", R: strings.NewReader(csvFile)},
	}, library.Options{Jobs: 2, Errors: &errs})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"tags.jsonl:2: 100000 tags: a puzzle takes at most 64",
		`tags.jsonl:3: tag "xxxxxxxxxxxxxxxxxxxxxxxx..." is 500000 bytes long: a tag takes at most 64`,
		"tags.sdm:2: 65 tags: a puzzle takes at most 64",
		"tags.csv:2: tag \"yyyyyyyyyyyyyyyyyyyyyyyy...\" is 65 bytes long: a tag takes at most 64",
	} {
		if !strings.Contains(errs.String(), want+"\n") {
			t.Errorf("errors do not say %q:\n%s", want, errs.String())
		}
	}
	if job.Rejected != 4 || job.Imported != 1 {
		t.Errorf("rejected %d imported %d, want 4 and 1", job.Rejected, job.Imported)
	}
	var n, longest int
	if err := d.R.QueryRow(`SELECT count(*), coalesce(max(length(tag)), 0) FROM tags`).Scan(&n, &longest); err != nil {
		t.Fatal(err)
	}
	if n != 2 || longest > pencilbox.MaxTagLen {
		t.Errorf("%d tags stored, the longest %d bytes; want the good record's 2", n, longest)
	}
	// tags given to the whole import are checked before it starts
	if _, err := library.Import(ctx, d, registry(), []library.Input{{Name: "x", R: strings.NewReader(hard + "\n")}},
		library.Options{Tags: []string{"a\nb"}}); err == nil || !strings.Contains(err.Error(), "control characters") {
		t.Errorf("an import tag with a line break: %v", err)
	}
}
