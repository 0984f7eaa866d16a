package importers

import (
	"bufio"
	"errors"
	"io"
)

// ErrRecordTooLong is returned by a CapReader's Read when one record (as
// acknowledged by Ack) grows past its limit.
var ErrRecordTooLong = errors.New("record longer than the limit")

// CapReader bounds how much a parser that buffers whole records or tokens
// (encoding/csv, encoding/xml) may read for one of them: after limit bytes
// without an Ack, Read fails with ErrRecordTooLong, so a 500 MB line never
// reaches the parser's buffers. SkipLine resumes after the offending line.
type CapReader struct {
	br    *bufio.Reader
	n     int
	limit int
}

// NewCapReader wraps br with a per-record limit in bytes.
func NewCapReader(br *bufio.Reader, limit int) *CapReader {
	return &CapReader{br: br, limit: limit}
}

func (c *CapReader) Read(p []byte) (int, error) {
	if c.n >= c.limit {
		return 0, ErrRecordTooLong
	}
	if len(p) > c.limit-c.n {
		p = p[:c.limit-c.n]
	}
	k, err := c.br.Read(p)
	c.n += k
	return k, err
}

// Ack starts a new record: the parser has returned one.
func (c *CapReader) Ack() { c.n = 0 }

// SkipLine discards input up to and including the next line end, and
// starts a new record.
func (c *CapReader) SkipLine() error {
	c.n = 0
	for {
		_, err := c.br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			return nil
		}
		return err
	}
}

// Buffered returns r as a *bufio.Reader (itself when it is one) with a
// leading UTF-8 BOM dropped.
func Buffered(r io.Reader) *bufio.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	if b, _ := br.Peek(len(bom)); string(b) == string(bom) {
		br.Discard(len(bom))
	}
	return br
}
