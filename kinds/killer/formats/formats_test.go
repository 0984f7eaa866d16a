package formats_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/importers"
	"pencilbox/internal/shared"
	"pencilbox/kinds/killer"
	killerimp "pencilbox/kinds/killer/formats"
)

func registry() importers.Registry {
	return importers.NewRegistry(engine.Registry{killer.Kind{}}, killerimp.Formats())
}

func readAll(t testing.TB, f importers.Format, in string) []importers.Record {
	t.Helper()
	var recs []importers.Record
	if err := f.Read(strings.NewReader(in), func(r importers.Record) error {
		recs = append(recs, r)
		return nil
	}); err != nil {
		t.Fatalf("%s: Read: %v", f.Name, err)
	}
	return recs
}

// open detects the format of in and reads it.
func open(t testing.TB, in string) (string, []importers.Record) {
	t.Helper()
	f, r, err := importers.Open(strings.NewReader(in), registry(), "")
	if err != nil {
		t.Fatalf("Open(%.40q): %v", in, err)
	}
	var recs []importers.Record
	if err := f.Read(r, func(rec importers.Record) error {
		recs = append(recs, rec)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return f.Name, recs
}

const block = `# a comment
begin
puzzle killer
id 5_4x4
source https://www.janko.at/Raetsel/Sudoku/Killer/005.a.htm
rows 4
cols 4
problem
1 6 7 -
5 - 6 -
- 4 6 -
4 - - 1
1 2 3 3
4 2 5 5
4 6 7 5
8 6 7 9
solution
1 2 3 4
3 4 1 2
2 1 4 3
4 3 2 1
end
`

// TestJanko: a block file is detected and read with its solution (in the
// kind's notation) and meta; a wrong published solution, a block of
// another kind, a broken problem and a missing end are rejected, naming
// the line and the reason.
func TestJanko(t *testing.T) {
	name, recs := open(t, block)
	if name != "killer-janko" || len(recs) != 1 || recs[0].Err != nil {
		t.Fatalf("%s: %+v", name, recs)
	}
	r := recs[0]
	if r.Line != 2 || r.Solution != "1234341221434321" || r.Meta["id"] != "5_4x4" || !strings.HasPrefix(r.Meta["source"], "https://") {
		t.Errorf("record %+v", r)
	}
	p := r.Puzzle.(*killer.Puzzle)
	if res := p.Solve(); res.Status != engine.Unique || res.Solution != r.Solution {
		t.Errorf("solve %v %s", res.Status, res.Solution)
	}
	bad := strings.Replace(block, "4 3 2 1\nend", "4 3 1 2\nend", 1)
	bad += strings.Replace(block, "puzzle killer", "puzzle sudoku", 1)
	bad += strings.Replace(block, "4 - - 1", "4 - - 9", 1)
	bad += strings.Replace(block, "\nend\n", "\n", 1)
	recs = readAll(t, killerimp.Janko(), bad)
	wants := []struct {
		line int
		err  string
	}{
		{2, "published solution (line 18): solution: column 3 holds 1 twice"},
		{24, `is a "sudoku" puzzle`},
		{46, "cage 9 at r4c4: 1 different digits 1-4 cannot add up to 9"},
		{68, "no end line"},
	}
	if len(recs) != len(wants) {
		t.Fatalf("%d records, want %d", len(recs), len(wants))
	}
	for i, w := range wants {
		if recs[i].Line != w.line || recs[i].Err == nil || !strings.Contains(recs[i].Err.Error(), w.err) {
			t.Errorf("record %d: line %d %v, want line %d %q", i, recs[i].Line, recs[i].Err, w.line, w.err)
		}
	}
	if got := recs[0].Error("killer.txt"); !strings.HasPrefix(got, "killer.txt:2: janko: block 5_4x4, published solution (line 18)") {
		t.Errorf("error text %q", got)
	}
}

// sharedFile is a shared file, or the kind's committed sample of it
// (kinds/killer/testdata/sample).
func sharedFile(t testing.TB, rel string) string {
	t.Helper()
	var data []byte
	var err error
	if shared.Dir() != "" {
		data, err = os.ReadFile(shared.Path(t, rel))
	} else {
		data, err = os.ReadFile(filepath.Join("..", shared.SampleDir, filepath.Base(rel)))
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestJankoFile reads the whole Janko file (or the sample): every block
// a puzzle with its checked solution.
func TestJankoFile(t *testing.T) {
	name, recs := open(t, sharedFile(t, "data/killer/killer_janko_dev_486.txt"))
	if name != "killer-janko" || len(recs) < 20 {
		t.Fatalf("%s: %d records", name, len(recs))
	}
	for _, r := range recs {
		if r.Err != nil || r.Puzzle == nil || len(r.Solution) != r.Puzzle.Width()*r.Puzzle.Width() {
			t.Errorf("line %d: %v", r.Line, r.Err)
		}
	}
}

// TestTathamAndTSV: IDs one a line and the Tatham tsv are detected; the
// tsv's solution is checked and its level kept.
func TestTathamAndTSV(t *testing.T) {
	var lines []string
	for _, l := range strings.Split(sharedFile(t, "data/killer/killer_sgt_dev.tsv"), "\n") {
		if l != "" && l[0] != '#' {
			lines = append(lines, l)
		}
	}
	var ids []string
	for _, l := range lines[:4] {
		ids = append(ids, strings.Split(l, "\t")[0])
	}
	name, recs := open(t, strings.Join(ids, "\n")+"\n3x3k:zzzc,_,1\n")
	if name != "killer-tatham" || len(recs) != 5 {
		t.Fatalf("%s: %d records", name, len(recs))
	}
	for i, r := range recs[:4] {
		if r.Err != nil || r.Puzzle.Givens() != strings.SplitN(ids[i], ":", 2)[0][:3]+"k:"+strings.SplitN(ids[i], ":", 2)[1] {
			t.Errorf("line %d: %v %v", r.Line, r.Err, r.Puzzle)
		}
	}
	if recs[4].Err == nil || recs[4].Line != 5 {
		t.Errorf("a bad id: %+v", recs[4])
	}
	head := "# killer\n#game_id\tsolution\tparams\tsize\tlevel_asked\tklevel_asked\ttatham_grade\n"
	f := strings.Split(lines[0], "\t")
	row := strings.Join(f[:7], "\t")
	badSol := strings.Replace(row, f[1], f[1][1:]+f[1][:1], 1)
	name, recs = open(t, head+row+"\n"+badSol+"\n")
	if name != "killer-tsv" || len(recs) != 2 {
		t.Fatalf("%s: %d records", name, len(recs))
	}
	if recs[0].Err != nil || recs[0].Solution != f[1] || recs[0].Meta["level_asked"] != f[4] {
		t.Errorf("row: %+v", recs[0])
	}
	if recs[1].Err == nil || !strings.Contains(recs[1].Err.Error(), "the solution column") {
		t.Errorf("a wrong solution: %v", recs[1].Err)
	}
	// the whole file (or the sample), detected by its header
	name, recs = open(t, sharedFile(t, "data/killer/killer_sgt_dev.tsv"))
	if name != "killer-tsv" || len(recs) != len(lines) {
		t.Fatalf("%s: %d records, want %d", name, len(recs), len(lines))
	}
	for _, r := range recs {
		if r.Err != nil || r.Meta["level_asked"] == "" {
			t.Errorf("line %d: %v %v", r.Line, r.Err, r.Meta)
		}
	}
}

// TestCageLists: several typed lists in one file, one broken.
func TestCageLists(t *testing.T) {
	p, _ := killer.ParseJanko(4, strings.Split(strings.Split(strings.Split(block, "problem\n")[1], "solution")[0], "\n")[:8])
	if p == nil {
		t.Fatal("no puzzle")
	}
	in := "# my killers\n" + p.CageList() + "\n" + strings.Replace(p.CageList(), "1: r1c1\n", "", 1) + "# tags: a b\n" + p.CageList()
	name, recs := open(t, in)
	if name != "cages" || len(recs) != 3 {
		t.Fatalf("%s: %d records", name, len(recs))
	}
	if recs[0].Err != nil || recs[0].Line != 2 || recs[0].Puzzle.Givens() != p.Givens() || recs[2].Err != nil ||
		len(recs[0].Tags) != 0 || strings.Join(recs[2].Tags, " ") != "a b" {
		t.Errorf("records %+v", recs)
	}
	if recs[1].Err == nil || !strings.Contains(recs[1].Err.Error(), "r1c1 in no cage") {
		t.Errorf("broken list: %v", recs[1].Err)
	}
}

// TestJSON: the shared json format carries a killer (its Tatham ID, with
// the cages) and reads it back.
func TestJSON(t *testing.T) {
	_, recs := open(t, block)
	p := recs[0].Puzzle
	line := `{"kind":"killer","puzzle":"` + p.Givens() + `","status":"unique","solution":"1234341221434321"}`
	name, recs := open(t, line+"\n")
	if name != "json" || len(recs) != 1 || recs[0].Err != nil || recs[0].Puzzle.Canonical() != p.Canonical() || recs[0].Solution == "" {
		t.Fatalf("%s: %+v", name, recs)
	}
}

// FuzzFormats: no input crashes a killer format, and every puzzle read
// writes back to itself (Tatham ID and cage list) and solves.
func FuzzFormats(f *testing.F) {
	f.Add(block)
	f.Add("3x3k:zzzc,_,1\n2x2k:p,_________________________,1o")
	f.Add("4x4\n10: r1c1 r1c2 r2c1 r2c2\n10: r1c3 r1c4 r2c3 r2c4\n10: r3c1 r3c2 r4c1 r4c2\n10: r3c3 r3c4 r4c3 r4c4\n")
	f.Add("#game_id\tsolution\tklevel_asked\n2x2k:p,a_a_a_aaa_____aa,6_4a7a3b4_7a3a6b\t1234\tx\n")
	f.Fuzz(func(t *testing.T, in string) {
		for _, fm := range killerimp.Formats() {
			for _, r := range readAll(t, fm, in) {
				if r.Err != nil {
					continue
				}
				p := r.Puzzle.(*killer.Puzzle)
				for _, text := range []string{p.Givens(), p.CageList(), p.Canonical()} {
					q, err := killer.Parse(text)
					if err != nil {
						t.Fatalf("%s: %q does not parse: %v", fm.Name, text, err)
					}
					if text != p.Canonical() && q.Givens() != p.Givens() {
						t.Fatalf("%s: %q reads back as %q", fm.Name, p.Givens(), q.Givens())
					}
				}
				killer.SolveLimit(p, 1000)
			}
		}
	})
}

// TestCageListErrorLine: a broken line of a file's second cage list is
// reported at the file's line, once, as `FILE:LINE: cages: reason` (it
// had been `FILE:START: cage list at line START: cage list line K:`, K
// counted within the list and skipping blank and comment lines).
func TestCageListErrorLine(t *testing.T) {
	in := "4x4\n3: r1c1 r1c2\n" +
		"# a comment\n\n" + // lines 3-4
		"4x4\n" + // line 5
		"3: r1c1 r1c2\n" + // line 6
		"# another\n" + // line 7
		"7: r1c3 r1c4 r9c9\n" // line 8
	recs := readAll(t, killerimp.CageList(), in)
	if len(recs) != 2 {
		t.Fatalf("%d records, want 2", len(recs))
	}
	got := recs[1].Error("k.cages")
	if want := `k.cages:8: cages: cell "r9c9" is off the 4x4 grid`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// An error of the whole list (cells in no cage) stays at its size line.
	if got := recs[0].Error("k.cages"); !strings.HasPrefix(got, "k.cages:1: cages: cage list: ") || !strings.Contains(got, "in no cage") {
		t.Errorf("whole-list error: %s", got)
	}
}

// TestJankoSizeReason: a block's rows or cols out of range says why (it
// had been `janko: line 6: rows "1000000000"`, with no reason).
func TestJankoSizeReason(t *testing.T) {
	recs := readAll(t, killerimp.Janko(), strings.Replace(block, "rows 4", "rows 1000000000", 1))
	if len(recs) != 1 || recs[0].Err == nil || !strings.Contains(recs[0].Err.Error(), `rows "1000000000": a killer is 4x4, 6x6 or 9x9`) {
		t.Fatalf("%+v", recs)
	}
}
