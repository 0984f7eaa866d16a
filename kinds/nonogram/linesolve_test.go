package nonogram_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pencilbox/kinds/nonogram"
)

// bruteLine is the reference: every filling of line consistent with its
// known cells and runs, intersected. ok is false when there is none.
func bruteLine(line []nonogram.Cell, runs []int) (out []nonogram.Cell, ok bool) {
	n := len(line)
	var canF, canE []bool = make([]bool, n), make([]bool, n)
	cells := make([]bool, n)
	for m := 0; m < 1<<n; m++ {
		fits := true
		for x := 0; x < n; x++ {
			cells[x] = m>>x&1 == 1
			if (line[x] == nonogram.CellFilled && !cells[x]) || (line[x] == nonogram.CellEmpty && cells[x]) {
				fits = false
				break
			}
		}
		if !fits || !slices.Equal(runsOf(cells), runs) {
			continue
		}
		ok = true
		for x := 0; x < n; x++ {
			if cells[x] {
				canF[x] = true
			} else {
				canE[x] = true
			}
		}
	}
	if !ok {
		return line, false
	}
	out = slices.Clone(line)
	for x := range out {
		switch {
		case canF[x] && !canE[x]:
			out[x] = nonogram.CellFilled
		case canE[x] && !canF[x]:
			out[x] = nonogram.CellEmpty
		}
	}
	return out, true
}

func runsOf(cells []bool) []int {
	var out []int
	n := 0
	for _, f := range append(slices.Clone(cells), false) {
		if f {
			n++
		} else if n > 0 {
			out = append(out, n)
			n = 0
		}
	}
	return out
}

// TestLineSolverBrute checks the line solver against enumeration on
// random short lines: random clues (some of them impossible for the
// known cells) and random known cells.
func TestLineSolverBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ls nonogram.LineSolver
	for iter := 0; iter < 6000; iter++ {
		n := 1 + rng.IntN(12)
		// runs: from a random picture, so they fit.
		pic := make([]bool, n)
		for x := range pic {
			pic[x] = rng.IntN(2) == 0
		}
		runs := runsOf(pic)
		line := make([]nonogram.Cell, n)
		for x := range line {
			switch rng.IntN(6) {
			case 0:
				line[x] = nonogram.CellFilled
			case 1:
				line[x] = nonogram.CellEmpty
			}
		}
		want, wantOK := bruteLine(line, runs)
		got := slices.Clone(line)
		gotOK := ls.Solve(got, runs)
		if gotOK != wantOK {
			t.Fatalf("line %v runs %v: ok %v, want %v", line, runs, gotOK, wantOK)
		}
		if gotOK && !slices.Equal(got, want) {
			t.Fatalf("line %v runs %v:\n got %v\nwant %v", line, runs, got, want)
		}
		if !gotOK && !slices.Equal(got, line) {
			t.Fatalf("line %v runs %v: changed on a contradiction", line, runs)
		}
	}
}

// TestLineSolverLong: a full line of MaxSize cells, and one run filling
// it.
func TestLineSolverLong(t *testing.T) {
	var ls nonogram.LineSolver
	n := nonogram.MaxSize
	line := make([]nonogram.Cell, n)
	if !ls.Solve(line, []int{n}) {
		t.Fatal("no placement")
	}
	for x, c := range line {
		if c != nonogram.CellFilled {
			t.Fatalf("cell %d not filled", x)
		}
	}
	runs := make([]int, (n+1)/2)
	for i := range runs {
		runs[i] = 1
	}
	line = make([]nonogram.Cell, n)
	if ls.Solve(line, runs) != (n%2 == 1 || len(runs)*2-1 <= n) {
		t.Fatal("alternating runs")
	}
}
