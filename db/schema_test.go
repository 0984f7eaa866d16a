package db_test

import (
	"context"
	"testing"

	"pencilbox/db"
)

// BenchmarkSchemaDiff is what restore and check pay to compare a
// library's schema with the release's: the migrations run on a database
// in memory each time.
func BenchmarkSchemaDiff(b *testing.B) {
	d := MustOpen(b)
	for b.Loop() {
		if diff, err := db.SchemaDiff(context.Background(), d.W); err != nil || len(diff) > 0 {
			b.Fatal(diff, err)
		}
	}
}
