package library_test

import (
	"context"
	"crypto/rand"
	"io"
	"runtime"
	"strings"
	"testing"

	"pencilbox/db"
	"pencilbox/library"
)

// repeatReader yields s n times without holding it all.
type repeatReader struct {
	s   string
	n   int
	off int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, r.s[r.off:])
	r.off += k
	if r.off == len(r.s) {
		r.off, r.n = 0, r.n-1
	}
	return k, nil
}

// TestHostileImports: binary data, a huge line without a newline, half a
// million bad lines and an empty file each end with a clear answer, a
// short report and bounded memory; the good records of a file still go in.
func TestHostileImports(t *testing.T) {
	ctx := context.Background()
	d := MustOpen(t)
	bin := make([]byte, 1<<20)
	rand.Read(bin)
	imp := func(name string, r io.Reader, format string) (int64, error, int, int, int, int) {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		job, err := library.Import(ctx, d, registry(), []library.Input{{Name: name, R: r}}, library.Options{Format: format, Jobs: 2})
		runtime.ReadMemStats(&m1)
		return int64(m1.TotalAlloc - m0.TotalAlloc), err, job.Read, job.Imported, job.Rejected, len(job.Errors)
	}

	// binary: detection refuses it with a reason
	if _, err, _, imported, _, _ := imp("random.bin", strings.NewReader(string(bin)), ""); err == nil || imported != 0 || !strings.Contains(err.Error(), "random.bin") {
		t.Errorf("binary file: %v, %d imported", err, imported)
	}
	// forced as lines: every bad record rejected, the report short
	if _, err, _, imported, rejected, kept := imp("random.bin", strings.NewReader(string(bin)), "line"); err != nil || imported != 0 || rejected == 0 || kept > db.MaxJobErrors {
		t.Errorf("binary as lines: %v, %d imported, %d rejected, %d errors kept", err, imported, rejected, kept)
	}
	// a 64 MB line without a newline, then a good puzzle: one bad record,
	// the puzzle stored, memory far below the line's size
	huge := io.MultiReader(&repeatReader{s: strings.Repeat("7", 1<<20), n: 64}, strings.NewReader("\n"+hard+"\n"))
	alloc, err, read, imported, rejected, _ := imp("huge.sdm", huge, "line")
	if err != nil || read != 2 || imported != 1 || rejected != 1 {
		t.Errorf("huge line: %v, read %d, imported %d, rejected %d", err, read, imported, rejected)
	}
	if alloc > 32<<20 {
		t.Errorf("a 64 MB line cost %d MB of allocations", alloc>>20)
	}
	// half a million bad lines: counted, the first errors kept, no more
	alloc, err, read, _, rejected, kept := imp("bad.sdm", &repeatReader{s: "not a sudoku line at all\n", n: 500000}, "line")
	if err != nil || read != 500000 || rejected != 500000 || kept != db.MaxJobErrors {
		t.Errorf("bad lines: %v, read %d, rejected %d, kept %d", err, read, rejected, kept)
	}
	t.Logf("500,000 bad lines: %d MB allocated in all", alloc>>20)
	// an empty file: nothing read, nothing wrong
	if _, err, read, _, _, _ := imp("empty.sdm", strings.NewReader(""), ""); err != nil || read != 0 {
		t.Errorf("empty file: %v, %d read", err, read)
	}
	if s, err := d.IntegrityCheck(ctx); err != nil || s != "ok" {
		t.Errorf("integrity: %q %v", s, err)
	}
}
