package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/kinds/nonogram"
)

// TestNonogramDetected: a Pattern ID and a puzz.link URL are read as
// nonograms without --kind (Akari's Tatham ID shares the WxH: head),
// solve prints the picture, rate the rank in the third column, canon the
// canonical form.
func TestNonogramDetected(t *testing.T) {
	const id = "4x3:1/3/1/1/1/3/1.1"
	p, err := nonogram.Parse(id)
	if err != nil {
		t.Fatal(err)
	}
	sol := p.Solve().Solution
	for _, in := range []string{id, p.URL()} {
		code, out, errs := runCLI(t, in+"\n", "solve")
		if want := id + "\tunique\t" + sol + "\n"; code != 0 || out != want || sol == "" {
			t.Errorf("solve %q: exit %d, %q (stderr %q), want %q", in, code, out, errs, want)
		}
	}
	code, out, errs := runCLI(t, id+"\n", "rate")
	f := strings.Split(strings.TrimSpace(out), "\t")
	if code != 0 || len(f) < 3 || f[2] != "1" {
		t.Errorf("rate: exit %d, %q %s", code, out, errs)
	}
	code, out, _ = runCLI(t, p.Transform(3).TathamID()+"\n", "canon")
	if code != 0 || !strings.Contains(out, p.Canonical()) {
		t.Errorf("canon of the half turn: %q, want %s", out, p.Canonical())
	}
}

// TestNonogramImportExport: the Janko block file, a Pattern ID list, a
// .non file and the Paint-by-Number XML import into one library; every
// export format that holds nonograms writes them, and the tatham and non
// exports read back as the same puzzles.
func TestNonogramImportExport(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.db")
	for _, in := range []string{
		"../../kinds/nonogram/testdata/sample/nonogram_janko_dev_1402.txt",
		"../../data/sample/nonogram_tatham.txt",
		"../../kinds/nonogram/testdata/non/webpbn-6.non",
		"../../kinds/nonogram/testdata/non/webpbn-1.xml",
	} {
		code, out, errs := runCLI(t, "", "import", "--db", lib, in)
		if code != 0 || strings.Contains(errs, "invalid") {
			t.Fatalf("import %s: exit %d, %s %s", in, code, out, errs)
		}
	}
	want := 38 + 10 + 1 + 1
	for _, format := range []string{"tatham", "non", "url", "csv", "json", "pdf"} {
		o := filepath.Join(dir, "out."+format)
		code, _, errs := runCLI(t, "", "export", "--db", lib, "--kind", "nonogram", "--format", format, "-o", o)
		if code != 0 {
			t.Fatalf("export %s: exit %d: %s", format, code, errs)
		}
		b, err := os.ReadFile(o)
		if err != nil || len(b) == 0 {
			t.Fatalf("export %s: %v, %d bytes", format, err, len(b))
		}
		text := string(b)
		switch format {
		case "tatham", "url":
			n := 0
			for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
				if strings.HasPrefix(l, "#") {
					continue
				}
				if _, err := nonogram.Parse(l); err != nil {
					t.Fatalf("%s line %q: %v", format, l, err)
				}
				n++
			}
			if n != want {
				t.Errorf("%s: %d puzzles, want %d", format, n, want)
			}
		case "non":
			if n := strings.Count(text, "\n====\n"); n != want {
				t.Errorf("non: %d puzzles, want %d", n, want)
			}
			// The .nonpack reads back through the import.
			back := filepath.Join(dir, "back.db")
			if code, out, errs := runCLI(t, "", "import", "--db", back, "--format", "non", o); code != 0 || !strings.Contains(out+errs, "50") {
				t.Errorf("re-import: exit %d, %s %s", code, out, errs)
			}
		case "pdf":
			if !strings.HasPrefix(text, "%PDF-") {
				t.Error("not a PDF")
			}
		}
	}
}
