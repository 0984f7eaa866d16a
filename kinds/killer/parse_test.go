package killer_test

import (
	"errors"
	"strings"
	"testing"

	"pencilbox/engine"
	"pencilbox/kinds/killer"
)

// small4 is a 4x4 killer with a given and a one-cell cage; its solution
// is 1234/3412/2143/4321.
const small4 = `4x4
# a comment
given: r1c1=1
1: r1c1
6: r1c2 r2c2
7: r1c3 r1c4
5: r2c1 r3c1 
6: r2c3 r2c4 r3c4
4: r3c2 r4c2
4: r4c1
6: r3c3 r4c3
1: r4c4
`

const small4Solution = "1234341221434321"

func TestCageListRoundTrip(t *testing.T) {
	p, err := killer.Parse(small4)
	if err != nil {
		t.Fatal(err)
	}
	if !(killer.Kind{}).Sniff(small4) {
		t.Error("Sniff refuses the cage list")
	}
	if p.N != 4 || p.BoxW != 2 || p.BoxH != 2 || p.Given[0] != 1 || len(p.Sums) != 9 || p.Clues() != 10 {
		t.Errorf("parsed %+v", p)
	}
	if err := p.Check(small4Solution); err != nil {
		t.Fatal(err)
	}
	res := p.Solve()
	if res.Status != engine.Unique || res.Solution != small4Solution {
		t.Errorf("solve: %v %s", res.Status, res.Solution)
	}
	for _, text := range []string{p.CageList(), p.TathamID(), p.Givens()} {
		q, err := killer.Parse(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if q.CageList() != p.CageList() || q.TathamID() != p.TathamID() {
			t.Errorf("round trip of %q gave\n%s", text, q.CageList())
		}
	}
	if !strings.HasPrefix(p.TathamID(), "2x2k:1o,") {
		t.Errorf("tatham id %s", p.TathamID())
	}
}

// TestParseErrors: bad input of each notation is refused with the reason.
func TestParseErrors(t *testing.T) {
	cages := func(lines ...string) string { return "4x4\n" + strings.Join(lines, "\n") }
	full := []string{"10: r1c1 r1c2 r2c1 r2c2", "10: r1c3 r1c4 r2c3 r2c4", "10: r3c1 r3c2 r4c1 r4c2", "10: r3c3 r3c4 r4c3 r4c4"}
	for _, c := range []struct{ text, want string }{
		{"", "empty"},
		{"hello", "not a killer"},
		{"5x5\n3: r1c1", "4x4, 6x6 or 9x9"},
		{cages(full[:3]...), "r3c3, r3c4, r4c3, r4c4 in no cage"},
		{cages(append(full, "3: r1c1")...), "r1c1 is already in the cage of sum 10"},
		{cages("10: r1c1 r1c2 r2c1 r2c2", "10: r1c3 r1c4 r3c3 r3c4", "10: r3c1 r3c2 r4c1 r4c2", "10: r2c3 r2c4 r4c3 r4c4"), "not connected"},
		{cages("11: r1c1 r1c2 r2c1 r2c2", "10: r1c3 r1c4 r2c3 r2c4", "10: r3c1 r3c2 r4c1 r4c2", "10: r3c3 r3c4 r4c3 r4c4"), "cannot add up to 11 (they make 10 to 10)"},
		{cages("10: r1c1 r1c2 r2c1 r2c2 r3c1", "10: r1c3 r1c4 r2c3 r2c4", "10: r3c2 r4c1 r4c2", "10: r3c3 r3c4 r4c3 r4c4"), "has 5 cells"},
		{cages(append(full, "given: r1c1=5")...), "r1c1=D with D 1-4"},
		{cages("x: r1c1"), "sum \"x\""},
		{cages("3: r9c1"), "off the 4x4 grid"},
		{"3x3k:zzzc,__,1", "tatham cages"},
		{"3x2k:zj,_,1", "not supported"},
		{"3x3kj:zzzc,_,1", "jigsaw"},
		{"2x2k:p,_________________________,1o", "the cage at r1c2 has no sum"},
		{"2x2k:p,_________________________,1n", "15 cells, want 16"},
		{"2x2k:p,_________________________,1_2_3_4_5_6_7_8_9_10_11_12_13_14_15_99", "not 1-45"},
		{"2x2k:p,_____,1o", "edges, want 24"},
	} {
		_, err := killer.Parse(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%.40q): %v, want %q", c.text, err, c.want)
		}
	}
}

