package explainer

// plusTable is the "+" memo (Chains.plus, see plusMemo): the working grids
// met in a rating, each with its techniques' answers. A rating meets up to
// MaxInnerMemo grids between clears, and a Go map keyed by the 244-byte
// grid kept its keys in its slots, megabytes of them: most of a look-up
// was the cache miss on the slot's group, then the key's, then the
// answers' own. Here the slots are 8 bytes (a hash tag and an entry's
// index) and an entry holds its grid and answers side by side, so a
// look-up reads a slot and, when the tag matches, one entry.
type plusTable struct {
	slots  []uint64 // tag<<32 | entry index+1; 0: empty (linear probing)
	chunks [][]plusEntry
	n      int // entries
}

// plusEntry is one grid of the memo and its answers.
type plusEntry struct {
	g Grid
	a plusAnswers
}

// plusChunk is the entries of one chunk: chunks are never moved, so an
// entry's answers stay where a caller holds them.
const plusChunk = 1024

// len is the number of grids held.
func (m *plusTable) len() int { return m.n }

// reset empties the table, keeping its memory (a rating starts with an
// empty memo; see Chains.release).
func (m *plusTable) reset() {
	clear(m.slots)
	for k, ch := range m.chunks {
		clear(ch[:min(plusChunk, max(0, m.n-k*plusChunk))])
	}
	m.n = 0
}

// answers returns the answers kept for g, or a new entry for g when there
// is none; a table holding limit grids is emptied first, as the map it
// replaces was (the work a rating charges depends on when).
func (m *plusTable) answers(g *Grid, limit int) *plusAnswers {
	if m.slots == nil {
		size := 16
		for size < 2*limit {
			size *= 2
		}
		m.slots = make([]uint64, size)
	}
	h := gridHash(g)
	tag := h >> 32
	mask := uint64(len(m.slots) - 1)
	i := h & mask
	for {
		s := m.slots[i]
		if s == 0 {
			break
		}
		if s>>32 == tag {
			e := &m.chunks[(s&0xffffffff-1)/plusChunk][(s&0xffffffff-1)%plusChunk]
			if e.g == *g {
				return &e.a
			}
		}
		i = (i + 1) & mask
	}
	if m.n >= limit {
		// a new chunk list: answers handed out before stay as they were
		clear(m.slots)
		m.chunks, m.n = nil, 0
		i = h & mask
	}
	k := m.n
	if k/plusChunk == len(m.chunks) {
		m.chunks = append(m.chunks, make([]plusEntry, plusChunk))
	}
	e := &m.chunks[k/plusChunk][k%plusChunk]
	e.g, e.a = *g, plusAnswers{}
	m.n++
	m.slots[i] = tag<<32 | uint64(k+1)
	return &e.a
}

// gridHash hashes g's candidates (its values are not needed: entries are
// compared whole), four lanes of multiply-xor over the candidates taken
// four at a time, then mixed.
func gridHash(g *Grid) uint64 {
	const m = 0x9e3779b97f4a7c15
	a, b, c, d := uint64(1), uint64(2), uint64(3), uint64(4)
	x := &g.Cand
	for i := 0; i+16 <= 80; i += 16 {
		a = (a ^ (uint64(x[i]) | uint64(x[i+1])<<16 | uint64(x[i+2])<<32 | uint64(x[i+3])<<48)) * m
		b = (b ^ (uint64(x[i+4]) | uint64(x[i+5])<<16 | uint64(x[i+6])<<32 | uint64(x[i+7])<<48)) * m
		c = (c ^ (uint64(x[i+8]) | uint64(x[i+9])<<16 | uint64(x[i+10])<<32 | uint64(x[i+11])<<48)) * m
		d = (d ^ (uint64(x[i+12]) | uint64(x[i+13])<<16 | uint64(x[i+14])<<32 | uint64(x[i+15])<<48)) * m
		a ^= a >> 29
		b ^= b >> 29
		c ^= c >> 29
		d ^= d >> 29
	}
	h := (a ^ uint64(x[80])) * m
	h = (h ^ b) * m
	h = (h ^ c) * m
	h = (h ^ d) * m
	h ^= h >> 32
	h *= m
	return h ^ h>>29
}
