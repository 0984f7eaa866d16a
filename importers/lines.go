package importers

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// MaxLine is the longest line a reader accepts. A longer line is reported
// as one bad record (ErrLineTooLong) and skipped without being held in
// memory, so a 500 MB line or binary garbage costs at most MaxLine bytes.
const MaxLine = 1 << 20

// MaxRecord bounds the text of one multi-line record (a grid, a CSV row with
// quoted line breaks, an XML token).
const MaxRecord = 4 << 20

// ErrLineTooLong is the reason of a bad record whose line exceeds MaxLine.
var ErrLineTooLong = fmt.Errorf("line longer than %d bytes (skipped)", MaxLine)

var bom = []byte("\ufeff")

// LineReader reads lines one at a time from a stream: it strips a leading
// UTF-8 BOM, the line end (LF or CRLF) and trailing blanks, counts lines,
// and never holds more than MaxLine bytes of a line.
type LineReader struct {
	br   *bufio.Reader
	n    int // number of the line last returned
	acc  []byte
	long bool
	max  int
}

// NewLineReader reads r. A *bufio.Reader is used as is, so a caller that
// peeked at the head can hand over the same reader.
func NewLineReader(r io.Reader) *LineReader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	return &LineReader{br: br, max: MaxLine}
}

// Reader returns the buffered reader positioned after the last line read.
func (lr *LineReader) Reader() *bufio.Reader { return lr.br }

// Line is the 1-based number of the line last returned by Next.
func (lr *LineReader) Line() int { return lr.n }

// Next returns the next line without its end and trailing blanks. The slice
// is valid until the next call. tooLong reports a line longer than MaxLine:
// line then holds only its first bytes. At the end of input err is io.EOF;
// other errors are read errors.
func (lr *LineReader) Next() (line []byte, tooLong bool, err error) {
	lr.acc = lr.acc[:0]
	lr.long = false
	size := 0
	for {
		chunk, err := lr.br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			size += len(chunk)
			if !lr.long {
				if size > lr.max {
					lr.long = true
					lr.acc = append(lr.acc, chunk[:min(len(chunk), 80)]...)
					lr.acc = lr.acc[:min(len(lr.acc), 80)]
				} else {
					lr.acc = append(lr.acc, chunk...)
				}
			}
			continue
		}
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		if err == io.EOF && size == 0 && len(chunk) == 0 {
			return nil, false, io.EOF
		}
		size += len(chunk)
		lr.n++
		if size > lr.max {
			lr.long = true
		}
		switch {
		case lr.long:
			lr.acc = append(lr.acc, chunk[:min(len(chunk), 80)]...)
			line = lr.acc[:min(len(lr.acc), 80)]
		case len(lr.acc) > 0:
			lr.acc = append(lr.acc, chunk...)
			line = lr.acc
		default:
			line = chunk
		}
		if lr.n == 1 {
			line = bytes.TrimPrefix(line, bom)
		}
		return TrimLine(line), lr.long, nil
	}
}

// TrimLine removes a line end and trailing blanks.
func TrimLine(b []byte) []byte {
	for len(b) > 0 {
		switch b[len(b)-1] {
		case '\n', '\r', ' ', '\t':
			b = b[:len(b)-1]
			continue
		}
		break
	}
	return b
}

// IsBlank reports a line of only blanks.
func IsBlank(b []byte) bool {
	return len(bytes.TrimLeft(b, " \t")) == 0
}

// IsComment reports a line whose first non-blank character is '#'.
func IsComment(b []byte) bool {
	b = bytes.TrimLeft(b, " \t")
	return len(b) > 0 && b[0] == '#'
}

// ForLines emits fn's record for each line of r that is neither blank nor
// a comment (see IsComment); a line longer than MaxLine is emitted as a bad
// record directly. A comment line "# tags: a b" gives its tags to the next
// record (pencilbox's own exports write it). It is the loop of every
// one-record-per-line format.
func ForLines(r io.Reader, emit func(Record) error, fn func(n int, line []byte) Record) error {
	lr := NewLineReader(r)
	var tags []string
	for {
		line, long, err := lr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if long {
			if err := emit(TooLong(lr.Line(), line)); err != nil {
				return err
			}
			continue
		}
		if IsBlank(line) {
			continue
		}
		if IsComment(line) {
			if t, ok := TagsComment(line); ok {
				tags = t
			}
			continue
		}
		rec := fn(lr.Line(), line)
		if tags != nil {
			rec.Tags, tags = append(rec.Tags, tags...), nil
		}
		if err := emit(rec); err != nil {
			return err
		}
	}
}

// TagsComment reads a "# tags: a b c" comment line (tags separated by
// blanks or commas). The tags are kept as written: the import checks them
// against the library's limits and rejects, with its line, a record whose
// tags break them.
func TagsComment(line []byte) ([]string, bool) {
	t := bytes.TrimLeft(line, " \t")
	t = bytes.TrimLeft(bytes.TrimPrefix(t, []byte("#")), " \t")
	rest, ok := bytes.CutPrefix(t, []byte("tags:"))
	if !ok {
		return nil, false
	}
	var out []string
	for _, f := range bytes.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' }) {
		out = append(out, string(f))
	}
	return out, true
}

// TooLong is the bad record of a line longer than MaxLine; prefix is its
// beginning, kept as the record's text with "..." appended.
func TooLong(line int, prefix []byte) Record {
	return Record{Line: line, Text: string(prefix) + "...", Err: ErrLineTooLong}
}

// Head returns the first data lines of head (at most n): blank lines and
// comments skipped, line ends and blanks trimmed, BOM removed. The last
// line is dropped when head was cut in its middle (len(head) == HeadSize).
func Head(head []byte, n int) [][]byte {
	head = bytes.TrimPrefix(head, bom)
	cut := len(head) >= HeadSize
	var out [][]byte
	for len(head) > 0 && len(out) < n {
		i := bytes.IndexByte(head, '\n')
		var l []byte
		if i < 0 {
			if cut {
				break
			}
			l, head = head, nil
		} else {
			l, head = head[:i], head[i+1:]
		}
		l = TrimLine(l)
		if IsBlank(l) || IsComment(l) {
			continue
		}
		out = append(out, bytes.TrimLeft(l, " \t"))
	}
	return out
}

// HeadLines is like Head but keeps comment lines (formats whose header
// starts with '#').
func HeadLines(head []byte, n int) [][]byte {
	head = bytes.TrimPrefix(head, bom)
	cut := len(head) >= HeadSize
	var out [][]byte
	for len(head) > 0 && len(out) < n {
		i := bytes.IndexByte(head, '\n')
		var l []byte
		if i < 0 {
			if cut {
				break
			}
			l, head = head, nil
		} else {
			l, head = head[:i], head[i+1:]
		}
		l = TrimLine(l)
		if IsBlank(l) {
			continue
		}
		out = append(out, bytes.TrimLeft(l, " \t"))
	}
	return out
}
