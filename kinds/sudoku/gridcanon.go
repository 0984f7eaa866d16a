package sudoku

// The minlex form of a full grid, fast. Canonical handles any puzzle
// (empty cells make the relabelling depend on the order of appearance);
// on a solution grid it spends about 5 ms, because every one of the
// 1,296 column orders ties on the first row. A full grid is simpler:
// whatever row and column order is chosen, the relabelling turns the
// first row into 123456789, the second row decides almost everything,
// and once the first band is fixed the other six rows simply sort.

// colOrders lists the 1,296 column orders that keep stacks: output column
// j is source column colOrders[k][j]; colWhere is the inverse, source
// column c's output column.
var colOrders, colWhere = func() (out, inv [1296][9]uint8) {
	k := 0
	for _, st := range perm3 {
		for _, a := range perm3 {
			for _, b := range perm3 {
				for _, c := range perm3 {
					in := [3][3]uint8{a, b, c}
					for s := range 3 {
						for i := range 3 {
							out[k][s*3+i] = st[s]*3 + in[st[s]][i]
						}
					}
					for j, c := range out[k] {
						inv[k][c] = uint8(j)
					}
					k++
				}
			}
		}
	}
	return out, inv
}()

// gridCandidate is a choice of grid (as is or transposed), first band
// with its first two rows, and column order, whose second row is the
// smallest seen.
type gridCandidate struct {
	t      uint8 // 0: the grid, 1: its transpose
	band   uint8 // source band of the output's first band
	r1, r2 uint8 // source rows of output rows 1 and 2
	cols   uint16
}

// FullCanonical is Canonical of a full grid (every cell given; a valid
// solution or not, it only permutes): the same string, several times
// faster. It panics on a grid with an empty cell: callers check.
//
// Row 2 under a column order co reads, at output column j, the label of
// r2's digit there: 1 + the output column of that digit in row 1. With
// f(c) the source column where row 1 holds r2's digit of column c, that
// is 1 + colWhere[f(co[j])]: one lookup a digit, most candidates
// refused after the first one or two.
func FullCanonical(g *Grid) string {
	var grids [2][9][9]uint8
	for r := range 9 {
		for c := range 9 {
			d := g[r*9+c]
			if d == 0 {
				panic("sudoku: FullCanonical of a grid with an empty cell")
			}
			grids[0][r][c], grids[1][c][r] = d, d
		}
	}
	best := uint64(1<<64 - 1)
	var cands []gridCandidate
	for t := range 2 {
		rows := &grids[t]
		for band := range 3 {
			for i := range 3 {
				r1 := band*3 + i
				var pos [10]uint8 // digit -> its column in row r1
				for c := range 9 {
					pos[rows[r1][c]] = uint8(c)
				}
				for j := range 3 {
					if j == i {
						continue
					}
					r2 := band*3 + j
					var f [9]uint8
					for c := range 9 {
						f[c] = pos[rows[r2][c]]
					}
					for k := range colOrders {
						co, where := &colOrders[k], &colWhere[k]
						var code uint64
						c := 0
						for ; c < 9; c++ {
							code = code<<4 | uint64(where[f[co[c]]]+1)
							if code > best>>(4*(8-c)) {
								break
							}
						}
						if c < 9 {
							continue
						}
						if code < best {
							best, cands = code, cands[:0]
						}
						cands = append(cands, gridCandidate{t: uint8(t), band: uint8(band), r1: uint8(r1), r2: uint8(r2), cols: uint16(k)})
					}
				}
			}
		}
	}
	var out, try [81]byte
	for n, cd := range cands {
		cd.complete(&grids[cd.t], &try)
		if n == 0 || string(try[:]) < string(out[:]) {
			out = try
		}
	}
	return string(out[:])
}

// complete writes the smallest grid of candidate cd: its first band's
// three rows, then the other six relabelled and sorted, the band whose
// smallest row is smaller first, each band's rows in order.
func (cd *gridCandidate) complete(rows *[9][9]uint8, out *[81]byte) {
	co := &colOrders[cd.cols]
	var label [10]uint8
	for c := range 9 {
		label[rows[cd.r1][co[c]]] = uint8(c + 1)
	}
	row := func(r int) (s [9]byte) {
		for c := range 9 {
			s[c] = '0' + label[rows[r][co[c]]]
		}
		return s
	}
	band, r1, r2 := int(cd.band), int(cd.r1), int(cd.r2)
	r3 := band*3 + 3 - (r1 - band*3) - (r2 - band*3)
	put := func(at int, s [9]byte) { copy(out[at*9:], s[:]) }
	put(0, row(r1))
	put(1, row(r2))
	put(2, row(r3))
	// the other two bands, each's rows sorted
	var bands [2][3][9]byte
	n := 0
	for b := range 3 {
		if b == band {
			continue
		}
		for i := range 3 {
			bands[n][i] = row(b*3 + i)
		}
		sort3(&bands[n])
		n++
	}
	if string(bands[1][0][:]) < string(bands[0][0][:]) {
		bands[0], bands[1] = bands[1], bands[0]
	}
	for b := range 2 {
		for i := range 3 {
			put(3+b*3+i, bands[b][i])
		}
	}
}

// sort3 sorts three rows.
func sort3(r *[3][9]byte) {
	less := func(a, b int) bool { return string(r[a][:]) < string(r[b][:]) }
	if less(1, 0) {
		r[0], r[1] = r[1], r[0]
	}
	if less(2, 1) {
		r[1], r[2] = r[2], r[1]
		if less(1, 0) {
			r[0], r[1] = r[1], r[0]
		}
	}
}
