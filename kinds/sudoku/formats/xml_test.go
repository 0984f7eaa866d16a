package formats_test

import (
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"pencilbox/importers"
	sudokuimp "pencilbox/kinds/sudoku/formats"
)

// repeated reads s n times over without holding more than s.
type repeated struct {
	s   string
	n   int
	off int
}

func (r *repeated) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, r.s[r.off:])
	if r.off += k; r.off == len(r.s) {
		r.off, r.n = 0, r.n-1
	}
	return k, nil
}

// heapPeak samples the heap in use while fn runs and returns its peak
// above the heap before, and the bytes allocated meanwhile.
func heapPeak(fn func()) (peak, alloc uint64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base, total := ms.HeapInuse, ms.TotalAlloc
	var mu sync.Mutex
	high := base
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			mu.Lock()
			high = max(high, ms.HeapInuse)
			mu.Unlock()
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	fn()
	close(stop)
	<-done
	runtime.ReadMemStats(&ms)
	high = max(high, ms.HeapInuse)
	return high - base, ms.TotalAlloc - total
}

// TestXMLMemoryFlat: the XML reader's memory does not grow with its
// input. A 62 MiB file of 9.3 million nested elements (the reader once
// held every open element: 1.5 GB at its peak) ends at the depth limit
// with its games before it read; an 8 MiB file nested to the limit over
// and over, with a game in each nest, is read whole in the same few MiB.
func TestXMLMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 70 MiB of generated XML")
	}
	game := `<game data="` + strings.ReplaceAll(top1, ".", "0") + `"/>`
	// heap in use above the start: the reader needs a few MiB, garbage the
	// collector has not reached yet (late on a busy machine) a few more; the
	// old reader needed 1.5 GB for the deep file.
	const limit = 32 << 20
	for _, tc := range []struct {
		name      string
		in        func() io.Reader
		good, bad int
		badLine   int
	}{
		{"9.3 million nested elements", func() io.Reader {
			return io.MultiReader(strings.NewReader("<opensudoku>\n"+game+"\n"+game+"\n"),
				&repeated{s: "<a>", n: 9_300_000}, &repeated{s: "</a>", n: 9_300_000}, strings.NewReader("</opensudoku>\n"))
		}, 2, 1, 4},
		{"nested to the limit, over and over", func() io.Reader {
			// opensudoku, then a's, then the game at MaxXMLDepth
			nest := strings.Repeat("<a>", sudokuimp.MaxXMLDepth-2) + game + strings.Repeat("</a>", sudokuimp.MaxXMLDepth-2) + "\n"
			return io.MultiReader(strings.NewReader("<opensudoku>\n"), &repeated{s: nest, n: (8 << 20) / len(nest)}, strings.NewReader("</opensudoku>\n"))
		}, (8 << 20) / (7*(sudokuimp.MaxXMLDepth-2) + len(game) + 1), 0, 0},
	} {
		good, bad, badLine := 0, 0, 0
		var err error
		peak, alloc := heapPeak(func() {
			err = sudokuimp.XML().Read(tc.in(), func(r importers.Record) error {
				if r.Err != nil {
					bad++
					badLine = r.Line
					if !strings.Contains(r.Err.Error(), "nested deeper than") {
						t.Errorf("%s: %v", tc.name, r.Err)
					}
				} else {
					good++
				}
				return nil
			})
		})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if good != tc.good || bad != tc.bad || badLine != tc.badLine {
			t.Errorf("%s: %d good, %d bad (line %d); want %d, %d (line %d)", tc.name, good, bad, badLine, tc.good, tc.bad, tc.badLine)
		}
		t.Logf("%s: heap peak %.1f MiB above the start, %.1f MiB allocated", tc.name, float64(peak)/(1<<20), float64(alloc)/(1<<20))
		if peak > limit {
			t.Errorf("%s: the heap grew %d MiB, want under %d", tc.name, peak>>20, limit>>20)
		}
	}
}
