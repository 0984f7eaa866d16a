package export

import (
	"bufio"
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"pencilbox"
	"pencilbox/engine"
)

// csvWriter writes puzzle, solution, rank, score, clues, source, tags,
// profile, er, ep, ed (the second rating; empty where there is none). The csv importer reads the puzzle, checks the solution, takes
// the tags and keeps the other columns as metadata.
type csvWriter struct {
	w   *csv.Writer
	buf *bufio.Writer
	rec [11]string // one row's fields, reused
}

var csvHeader = []string{"puzzle", "solution", "rank", "score", "clues", "source", "tags", "profile", "er", "ep", "ed"}

func openCSV(w io.Writer, _ *writeEnv) (writer, error) {
	// csv.Writer keeps this buffer rather than its own 4 KiB one: a write
	// system call per 20 rows was a fifth of a large export's writing.
	buf := bufio.NewWriterSize(w, 256<<10)
	c := csv.NewWriter(buf)
	return &csvWriter{w: c, buf: buf}, c.Write(csvHeader)
}

func (c *csvWriter) write(p pencilbox.Puzzle, _ int) error {
	source := ""
	if len(p.Sources) > 0 {
		source = p.Sources[0].Label
	}
	c.rec = [11]string{p.Givens, p.Solution, strconv.Itoa(p.Rank), strconv.FormatFloat(p.Score, 'f', -1, 64),
		strconv.Itoa(p.Clues), source, strings.Join(p.Tags, " "), engine.ProfileString(p.Profile),
		tenths(p.Scales[0]), tenths(p.Scales[1]), tenths(p.Scales[2])}
	return c.w.Write(c.rec[:])
}

func (c *csvWriter) close() error {
	c.w.Flush()
	if err := c.w.Error(); err != nil {
		return err
	}
	return c.buf.Flush()
}

// tenths writes a second-rating figure ("7.0"), "" where there is none.
func tenths(v float64) string {
	if v <= 0 {
		return ""
	}
	return engine.FormatTenths(v)
}
