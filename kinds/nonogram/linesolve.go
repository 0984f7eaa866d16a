package nonogram

// Cell is the state of a cell while solving: not yet known, filled or
// empty.
type Cell = uint8

// Cell states.
const (
	CellUnknown Cell = 0
	CellFilled  Cell = 1
	CellEmpty   Cell = 2
)

// lineCols is the width of a row of the line solver's tables: positions
// 0..n+1 of a line of n cells (n is the padding cell, always empty).
const lineCols = MaxSize + 2

// LineSolver is the complete line solver: given a line's known cells and
// its clue it fixes every cell on which all placements of the runs agree
// (filled in all, or empty in all). It is a dynamic programme over
// (runs placed, cells read) from both ends, O(runs x cells) per line, on
// fixed tables reused from line to line: solving a line allocates
// nothing. The zero value is ready to use; it is large (tens of KB), so
// a solver keeps one.
type LineSolver struct {
	// fwd[j*lineCols+i]: cells [0,i) can hold exactly runs 0..j-1 with
	// cell i-1 empty (or i == 0).
	fwd [(maxRuns + 1) * lineCols]bool
	// bwd[j*lineCols+i]: cells [i,n] (n the empty padding cell) can hold
	// exactly runs j..k-1.
	bwd [(maxRuns + 1) * lineCols]bool
	// emp[i]: known-empty cells among [0,i).
	emp [lineCols]int16
	// canE[x]: cell x may be empty (the padding cell n always).
	canE [lineCols]bool
	// diff is a difference array of the cells some placement fills.
	diff [lineCols]int16
	// anyE[x]: cell x is empty in some placement.
	anyE [lineCols]bool
}

// Solve fixes, in place, every unknown cell of line that all placements
// of runs consistent with its known cells agree on, and reports whether
// any placement is consistent (false: the line contradicts its clue;
// line is then unchanged). len(line) is at most MaxSize and runs must fit
// it (New checks clues).
func (ls *LineSolver) Solve(line []Cell, runs []int) bool {
	n := len(line)
	k := len(runs)
	if n > MaxSize || k > maxRuns {
		return false
	}
	const W = lineCols
	emp := &ls.emp
	canE := &ls.canE
	emp[0] = 0
	for x := 0; x < n; x++ {
		e := int16(0)
		if line[x] == CellEmpty {
			e = 1
		}
		emp[x+1] = emp[x] + e
		canE[x] = line[x] != CellFilled
	}
	canE[n] = true

	// Forward: fwd[j][i].
	f := ls.fwd[:]
	f[0] = true
	for i := 1; i <= n+1; i++ {
		f[i] = f[i-1] && canE[i-1]
	}
	lo := 0 // the least i where row j can be true
	for j := 1; j <= k; j++ {
		L := runs[j-1]
		row := f[j*W : j*W+n+2]
		prev := f[(j-1)*W : (j-1)*W+n+2]
		lo += L + 1
		for i := 0; i < lo && i <= n+1; i++ {
			row[i] = false
		}
		for i := lo; i <= n+1; i++ {
			v := false
			if canE[i-1] {
				v = row[i-1]
				if !v {
					s := i - 1 - L
					v = prev[s] && emp[i-1] == emp[s]
				}
			}
			row[i] = v
		}
	}
	if !f[k*W+n+1] {
		return false
	}

	// Backward: bwd[j][i].
	b := ls.bwd[:]
	{
		row := b[k*W : k*W+n+2]
		row[n+1] = true
		for i := n; i >= 0; i-- {
			row[i] = canE[i] && row[i+1]
		}
	}
	hi := n + 1 // the most i where row j can be true
	for j := k - 1; j >= 0; j-- {
		L := runs[j]
		row := b[j*W : j*W+n+2]
		next := b[(j+1)*W : (j+1)*W+n+2]
		hi -= L + 1
		for i := n + 1; i > hi && i >= 0; i-- {
			row[i] = false
		}
		for i := hi; i >= 0; i-- {
			v := canE[i] && row[i+1]
			if !v && canE[i+L] && emp[i+L] == emp[i] {
				v = next[i+L+1]
			}
			row[i] = v
		}
	}

	// Which cells some placement leaves empty, which it fills.
	diff := &ls.diff
	anyE := &ls.anyE
	for x := 0; x <= n; x++ {
		diff[x] = 0
		anyE[x] = false
	}
	for j := 0; j <= k; j++ {
		fr := f[j*W : j*W+n+2]
		br := b[j*W : j*W+n+2]
		for x := 0; x < n; x++ {
			if fr[x+1] && br[x+1] {
				anyE[x] = true
			}
		}
		if j == k {
			break
		}
		L := runs[j]
		nx := b[(j+1)*W : (j+1)*W+n+2]
		for s := 0; s+L <= n; s++ {
			if fr[s] && canE[s+L] && emp[s+L] == emp[s] && nx[s+L+1] {
				diff[s]++
				diff[s+L]--
			}
		}
	}
	acc := int16(0)
	for x := 0; x < n; x++ {
		acc += diff[x]
		if line[x] != CellUnknown {
			continue
		}
		switch {
		case acc > 0 && !anyE[x]:
			line[x] = CellFilled
		case acc == 0 && anyE[x]:
			line[x] = CellEmpty
		}
	}
	return true
}
