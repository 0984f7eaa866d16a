// Package synth makes large synthetic Sudoku libraries for benchmarks and
// crash tests: each base puzzle (a 17-clue puzzle, say) with one more given
// taken from its solution, in a different cell each time. The output is
// deterministic and every puzzle in it is distinct up to symmetry (they
// are deduplicated on their canonical form).
package synth

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"

	"pencilbox/kinds/sudoku"
)

// base is one usable base puzzle with its solution and its empty cells
// in this base's own (seeded) order.
type base struct {
	g     sudoku.Grid
	sol   sudoku.Grid
	cells []uint8
}

// ReadBases reads line-format puzzles from r (comments and blank lines
// skipped), keeping the ones with a unique solution.
func ReadBases(r io.Reader) ([]sudoku.Grid, error) {
	var out []sudoku.Grid
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		g, err := sudoku.ParseLine(line)
		if err != nil {
			continue
		}
		out = append(out, g)
	}
	return out, sc.Err()
}

// Options tune Generate.
type Options struct {
	N    int    // puzzles to write (fewer when the bases run out)
	Seed uint64 // orders each base's cells
	// Note, when true, ends each line with " plus rXcY" naming the added
	// given (a note the importer keeps and the text search indexes).
	Note bool
}

// Generate writes up to opts.N distinct puzzles to w, one 81-character
// line each: round k adds, to every base in turn, the k-th cell of that
// base's seeded order. It returns how many it wrote.
func Generate(bases []sudoku.Grid, w io.Writer, opts Options) (int, error) {
	var bs []base
	for i, g := range bases {
		n, sol := sudoku.Solve(&g)
		if n != 1 {
			continue
		}
		b := base{g: g, sol: sol}
		for c := range 81 {
			if g[c] == 0 {
				b.cells = append(b.cells, uint8(c))
			}
		}
		rng := rand.New(rand.NewPCG(opts.Seed, uint64(i)))
		rng.Shuffle(len(b.cells), func(x, y int) { b.cells[x], b.cells[y] = b.cells[y], b.cells[x] })
		bs = append(bs, b)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	seen := make(map[[16]byte]struct{}, opts.N)
	written := 0
	workers := runtime.GOMAXPROCS(0)
	type cand struct {
		line  string
		key   [16]byte
		valid bool
	}
	for round := 0; written < opts.N; round++ {
		// This round's candidates, canonicalised on every core.
		cands := make([]cand, len(bs))
		any := false
		var wg sync.WaitGroup
		for wk := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var cz sudoku.Canonicalizer
				for i := wk; i < len(bs); i += workers {
					b := &bs[i]
					if round >= len(b.cells) {
						continue
					}
					c := b.cells[round]
					g := b.g
					g[c] = b.sol[c]
					sum := sha256.Sum256([]byte(cz.Canon(&g)))
					line := g.String()
					if opts.Note {
						line += fmt.Sprintf(" plus r%dc%d", c/9+1, c%9+1)
					}
					cands[i] = cand{line: line, valid: true}
					copy(cands[i].key[:], sum[:16])
				}
			}()
		}
		wg.Wait()
		for _, c := range cands {
			if !c.valid {
				continue
			}
			any = true
			if _, dup := seen[c.key]; dup {
				continue
			}
			seen[c.key] = struct{}{}
			if _, err := bw.WriteString(c.line + "\n"); err != nil {
				return written, err
			}
			if written++; written == opts.N {
				break
			}
		}
		if !any {
			break
		}
	}
	return written, bw.Flush()
}
