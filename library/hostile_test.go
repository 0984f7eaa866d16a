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
	type result struct {
		alloc                          int64
		read, imported, rejected, kept int
		err                            error
	}
	imp := func(name string, r io.Reader, format string) result {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		job, err := library.Import(ctx, d, registry(), []library.Input{{Name: name, R: r}}, library.Options{Format: format, Jobs: 2})
		runtime.ReadMemStats(&m1)
		return result{int64(m1.TotalAlloc - m0.TotalAlloc), job.Read, job.Imported, job.Rejected, len(job.Errors), err}
	}

	// binary: detection refuses it with a reason
	if r := imp("random.bin", strings.NewReader(string(bin)), ""); r.err == nil || r.imported != 0 || !strings.Contains(r.err.Error(), "random.bin") {
		t.Errorf("binary file: %v, %d imported", r.err, r.imported)
	}
	// forced as lines: every bad record rejected, the report short
	if r := imp("random.bin", strings.NewReader(string(bin)), "line"); r.err != nil || r.imported != 0 || r.rejected == 0 || r.kept > db.MaxJobErrors {
		t.Errorf("binary as lines: %v, %d imported, %d rejected, %d errors kept", r.err, r.imported, r.rejected, r.kept)
	}
	// a 64 MB line without a newline, then a good puzzle: one bad record,
	// the puzzle stored, memory far below the line's size
	huge := io.MultiReader(&repeatReader{s: strings.Repeat("7", 1<<20), n: 64}, strings.NewReader("\n"+hard+"\n"))
	r := imp("huge.sdm", huge, "line")
	if r.err != nil || r.read != 2 || r.imported != 1 || r.rejected != 1 {
		t.Errorf("huge line: %v, read %d, imported %d, rejected %d", r.err, r.read, r.imported, r.rejected)
	}
	if r.alloc > 32<<20 {
		t.Errorf("a 64 MB line cost %d MB of allocations", r.alloc>>20)
	}
	// half a million bad lines: counted, the first errors kept, no more
	r = imp("bad.sdm", &repeatReader{s: "not a sudoku line at all (1)\n", n: 500000}, "line")
	if r.err != nil || r.read != 500000 || r.rejected != 500000 || r.kept != db.MaxJobErrors {
		t.Errorf("bad lines: %v, read %d, rejected %d, kept %d", r.err, r.read, r.rejected, r.kept)
	}
	t.Logf("500,000 bad lines: %d MB allocated in all", r.alloc>>20)
	// an empty file: nothing read, nothing wrong
	if r := imp("empty.sdm", strings.NewReader(""), ""); r.err != nil || r.read != 0 {
		t.Errorf("empty file: %v, %d read", r.err, r.read)
	}
	if s, err := d.IntegrityCheck(ctx); err != nil || s != "ok" {
		t.Errorf("integrity: %q %v", s, err)
	}
}
