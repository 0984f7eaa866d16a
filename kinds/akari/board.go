package akari

// board is the immutable precomputed structure of a puzzle: the segments
// (maximal row and column runs of white cells; every white cell lies in one
// row segment and one column segment and sees exactly the cells of both),
// and the clues with their white neighbours. All flat arrays.
type board struct {
	w, h, n  int
	cells    []byte
	rowSeg   []int32 // per cell; -1 for black cells
	colSeg   []int32
	segOff   []int32 // cells of segment s: segCells[segOff[s]:segOff[s+1]]
	segCells []int32
	clueAt   []int32 // clue index per cell, -1
	clueCell []int32
	clueNum  []int8
	clueNb   []int32 // 4 per clue: white neighbours, -1 padded
	cellClue []int32 // 4 per cell: adjacent clue indices, -1 padded
	whites   []int32 // white cells in row-major order
}

func newBoard(p *Puzzle) *board {
	w, h, n := p.W, p.H, p.W*p.H
	b := &board{w: w, h: h, n: n, cells: p.Cells}
	b.rowSeg = make([]int32, n)
	b.colSeg = make([]int32, n)
	b.clueAt = make([]int32, n)
	b.cellClue = make([]int32, 4*n)
	for i := range b.cellClue {
		b.cellClue[i] = -1
	}
	nw := 0
	for _, ch := range p.Cells {
		if ch == White {
			nw++
		}
	}
	b.whites = make([]int32, 0, nw)
	b.segCells = make([]int32, 0, 2*nw)
	b.segOff = make([]int32, 0, 2*nw+1)
	for i := 0; i < n; i++ {
		b.rowSeg[i], b.colSeg[i], b.clueAt[i] = -1, -1, -1
		if p.Cells[i] == White {
			b.whites = append(b.whites, int32(i))
		}
	}
	// row segments
	for r := 0; r < h; r++ {
		for c := 0; c < w; {
			if p.Cells[r*w+c] != White {
				c++
				continue
			}
			s := int32(len(b.segOff))
			b.segOff = append(b.segOff, int32(len(b.segCells)))
			for ; c < w && p.Cells[r*w+c] == White; c++ {
				b.rowSeg[r*w+c] = s
				b.segCells = append(b.segCells, int32(r*w+c))
			}
		}
	}
	for c := 0; c < w; c++ {
		for r := 0; r < h; {
			if p.Cells[r*w+c] != White {
				r++
				continue
			}
			s := int32(len(b.segOff))
			b.segOff = append(b.segOff, int32(len(b.segCells)))
			for ; r < h && p.Cells[r*w+c] == White; r++ {
				b.colSeg[r*w+c] = s
				b.segCells = append(b.segCells, int32(r*w+c))
			}
		}
	}
	b.segOff = append(b.segOff, int32(len(b.segCells)))
	for i := 0; i < n; i++ {
		ch := p.Cells[i]
		if ch < '0' || ch > '4' {
			continue
		}
		q := int32(len(b.clueCell))
		b.clueAt[i] = q
		b.clueCell = append(b.clueCell, int32(i))
		b.clueNum = append(b.clueNum, int8(ch-'0'))
		k := 0
		var nb [4]int32
		for j := range nb {
			nb[j] = -1
		}
		for _, m := range b.neighbours(i) {
			if m >= 0 && p.Cells[m] == White {
				nb[k] = int32(m)
				k++
				for t := 0; t < 4; t++ {
					if b.cellClue[4*m+t] < 0 {
						b.cellClue[4*m+t] = q
						break
					}
				}
			}
		}
		b.clueNb = append(b.clueNb, nb[:]...)
	}
	return b
}

// neighbours returns the 4 orthogonal neighbours (up, left, right, down), -1
// off the grid.
func (b *board) neighbours(i int) [4]int {
	r, c := i/b.w, i%b.w
	nb := [4]int{-1, -1, -1, -1}
	if r > 0 {
		nb[0] = i - b.w
	}
	if c > 0 {
		nb[1] = i - 1
	}
	if c < b.w-1 {
		nb[2] = i + 1
	}
	if r < b.h-1 {
		nb[3] = i + b.w
	}
	return nb
}

func (b *board) seg(s int32) []int32 { return b.segCells[b.segOff[s]:b.segOff[s+1]] }

// dropClue makes clue q a black cell without a number for the generator's
// thinning: no cell lists it any more and its number is negative (which
// every rule over the clues skips). restoreClue(q, num) undoes it.
func (b *board) dropClue(q int32) {
	b.clueNum[q] = -1
	for _, m := range b.clueNb[4*q : 4*q+4] {
		if m < 0 {
			continue
		}
		cc := b.cellClue[4*m : 4*m+4]
		k := 0
		for _, x := range cc {
			if x != q {
				cc[k] = x
				k++
			}
		}
		for ; k < 4; k++ {
			cc[k] = -1
		}
	}
}

func (b *board) restoreClue(q int32, num int8) {
	b.clueNum[q] = num
	for _, m := range b.clueNb[4*q : 4*q+4] {
		if m < 0 {
			continue
		}
		cc := b.cellClue[4*m : 4*m+4]
		for t := range cc {
			if cc[t] < 0 {
				cc[t] = q
				break
			}
		}
	}
}