// TestSniff: the kind's notations are claimed, others not.
func TestSniff(t *testing.T) {
	k := killer.Kind{}
	for _, s := range []string{"3x3k:zzzc,_,1", "2x3kadi:zj,_,3", "  9x9\n12: r1c1 r1c2\n", "killer 6x6\n# c\n3: r1c1"} {
		if !k.Sniff(s) {
			t.Errorf("Sniff(%q) = false", s)
		}
	}
	for _, s := range []string{"", "3x3:zzzc", "10x10:a4b", "9x9\nfoo", strings.Repeat(".", 81), "3x3k:\nabc"} {
		if k.Sniff(s) {
			t.Errorf("Sniff(%q) = true", s)
		}
	}
}

// TestNewNormalForm: cages are renumbered by their first cell, so two
// numberings of one puzzle are equal.
func TestNewNormalForm(t *testing.T) {
	p, err := killer.Parse(small4)
	if err != nil {
		t.Fatal(err)
	}
	cage := make([]int16, 16)
	for i, c := range p.Cage {
		cage[i] = int16(len(p.Sums)-1) - c
	}
	sums := make([]int, len(p.Sums))
	for k, s := range p.Sums {
		sums[len(sums)-1-k] = s
	}
	q, err := killer.New(4, p.Given, cage, sums)
	if err != nil {
		t.Fatal(err)
	}
	if q.TathamID() != p.TathamID() || q.Cage[1] != p.Cage[1] || q.Sums[1] != 6 {
		t.Errorf("renumbered %v %v, want %v %v", q.Cage, q.Sums, p.Cage, p.Sums)
	}
	if _, err := killer.New(4, p.Given, cage, append(sums, 3)); err == nil || !strings.Contains(err.Error(), "no cells") {
		t.Errorf("an unused sum: %v", err)
	}
}

// TestSolveStatuses: multiple (an empty 4x4 in row cages), none (sums not
// adding up to the grid's total, a given clash), and the work limit.
func TestSolveStatuses(t *testing.T) {
	rows := "4x4\n10: r1c1 r1c2 r1c3 r1c4\n10: r2c1 r2c2 r2c3 r2c4\n10: r3c1 r3c2 r3c3 r3c4\n10: r4c1 r4c2 r4c3 r4c4\n"
	p, err := killer.Parse(rows)
	if err != nil {
		t.Fatal(err)
	}
	if r := p.Solve(); r.Status != engine.Multiple || r.Solution != "" {
		t.Errorf("row cages: %v", r.Status)
	}
	if r := killer.SolveLimit(p, 1); r.Status != engine.Unknown || !errors.Is(r.Err, engine.ErrWorkLimit) {
		t.Errorf("limit 1: %v %v", r.Status, r.Err)
	}
	bad, _ := killer.Parse(strings.Replace(rows, "10: r4c1 r4c2", "9: r4c1 r4c2", 1))
	if bad == nil {
		// 9 over four cells is below 1+2+3+4: refused by the parser
		bad, _ = killer.Parse(strings.Replace(rows, "10: r4c1 r4c2 r4c3 r4c4", "3: r4c1 r4c2\n7: r4c3 r4c4", 1))
		bad, _ = killer.Parse(strings.Replace(rows, "10: r4c1 r4c2 r4c3 r4c4", "3: r4c1 r4c2\n6: r4c3 r4c4", 1))
	}
	if bad == nil {
		t.Fatal("no puzzle with a wrong total")
	}
	if r := bad.Solve(); r.Status != engine.None {
		t.Errorf("total 39: %v", r.Status)
	}
	clash, _ := killer.Parse(rows + "given: r1c1=1 r2c1=1\n")
	if r := clash.Solve(); r.Status != engine.None {
		t.Errorf("given clash: %v", r.Status)
	}
}

// TestCombos: the digit sets of a cage.
func TestCombos(t *testing.T) {
	mask := func(ds ...int) uint16 {
		var m uint16
		for _, d := range ds {
			m |= killer.Bit(d)
		}
		return m
	}
	got := killer.Combos(9, 2, 17)
	if len(got) != 1 || got[0] != mask(8, 9) {
		t.Errorf("2-cell 17: %b", got)
	}
	if got := killer.Combos(9, 3, 10); len(got) != 4 {
		t.Errorf("3-cell 10: %d sets, want 4 (127, 136, 145, 235)", len(got))
	}
	if got := killer.Combos(6, 2, 11); len(got) != 1 || got[0] != mask(5, 6) {
		t.Errorf("6x6 2-cell 11: %b", got)
	}
	if got := killer.Combos(4, 2, 8); len(got) != 0 {
		t.Errorf("4x4 2-cell 8: %b", got)
	}
	if lo, hi := killer.SumRange(9, 3); lo != 6 || hi != 24 {
		t.Errorf("SumRange(9,3) = %d, %d", lo, hi)
	}
}
