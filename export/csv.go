package export

import (
	"bufio"
	"encoding/csv"
	"io"
	"slices"
	"strconv"
	"strings"

	"pencilbox"
	"pencilbox/engine"
)

// csvWriter writes puzzle, solution, rank, score, clues, source, tags,
// profile, then one column per scale the kinds declare, under its key
// (Sudoku: er, ep, ed; empty where a puzzle has none). The csv importer
// reads the puzzle, checks the solution, takes the tags and keeps the
// other columns as metadata.
type csvWriter struct {
	w      *csv.Writer
	buf    *bufio.Writer
	rec    []string // one row's fields, reused
	scales scaleColumns
}

var csvHeader = []string{"puzzle", "solution", "rank", "score", "clues", "source", "tags", "profile"}

func openCSV(w io.Writer, env *writeEnv) (writer, error) {
	// csv.Writer keeps this buffer rather than its own 4 KiB one: a write
	// system call per 20 rows was a fifth of a large export's writing.
	buf := bufio.NewWriterSize(w, 256<<10)
	c := csv.NewWriter(buf)
	sc := newScaleColumns(env.kinds)
	header := append(slices.Clip(csvHeader), sc.keys...)
	return &csvWriter{w: c, buf: buf, scales: sc, rec: make([]string, len(header))}, c.Write(header)
}

func (c *csvWriter) write(p pencilbox.Puzzle, _ int) error {
	source := ""
	if len(p.Sources) > 0 {
		source = p.Sources[0].Label
	}
	c.rec[0], c.rec[1], c.rec[2], c.rec[3] = p.Givens, p.Solution, strconv.Itoa(p.Rank), strconv.FormatFloat(p.Score, 'f', -1, 64)
	c.rec[4], c.rec[5], c.rec[6], c.rec[7] = strconv.Itoa(p.Clues), source, strings.Join(p.Tags, " "), engine.ProfileString(p.Profile)
	c.scales.fill(c.rec[len(csvHeader):], p)
	return c.w.Write(c.rec)
}

func (c *csvWriter) close() error {
	c.w.Flush()
	if err := c.w.Error(); err != nil {
		return err
	}
	return c.buf.Flush()
}
