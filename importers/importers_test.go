package importers_test

import (
	"bufio"
	"io"
	"runtime"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/kinds/akari"
	akariimp "pencilbox/kinds/akari/formats"
	"pencilbox/kinds/sudoku"
	sudokuimp "pencilbox/kinds/sudoku/formats"
)

const top1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

func registry() importers.Registry {
	return importers.NewRegistry(engine.Registry{sudoku.Kind{}, akari.Kind{}}, sudokuimp.Formats(), akariimp.Formats())
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", importers.MaxLine+1)
	in := "\ufeffone  \r\ntwo\t\n\n  # comment\r\n" + long + "\nlast"
	lr := importers.NewLineReader(strings.NewReader(in))
	type line struct {
		n    int
		text string
		long bool
	}
	want := []line{{1, "one", false}, {2, "two", false}, {3, "", false}, {4, "  # comment", false}, {5, strings.Repeat("x", 80), true}, {6, "last", false}}
	for _, w := range want {
		l, long, err := lr.Next()
		if err != nil || lr.Line() != w.n || string(l) != w.text || long != w.long {
			t.Fatalf("line %d: got %d %.20q long=%v err=%v, want %.20q long=%v", w.n, lr.Line(), l, long, err, w.text, w.long)
		}
	}
	if _, _, err := lr.Next(); err != io.EOF {
		t.Fatalf("after the last line: %v", err)
	}
	// A small bufio.Reader handed over is used as is.
	lr = importers.NewLineReader(bufio.NewReaderSize(strings.NewReader("abcdefghijklmnopqrstuvwxyz0123456789\nb\n"), 16))
	if l, _, _ := lr.Next(); string(l) != "abcdefghijklmnopqrstuvwxyz0123456789" {
		t.Fatalf("line across small buffer: %q", l)
	}
}

func TestOpen(t *testing.T) {
	reg := registry()
	tests := []struct {
		in, forced, format, err string
	}{
		{"\ufeff" + top1 + "\r\n", "", "line", ""},
		{"https://puzz.link/p?akari/10/10/hcscl.h.idn.i.cgcndg.h.ncs.h\n", "", "url", ""},
		{"6x6:h4g2b0g1h\n", "", "tatham", ""},
		{"6x6:h4g2b0g1h\n", "line", "line", ""},
		{"x", "sudoku-grid", "grid", ""},
		{"x", "akari-grid", "akari-grid", ""},
		{"x", "nope", "", `unknown format "nope" (known: url, json, ids, xml, csv, table, line, grid, tsv, pzprv3, tatham, akari-grid)`},
		{" \r\n\n", "", "", "input is empty"},
		{"\x00\x01\x02binary", "", "", "format not recognised (use --format; known: url, json, ids, xml, csv, table, line, grid, tsv, pzprv3, tatham, akari-grid)"},
	}
	for _, tc := range tests {
		f, r, err := importers.Open(strings.NewReader(tc.in), reg, tc.forced)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Open(%.20q, %q): err %v, want %q", tc.in, tc.forced, err, tc.err)
			}
			continue
		}
		if err != nil || f.Name != tc.format {
			t.Errorf("Open(%.20q, %q) = %q, %v; want %s", tc.in, tc.forced, f.Name, err, tc.format)
			continue
		}
		// The reader starts at the data, BOM removed.
		b, _ := io.ReadAll(r)
		if want := strings.TrimPrefix(tc.in, "\ufeff"); string(b) != want {
			t.Errorf("Open(%.20q): reader gives %.20q", tc.in, b)
		}
	}
}

func TestURLFormatMixesKinds(t *testing.T) {
	in := "# puzz.link URLs of two kinds\r\n" +
		"https://puzz.link/p?akari/10/10/hcscl.h.idn.i.cgcndg.h.ncs.h\r\n" +
		"https://puzz.link/p?sudoku/9/9/4i3m6h8p1j5h9h8j6i7g2n1g27h5g3j4g9n  \r\n" +
		"https://puzz.link/p?nurikabe/5/5/abc\r\n" +
		"https://puzz.link/p?sudoku/9/9/4i3m\r\n" +
		"not a url\r\n" +
		"http://pzv.jp/p.html?lightup/6/6/nekcakbl\r\n"
	reg := registry()
	f, r, err := importers.Open(strings.NewReader(in), reg, "")
	if err != nil || f.Name != "url" || f.Kind != nil {
		t.Fatalf("Open: %q %v", f.Name, err)
	}
	var recs []importers.Record
	if err := f.Read(r, func(rec importers.Record) error { recs = append(recs, rec); return nil }); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		line       int
		kind, text string
	}{
		{2, "akari", "10x10:b2o2hBbBc3jBcB2c2j3cBbBh2oBb"},
		{3, "sudoku", top1},
		{4, "", `url: puzzle type "nurikabe" is not supported (known kinds: sudoku, akari)`},
		{5, "", "url: body ends after 12 of 81 cells"},
		{6, "", "not a puzzle URL (want https://puzz.link/p?TYPE/W/H/BODY)"},
		{7, "akari", "6x6:h4g2b0g1h"},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d", len(recs), len(want))
	}
	for i, w := range want {
		r := recs[i]
		if r.Line != w.line {
			t.Errorf("record %d: line %d, want %d", i, r.Line, w.line)
		}
		if w.kind == "" {
			if r.Err == nil || r.Err.Error() != w.text {
				t.Errorf("record %d: err %v, want %q", i, r.Err, w.text)
			}
			continue
		}
		if r.Err != nil || r.Puzzle.Kind().Name() != w.kind || r.Puzzle.Givens() != w.text {
			t.Errorf("record %d: %v %v, want %s %s", i, r.Puzzle, r.Err, w.kind, w.text)
		}
	}
}

