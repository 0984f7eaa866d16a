package library_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"pencilbox/data/sample"
	"pencilbox/library"
)

// TestCheckFindsAndFixes: a stored rank and profile changed behind the
// engine's back are reported, --fix mends them, and a second check is
// clean.
func TestCheckFindsAndFixes(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	if _, err := library.ImportFS(ctx, d, registry(), sample.FS, library.Options{}); err != nil {
		t.Fatal(err)
	}
	rep, err := library.Check(ctx, d, kinds, library.CheckOptions{})
	if err != nil || rep.Integrity != "ok" || rep.Mismatches != 0 || rep.Checked < 300 {
		t.Fatalf("fresh library: %+v %v", rep, err)
	}
	// id 1 is the first sample puzzle; make its rank wrong, and another's profile
	for _, q := range []string{
		`UPDATE puzzles SET rank = rank + 1 WHERE id = 1`,
		`UPDATE puzzles SET profile = 'sbit=1' WHERE id = 100`,
	} {
		if _, err := d.W.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	rep, err = library.Check(ctx, d, kinds, library.CheckOptions{Report: &out})
	if err != nil || rep.Mismatches != 2 {
		t.Fatalf("after tampering: %+v %v\n%s", rep, err, out.String())
	}
	for _, want := range []string{"puzzle 1: rank stored", "puzzle 100: profile stored \"sbit=1\""} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	rep, err = library.Check(ctx, d, kinds, library.CheckOptions{Fix: true})
	if err != nil || rep.Fixed != 2 {
		t.Fatalf("fix: %+v %v", rep, err)
	}
	rep, err = library.Check(ctx, d, kinds, library.CheckOptions{})
	if err != nil || rep.Mismatches != 0 {
		t.Errorf("after --fix: %+v %v", rep, err)
	}
	var n int
	d.R.QueryRow(`SELECT count(*) FROM profile WHERE puzzle_id = 100`).Scan(&n)
	if n < 2 {
		t.Errorf("puzzle 100's profile rows after the fix: %d", n)
	}
}
