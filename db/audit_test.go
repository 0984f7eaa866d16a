package db_test

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"pencilbox/db"
)

// TestAuditAddBounds: AuditStore.Add keeps at most 1,000 bytes of a
// detail (cut at a character, marked "..."), and a client address of at
// most 64 bytes, whatever a caller passes; the actor and address come
// from the context.
func TestAuditAddBounds(t *testing.T) {
	ctx := db.WithClient(db.WithActor(context.Background(), "ann"), strings.Repeat("1", 100))
	d := MustOpen(t)
	log := db.AuditStore{R: d.R, W: d.W}
	if err := log.Add(ctx, db.ActionExport, strings.Repeat("é", 2000)); err != nil {
		t.Fatal(err)
	}
	rows, err := log.List(ctx, db.AuditFilter{Limit: 1})
	if err != nil || len(rows) != 1 {
		t.Fatalf("%v %v", rows, err)
	}
	r := rows[0]
	if len(r.Detail) > 1000 || !utf8.ValidString(r.Detail) || !strings.HasSuffix(r.Detail, "...") {
		t.Errorf("detail of %d bytes (valid UTF-8: %v)", len(r.Detail), utf8.ValidString(r.Detail))
	}
	if r.Actor != "ann" || r.Client != strings.Repeat("1", 64) || r.Action != db.ActionExport {
		t.Errorf("row %q %q %q", r.Actor, r.Client, r.Action)
	}
	if err := (db.AuditStore{R: d.R}).Add(ctx, db.ActionExport, "x"); err == nil {
		t.Error("a store without its writer wrote a row")
	}
}
