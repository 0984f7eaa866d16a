package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox"
	"pencilbox/web/model"
)

// TestKillerThroughTheSite: Killer Sudoku through the admin: a Janko
// block file and a Solo ID list imported (the block's published
// solution checked), the list of killers with their thumbnails (dashed
// cages), a puzzle's page and its step viewer (cages with their sums,
// the step's regions), every export that holds killers (tatham and cages
// read back as the same puzzles), and a booklet.
func TestKillerThroughTheSite(t *testing.T) {
	e := newTestEnv(t, nil)
	ctx := context.Background()
	before := e.matches(pencilbox.Filter{Kind: "killer"})
	for _, f := range []struct {
		name     string
		imported int
	}{{"killer_janko.txt", 3}, {"killer_ids.txt", 2}} {
		in, err := os.Open(filepath.Join("testdata", f.name))
		if err != nil {
			t.Fatal(err)
		}
		j, err := e.lib.Import(ctx, in, model.ImportOptions{Source: f.name}, func(model.Job) {})
		in.Close()
		if err != nil || j.Imported != f.imported || j.Rejected != 0 {
			t.Fatalf("import %s: %+v %v", f.name, j, err)
		}
	}
	if n := e.matches(pencilbox.Filter{Kind: "killer"}); n != before+5 {
		t.Fatalf("%d killers, want %d", n, before+5)
	}
	c := e.client()
	c.login()
	list := c.get("/puzzles?kind=killer&source=killer_janko.txt")
	if list.code != 200 || strings.Count(list.body, `aria-label="Killer Sudoku board, `) != 3 {
		t.Errorf("list: %d, %d killer thumbnails", list.code, strings.Count(list.body, `aria-label="Killer Sudoku board, `))
	}
	nine := pencilbox.Size{W: 9, H: 9}
	id := e.pick(pencilbox.Filter{Source: "killer_janko.txt", SizeMin: nine, SizeMax: nine, Status: "unique"}, 0)
	if len(id) != 2 {
		t.Fatalf("the 9x9 Janko killer: %v", id)
	}
	page := c.get(fmt.Sprintf("/puzzles/%d", id[0]))
	for _, want := range []string{"Killer Sudoku", "3x3k:", `class="cage`, `class="cagelabel"`} {
		if page.code != 200 || !strings.Contains(page.body, want) {
			t.Errorf("puzzle page: %d, lacks %q", page.code, want)
		}
	}
	steps := c.get(fmt.Sprintf("/puzzles/%d?step=3", id[0]))
	if steps.code != 200 || !strings.Contains(steps.body, `class="cagelabel"`) || !strings.Contains(steps.body, "r1c") {
		t.Errorf("step viewer: %d", steps.code)
	}
	for _, f := range []struct{ format, want string }{
		{"tatham", "3x3k:"}, {"cages", "9x9\n"}, {"json", `"kind":"killer"`},
	} {
		r := c.get("/export?kind=killer&source=killer_janko.txt&format=" + f.format)
		if r.code != 200 || !strings.Contains(r.body, f.want) {
			t.Errorf("export %s: %d %.200q", f.format, r.code, r.body)
			continue
		}
		// read back as the same puzzles: all duplicates
		j, err := e.lib.Import(ctx, strings.NewReader(r.body), model.ImportOptions{Source: "again." + f.format}, func(model.Job) {})
		if err != nil || j.Duplicates != 3 || j.Imported != 0 || j.Rejected != 0 {
			t.Errorf("export %s read back: %+v %v", f.format, j, err)
		}
	}
	if r := c.get("/export?kind=killer&format=line"); r.code != 400 || !strings.Contains(r.body, "not killer") {
		t.Errorf("line of killers: %d %.200s", r.code, r.body)
	}
	b := c.get("/export?kind=killer&source=killer_janko.txt&format=pdf&per=4")
	if b.code != 200 || !strings.HasPrefix(b.body, "%PDF-") {
		t.Errorf("booklet: %d %.100q", b.code, b.body)
	}
}
