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
//
// Run j can only start where the runs before it fit to its left and the
// runs after it to its right, so each row of the tables is computed only
// in that window (the line's slack wide): O(runs x slack) work, plus
// O(cells) to read and write the line.
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
	unknown := 0
	for x := 0; x < n; x++ {
		e := int16(0)
		switch line[x] {
		case CellEmpty:
			e = 1
		case CellUnknown:
			unknown++
		}
		emp[x+1] = emp[x] + e
		canE[x] = line[x] != CellFilled
	}
	canE[n] = true
	if unknown == 0 {
		return fullLineFits(line, runs)
	}
	// rem: the cells runs j..k-1 need, each with the empty cell after it;
	// the window of row j is [lo_j, n+1-rem_j].
	rem := 0
	for _, L := range runs {
		rem += L + 1
	}
	if rem > n+1 {
		return false
	}

	// Forward: fwd[j][i], i in row j's window.
	f := ls.fwd[:]
	hi := n + 1 - rem
	f[0] = true
	for i := 1; i <= hi; i++ {
		f[i] = f[i-1] && canE[i-1]
	}
	lo := 0
	for j := 1; j <= k; j++ {
		L := runs[j-1]
		row := f[j*W:]
		prev := f[(j-1)*W:]
		lo += L + 1
		hi += L + 1
		v := false // row[i-1], false left of the window
		for i := lo; i <= hi; i++ {
			if !canE[i-1] {
				v = false
			} else if !v {
				s := i - 1 - L
				v = prev[s] && emp[i-1] == emp[s]
			}
			row[i] = v
		}
	}
	if !f[k*W+n+1] {
		return false
	}

	// Backward: bwd[j][i], in the same windows.
	b := ls.bwd[:]
	lo = rem // lo_k: all runs placed
	{
		row := b[k*W:]
		row[n+1] = true
		for i := n; i >= lo; i-- {
			row[i] = canE[i] && row[i+1]
		}
	}
	hi = n + 1
	for j := k - 1; j >= 0; j-- {
		L := runs[j]
		row := b[j*W:]
		next := b[(j+1)*W:]
		lo -= L + 1
		hi -= L + 1
		v := false // row[i+1], false right of the window
		for i := hi; i >= lo; i-- {
			v = canE[i] && v
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
	lo, hi = 0, n+1-rem
	for j := 0; j <= k; j++ {
		fr := f[j*W:]
		br := b[j*W:]
		for i := max(lo, 1); i <= min(hi, n); i++ {
			if fr[i] && br[i] {
				anyE[i-1] = true
			}
		}
		if j == k {
			break
		}
		L := runs[j]
		nx := b[(j+1)*W:]
		for s := lo; s <= hi && s+L <= n; s++ {
			if fr[s] && canE[s+L] && emp[s+L] == emp[s] && nx[s+L+1] {
				diff[s]++
				diff[s+L]--
			}
		}
		lo += L + 1
		hi += L + 1
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

// fullLineFits reports whether a line with every cell known draws runs.
func fullLineFits(line []Cell, runs []int) bool {
	j, n := 0, 0
	for _, c := range line {
		if c == CellFilled {
			n++
			continue
		}
		if n > 0 {
			if j >= len(runs) || runs[j] != n {
				return false
			}
			j++
			n = 0
		}
	}
	if n > 0 {
		if j >= len(runs) || runs[j] != n {
			return false
		}
		j++
	}
	return j == len(runs)
}
