package export_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"testing"

	"pencilbox"
	"pencilbox/db"
	"pencilbox/export"
)

// BenchmarkExport writes every Sudoku of the library at
// $PENCILBOX_BENCH_DB (the 10^6 library of docs/BENCHMARKS.md) to a file
// in each text format, as `pencilbox export` does; MB/s is the file's.
func BenchmarkExport(b *testing.B) {
	path := os.Getenv("PENCILBOX_BENCH_DB")
	if path == "" {
		b.Skip("set PENCILBOX_BENCH_DB to a library database (see docs/BENCHMARKS.md)")
	}
	d, err := db.Open(path, db.ScanReads()) // as the CLI opens it
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	for _, format := range []string{"csv", "line", "json"} {
		b.Run(format, func(b *testing.B) {
			out := filepath.Join(b.TempDir(), "export."+format)
			for i := 0; i < b.N; i++ {
				f, err := os.Create(out)
				if err != nil {
					b.Fatal(err)
				}
				w := bufio.NewWriterSize(f, 256<<10)
				src := export.FilterSource{DB: d, Filter: pencilbox.Filter{Kind: "sudoku"}}
				n, err := export.Write(context.Background(), w, src, kinds, export.Options{Format: format})
				if err == nil {
					err = w.Flush()
				}
				if err == nil {
					err = f.Close()
				}
				if err != nil {
					b.Fatal(err)
				}
				st, err := os.Stat(out)
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(st.Size())
				b.ReportMetric(float64(n), "puzzles")
			}
		})
	}
}