func TestRegistryRejectsDuplicates(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic on two formats named line")
		}
	}()
	importers.NewRegistry(engine.Registry{sudoku.Kind{}}, sudokuimp.Formats(), sudokuimp.Formats())
}

// repeatReader yields n copies of b, then tail.
type repeatReader struct {
	b    byte
	n    int
	tail string
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		if r.tail == "" {
			return 0, io.EOF
		}
		k := copy(p, r.tail)
		r.tail = r.tail[k:]
		return k, nil
	}
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}

// A 256 MB line costs every format a bounded amount of memory, gives bad
// records and lets the good record after it through (XML, which cannot
// resynchronise, stops with one bad record).
func TestHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 256 MB per format")
	}
	reg := registry()
	for _, f := range reg {
		var ms0, ms1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms0)
		bad, good := 0, 0
		err := f.Read(&repeatReader{b: '1', n: 256 << 20, tail: "\n" + top1 + "\n"}, func(r importers.Record) error {
			if r.Err != nil {
				bad++
			} else {
				good++
			}
			return nil
		})
		runtime.ReadMemStats(&ms1)
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
		if bad == 0 {
			t.Errorf("%s: no bad record for a 256 MB line", f.Name)
		}
		if alloc := ms1.TotalAlloc - ms0.TotalAlloc; alloc > 64<<20 {
			t.Errorf("%s: allocated %d MB for a 256 MB line", f.Name, alloc>>20)
		}
		t.Logf("%s: %d bad, %d good, %d MB allocated", f.Name, bad, good, (ms1.TotalAlloc-ms0.TotalAlloc)>>20)
		if f.Name == "line" && good != 1 {
			t.Errorf("line: the good record after the huge line was lost")
		}
	}
}

// Every format reads any bytes without panicking; each record has a puzzle
// or an error, and a line inside the input.
func FuzzFormats(f *testing.F) {
	f.Add([]byte(top1 + "\n"))
	f.Add([]byte("\ufeffquizzes,solutions\r\n\"" + top1 + "\",x\r\n"))
	f.Add([]byte("<opensudoku><game data=\"" + top1 + "\"/></opensudoku>"))
	f.Add([]byte("pzprv3\nlightup\n2\n2\n. #\n1 .\n"))
	f.Add([]byte("#id\tsgt_gameid\nx\t2x2:a1B\n"))
	f.Add([]byte("..|..\n---+---\n#.1\n\n[Puzzle]\n"))
	f.Add([]byte("puzzle,solution,tags\n" + top1 + ",,a\n3x3:1/3/1/1/3/1,010/111/010,b\n3x3:1/x,,\nhello,,\n"))
	reg := registry()
	// and the csv reading the rows of two kinds
	mixed, err := mixedRegistry().Lookup("csv")
	if err != nil {
		f.Fatal(err)
	}
	reg = append(reg, mixed)
	f.Fuzz(func(t *testing.T, in []byte) {
		lines := 1 + strings.Count(string(in), "\n")
		for _, fm := range reg {
			err := fm.Read(strings.NewReader(string(in)), func(r importers.Record) error {
				if (r.Err == nil) == (r.Puzzle == nil) {
					t.Fatalf("%s: record with puzzle %v and err %v", fm.Name, r.Puzzle, r.Err)
				}
				if r.Line < 1 || r.Line > lines {
					t.Fatalf("%s: record line %d outside 1..%d", fm.Name, r.Line, lines)
				}
				return nil
			})
			if err != nil {
				t.Fatalf("%s: %v", fm.Name, err)
			}
		}
	})
}

// FuzzOpen: detection and Open take any bytes (and any forced format name)
// without panicking, and a detected format reads the input to the end.
func FuzzOpen(f *testing.F) {
	f.Add([]byte(top1+"\n"), "")
	f.Add([]byte("\x00\x01\x02\xff"), "")
	f.Add([]byte("https://puzz.link/p?akari/3/3/1\n"), "url")
	f.Add([]byte(`{"kind":"sudoku","puzzle":"`+top1+`"}`+"\n"), "")
	f.Add([]byte("# tags: a b\n"+top1+"\n"), "line")
	reg := registry()
	f.Fuzz(func(t *testing.T, in []byte, forced string) {
		fm, r, err := importers.Open(strings.NewReader(string(in)), reg, forced)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		n := 0
		if err := fm.Read(r, func(rec importers.Record) error {
			n++
			if rec.Err != nil && rec.Err.Error() == "" {
				t.Fatalf("%s: a bad record without a reason", fm.Name)
			}
			// tags are kept as written (the import checks their
			// limits): they come from the input
			size := 0
			for _, tg := range rec.Tags {
				size += len(tg)
			}
			if size > len(in) {
				t.Fatalf("%s: %d bytes of tags from %d of input", fm.Name, size, len(in))
			}
			return nil
		}); err != nil {
			t.Fatalf("%s: %v", fm.Name, err)
		}
		if n > 1+strings.Count(string(in), "\n") {
			t.Fatalf("%s: %d records from %d lines", fm.Name, n, 1+strings.Count(string(in), "\n"))
		}
	})
}
